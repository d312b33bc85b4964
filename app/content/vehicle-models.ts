import data from './vehicle-models.json'

/**
 * Bundled make → model → model-year data, built from NHTSA vPIC's public-domain database by
 * app/cli/build-vehicle-models.ts. Used when vPIC can't be reached (VPIC_URL=off or vPIC down).
 * Shape: { [make]: { [model]: [from, to, from2, to2, ...] } }, inclusive model-year ranges; more than one pair when a
 * model has gaps (Ford Ranger 1982–2011 and 2019 on). Only passenger cars, trucks and MPVs; model years 1980..2027.
 * About 55 kB: import it from server code only, so it stays out of the browser bundle.
 */
type YearRanges = readonly number[]
type BundledData = Readonly<Record<string, Readonly<Record<string, YearRanges>>>>

const models = data as unknown as BundledData

const byName = (a: string, b: string) => a.localeCompare(b, 'en') || (a < b ? -1 : a > b ? 1 : 0)

/** Compares make names ignoring case, spaces and punctuation, as app/content/vehicles.ts does: 'mercedes benz'. */
const makeKey = (make: string) => make.toLowerCase().replace(/[^a-z0-9]/g, '')

// Names the make dropdown may use for a make the bundled data spells the vPIC way.
const MAKE_ALIASES: Record<string, string> = { amc: 'American Motors', sterling: 'Sterling Motor Car' }

const makesByKey = new Map(Object.keys(models).map((make) => [makeKey(make), make]))
for (const [alias, make] of Object.entries(MAKE_ALIASES)) if (make in models) makesByKey.set(alias, make)

function coversYear(ranges: YearRanges, year: number): boolean {
  for (let i = 0; i + 1 < ranges.length; i += 2) {
    if (year >= ranges[i] && year <= ranges[i + 1]) return true
  }
  return false
}

/**
 * Model names of a make in a model year, sorted by name, without duplicates; [] for an unknown make or a year with no
 * data. The make matches ignoring case, spaces and punctuation ('FORD', 'mercedes benz').
 */
export function bundledModels(make: string, year: number): string[] {
  const makeName = makesByKey.get(makeKey(make))
  if (!makeName || !Number.isInteger(year)) return []
  const seen = new Set<string>()
  const names: string[] = []
  for (const [model, ranges] of Object.entries(models[makeName])) {
    const key = model.toLowerCase()
    if (seen.has(key) || !coversYear(ranges, year)) continue
    seen.add(key)
    names.push(model)
  }
  return names.sort(byName)
}

/** Every make in the bundled data, in display spelling ('Ford', 'Mercedes-Benz'), sorted by name. */
export function bundledMakes(): string[] {
  return Object.keys(models).sort(byName)
}
