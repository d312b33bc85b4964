import type { VehicleType } from '~/domain/plans'
import { vinModelYear, vinWmi } from '~/domain/vin'

import patternData from './vin-patterns.json'
import data from './vin-wmi.json'

/**
 * Bundled world manufacturer identifiers (a VIN's first three characters), built from NHTSA vPIC's public-domain
 * database by app/cli/build-vehicle-models.ts, for decoding a VIN when vPIC can't be reached.
 * Shape: { [wmi]: [class, make, ...] }: the class vPIC files the WMI under ('car', or 'trucksuv' for its trucks and
 * MPVs), then its makes in vPIC's spelling; several when one WMI serves several makes ('1N4': Infiniti and Nissan).
 * About 16 kB: import it from server code only, so it stays out of the browser bundle.
 */
const wmis = data as unknown as Readonly<Record<string, readonly [VehicleType, ...string[]]>>

/**
 * vPIC's Model patterns per WMI, from the same script: which make and model a VIN's characters 4-8 and 11-17 name,
 * in which model years. Shape: { names: ['Make|Model', ...], wmis: { [wmi]: ['<pattern> [<years>] <name index>'] } },
 * a pattern in vPIC's notation over those twelve characters ('****K': position 8 is K; '[GS]K1'), the years as two
 * digits ('96-04,07' is 1996-2004 and 2007; none: every year). About 285 kB, server code only like the table above.
 * How it is built and why it is trusted: docs/decisions/101-offline-vin-make-and-model.md.
 */
const patterns = patternData as unknown as { names: readonly string[]; wmis: Readonly<Record<string, readonly string[]>> }

type ModelPattern = { match: RegExp; years: ReadonlySet<number> | null; make: string; model: string }

const twoDigitYear = (digits: string) => {
  const year = Number(digits)
  return year >= 80 ? 1900 + year : 2000 + year
}

function parsePattern(line: string): ModelPattern {
  const parts = line.split(' ')
  const [pattern, name] = [parts[0]!, parts[parts.length - 1]!]
  let years: Set<number> | null = null
  if (parts.length === 3) {
    years = new Set()
    for (const range of parts[1]!.split(',')) {
      const [from, to = from] = range.split('-').map(twoDigitYear)
      for (let year = from!; year <= to!; year++) years.add(year)
    }
  }
  const [make, model] = patterns.names[Number(name)]!.split('|') as [string, string]
  return { match: new RegExp(`^${pattern.replaceAll('*', '.')}`), years, make, model }
}

// Parsed on first use of each WMI: most lookups need one or two of the 479.
const parsed = new Map<string, readonly ModelPattern[]>()
function patternsOf(wmi: string): readonly ModelPattern[] {
  let list = parsed.get(wmi)
  if (!list) parsed.set(wmi, (list = (patterns.wmis[wmi] ?? []).map(parsePattern)))
  return list
}

/**
 * What a VIN says without vPIC: the model year (position 10, see domain/vin), the class from the WMI, and the make and
 * model from vPIC's patterns: the make when every pattern the VIN matches names one make the WMI is filed under (or,
 * when none matches, when the WMI has one make only), the model when they all name one model. Patterns that disagree
 * leave it blank rather than guess (`makes` lists the WMI's makes). Null for a WMI this table does not know (a make
 * the plans do not cover, or a maker vPIC lists under a six-character code).
 */
export function decodeVinOffline(
  vin: string,
  now = new Date(),
): { year: number | null; make: string | null; makes: string[]; model: string | null; vehicleType: VehicleType } | null {
  const wmi = vinWmi(vin)
  const entry = wmis[wmi]
  if (!entry) return null
  const [vehicleType, ...makes] = entry
  const year = vinModelYear(vin, now)
  const key = vin.slice(3, 8) + vin.slice(10)
  const matches = patternsOf(wmi).filter((pattern) => (!year || !pattern.years || pattern.years.has(year)) && pattern.match.test(key))
  const matchedMakes = new Set(matches.map((pattern) => pattern.make))
  const matchedModels = new Set(matches.map((pattern) => `${pattern.make}|${pattern.model}`))
  let make: string | null = null
  if (matches.length === 0) make = makes.length === 1 ? makes[0]! : null
  else if (matchedMakes.size === 1) make = makes.find((name) => matchedMakes.has(name)) ?? null
  const model = make && matchedModels.size === 1 ? matches[0]!.model : null
  return { year, make, makes, model, vehicleType }
}
