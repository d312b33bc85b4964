import { daysApart, isCalendarDay } from './calendar'
import type { ApprovalStatus } from './claims'

/**
 * The reasons a claim is held for a person because its photos or its circumstances look reused or suspicious. A claim
 * with any flag is never approved automatically; the customer is only told the claim is being reviewed.
 */
export const INTEGRITY_FLAG_KINDS = [
  'photo_matches_other_account',
  'photo_matches_setup_photo',
  'photo_matches_own_claim',
  'captured_before_setup',
  'captured_far_from_damage_date',
  'vin_on_other_active_policy',
  'many_claims_from_one_address',
  'many_claims_from_one_network',
  'vehicle_zip_differs',
] as const
export type IntegrityFlagKind = (typeof INTEGRITY_FLAG_KINDS)[number]

/**
 * Photos are compared by a 64-bit perceptual hash (sharp-phash: a DCT of the picture at 32 × 32 grey), written as 16
 * hex digits. Two photos whose hashes differ in at most MATCH_DISTANCE bits are the same picture: re-encoded,
 * resized or cropped by a percent or so it stays within 7 bits, while different windshields lie 16 bits or more apart
 * (tests/unit/photo-integrity.test.ts measures both on real images). Why these numbers:
 * docs/decisions/069-photo-hashes-and-their-band-index.md.
 */
export const HASH_HEX_LENGTH = 16
export const MATCH_DISTANCE = 7

/**
 * The near-neighbour index splits a hash into bands of BAND_WIDTHS bits (top bits first) and finds a photo by any band
 * within PROBE_DEPTH bits of the query's. Two hashes at most MATCH_DISTANCE (7) apart differ in at most two bits in
 * one of the three bands (three bands of three or more differing bits make nine), so every match is found. Each
 * lookup probes a fixed ~720 keys whatever the number of photos, and bands of 21–22 bits keep unrelated photos
 * sharing a key rare (about two a key at 4.5 million photos). Why not four bands of 16 bits probed one bit deep:
 * docs/decisions/071-wider-photo-hash-bands.md; the rows each band is filed as: 083-photo-hash-index-of-small-rows.md.
 * These are the plain form's bands; the oriented form has its own (BAND_LAYOUTS below).
 */
export const BAND_WIDTHS = [21, 21, 22] as const
export const BAND_COUNT = BAND_WIDTHS.length
export const PROBE_DEPTH = Math.floor(MATCH_DISTANCE / BAND_COUNT)
/** A band's key is its number times BAND_SPAN plus its bits: room for the widest band (22 bits, in both forms). */
export const BAND_SPAN = 2 ** Math.max(...BAND_WIDTHS)

/**
 * The two forms a photo is filed in. 'plain' is sharp-phash of the picture as sent (every photo indexed before
 * decision 098); 'oriented' are its oriented hashes (orientedHashes below), which a mirror, a turn, a 3 % crop or a
 * border do not change. Each form's bands have keys of their own (the oriented ones after the plain ones), so a lookup
 * in one form never reads the other's rows, and photo_hashes keys an oriented hash with ORIENTED_KEY_PREFIX.
 */
export type HashForm = 'plain' | 'oriented'

/**
 * Each form's bands: their widths (top bits first) and how many bits deep each is probed. A match is found when, in
 * some band, the two hashes differ in no more bits than that band's depth; that holds for every pair at most
 * MATCH_DISTANCE apart when the depths plus one per band add up to more than MATCH_DISTANCE (a pair missed in every
 * band differs in at least depth + 1 bits in each). The plain form's 2, 2, 2 add up to 9, one more than needed; the
 * oriented form, filed ~2.5 times a photo, spends that slack on a third band probed one bit deep (2 + 1, 2 + 1, 1 + 1
 * = 8): bands of 22, 22 and 20 bits, 529 probes instead of 718 and half the candidate rows (a band probed one deep
 * costs 21 keys, so it can be narrow). docs/decisions/098-photo-reuse-through-edits-and-own-claims.md.
 */
export const BAND_LAYOUTS: Record<HashForm, { widths: readonly number[]; depths: readonly number[]; firstBand: number }> = {
  plain: { widths: BAND_WIDTHS, depths: BAND_WIDTHS.map(() => PROBE_DEPTH), firstBand: 0 },
  oriented: { widths: [22, 22, 20], depths: [2, 2, 1], firstBand: BAND_COUNT },
}
export const ORIENTED_KEY_PREFIX = 'o'
/** How photo_hashes keys a hash of this form. */
export function hashKey(hash: string, form: HashForm) {
  return form === 'oriented' ? `${ORIENTED_KEY_PREFIX}${hash}` : hash
}

/** Capture time this many days away from the stated damage date is worth a person's look. */
export const CAPTURE_DAYS_FROM_DAMAGE = 14
/** Claims filed from one network within CLAIMS_WINDOW_DAYS, counting this one, from which a claim is held. */
export const CLAIMS_FROM_ONE_NETWORK = 4
/** Claims filed by customers of one mailing address within CLAIMS_WINDOW_DAYS, counting this one, from which a claim is held. */
export const CLAIMS_FROM_ONE_ADDRESS = 4
export const CLAIMS_WINDOW_DAYS = 30

/**
 * A picture with no detail (one flat colour: a lens cap, a wall, a test image) has no perceptual hash worth comparing:
 * its DCT is rounding noise, the same for every photo of that colour. It is given this hash instead, which the index
 * neither files nor looks up. A photo counts as blank when its thumbnail's grey levels vary by less than
 * BLANK_STDEV (of 255); any real windshield photo varies by tens.
 */
export const BLANK_HASH = '0000000000000000'
export const BLANK_STDEV = 2

export function isComparable(hash: string | null | undefined): hash is string {
  return Boolean(hash) && hash !== BLANK_HASH
}

export function isPhotoHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{16}$/.test(value)
}

/** The hash as sharp-phash gives it (a string of 64 '0'/'1', most significant first) in 16 hex digits. */
export function hashFromBits(bits: string): string {
  if (!/^[01]{64}$/.test(bits)) throw new Error('A perceptual hash has 64 bits')
  return BigInt(`0b${bits}`).toString(16).padStart(HASH_HEX_LENGTH, '0')
}

/** The set bits of a 32-bit number. */
function bitCount(value: number) {
  let rest = value - ((value >>> 1) & 0x55555555)
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333)
  return (Math.imul((rest + (rest >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

/** How many bits two hashes differ in (in two 32-bit halves: the lookup runs this on every candidate). */
export function hashDistance(a: string, b: string): number {
  const high = parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)
  const low = parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16)
  return bitCount(high) + bitCount(low)
}

/** Where each band of a form starts, counted from the bottom bit. */
const BAND_BELOW: Record<HashForm, number[]> = {
  plain: belowOf(BAND_LAYOUTS.plain.widths),
  oriented: belowOf(BAND_LAYOUTS.oriented.widths),
}
function belowOf(widths: readonly number[]) {
  return widths.map((_, band) => 64 - widths.slice(0, band + 1).reduce((sum, width) => sum + width, 0))
}

/** A band's value within each of the form's band widths, top bits first. */
function bandValues(hash: string, form: HashForm): number[] {
  const value = BigInt(`0x${hash}`)
  return BAND_LAYOUTS[form].widths.map((width, band) => Number((value >> BigInt(BAND_BELOW[form][band]!)) & ((1n << BigInt(width)) - 1n)))
}

/** Every mask of `width` bits with at most `depth` bits set (0 first), made once per width and depth. */
const flipMasks = new Map<string, number[]>()
function masksOf(width: number, depth: number) {
  let masks = flipMasks.get(`${width}:${depth}`)
  if (!masks) {
    masks = [0]
    let frontier = [{ mask: 0, lowest: width }]
    for (let level = 0; level < depth; level++) {
      const next: typeof frontier = []
      for (const { mask, lowest } of frontier) {
        for (let bit = 0; bit < lowest; bit++) next.push({ mask: mask | (1 << bit), lowest: bit })
      }
      masks.push(...next.map((entry) => entry.mask))
      frontier = next
    }
    flipMasks.set(`${width}:${depth}`, masks)
  }
  return masks
}

/** The keys a stored photo is filed under: one per band. */
export function bandKeys(hash: string, form: HashForm = 'plain'): number[] {
  return bandValues(hash, form).map((value, band) => (BAND_LAYOUTS[form].firstBand + band) * BAND_SPAN + value)
}

/**
 * A band row of the index: the band's key, and the hash's other bits (42 to 44 of them, packed top first into one
 * whole number below 2^53, so they travel from SQLite as a plain number). The key and the rest together are the
 * whole hash, so a lookup measures a candidate's distance from the row alone, and a row is ~16 bytes instead of a
 * photo's ids and hex text: the index is a quarter the size and its probes touch a quarter the pages.
 */
export type BandRow = { bandKey: number; rest: number }

/** The bits of the hash outside the band that starts `below` bits from the bottom and is `width` wide. */
function restOf(value: bigint, below: number, width: number) {
  const lower = value & ((1n << BigInt(below)) - 1n)
  return Number(((value >> BigInt(below + width)) << BigInt(below)) | lower)
}

/** The rows a stored photo's hash is filed under: one per band. */
export function bandRows(hash: string, form: HashForm = 'plain'): BandRow[] {
  const value = BigInt(`0x${hash}`)
  const { widths } = BAND_LAYOUTS[form]
  return bandKeys(hash, form).map((bandKey, band) => ({ bandKey, rest: restOf(value, BAND_BELOW[form][band]!, widths[band]!) }))
}

/** The hash a band row stands for (its key's bits put back between the rest's). */
export function hashOfBandRow(row: BandRow): string {
  const keyBand = Math.floor(row.bandKey / BAND_SPAN)
  const form: HashForm = keyBand < BAND_LAYOUTS.oriented.firstBand ? 'plain' : 'oriented'
  const band = keyBand - BAND_LAYOUTS[form].firstBand
  const [below, width] = [BigInt(BAND_BELOW[form][band]!), BigInt(BAND_LAYOUTS[form].widths[band]!)]
  const rest = BigInt(row.rest)
  const lower = rest & ((1n << below) - 1n)
  const upper = rest >> below
  const bits = BigInt(row.bandKey - keyBand * BAND_SPAN)
  return ((upper << (below + width)) | (bits << below) | lower).toString(16).padStart(HASH_HEX_LENGTH, '0')
}

const TWO_32 = 2 ** 32

/**
 * A lookup's candidate rows as two columns, in the same order: the band keys and the rests. The probe returns them so
 * (one row of two JSON arrays) because an array made for each of its ~1,600 candidates at 1,000,000 policies cost
 * about as much CPU as its page reads (docs/decisions/098-photo-reuse-through-edits-and-own-claims.md).
 */
export type CandidateRows = { bandKeys: readonly number[]; rests: readonly number[] }

/** Candidate rows from [band key, rest] pairs (a few rows, as the tests make them). */
export function candidateRows(rows: Iterable<readonly [bandKey: number, rest: number]>): CandidateRows {
  const bandKeys: number[] = []
  const rests: number[] = []
  for (const [bandKey, rest] of rows) {
    bandKeys.push(bandKey)
    rests.push(rest)
  }
  return { bandKeys, rests }
}

/**
 * The hashes among a lookup's candidate rows within MATCH_DISTANCE bits of `hash`, each once with its distance. The
 * lookup runs this on every candidate, so it counts bits on 32-bit pieces of the rows' numbers (no BigInt, no text,
 * nothing made per candidate but the few near ones).
 */
export function nearHashes(hash: string, { bandKeys, rests }: CandidateRows, form: HashForm = 'plain'): Map<string, number> {
  const own = bandRows(hash, form)
  const { firstBand } = BAND_LAYOUTS[form]
  const near = new Map<string, number>()
  for (let at = 0; at < bandKeys.length; at++) {
    const bandKey = bandKeys[at]!
    const rest = rests[at]!
    const query = own[Math.floor(bandKey / BAND_SPAN) - firstBand]!
    const distance =
      // Same band, so the keys differ only in the band's bits.
      bitCount(bandKey ^ query.bandKey) +
      bitCount(Math.floor(rest / TWO_32) ^ Math.floor(query.rest / TWO_32)) +
      bitCount((rest >>> 0) ^ (query.rest >>> 0))
    if (distance > MATCH_DISTANCE) continue
    const found = hashOfBandRow({ bandKey, rest })
    if (!near.has(found)) near.set(found, distance)
  }
  return near
}

/** The keys a lookup probes: each band as it is and with every choice of up to its depth of its bits flipped. */
export function probeKeys(hash: string, form: HashForm = 'plain'): number[] {
  const { widths, depths, firstBand } = BAND_LAYOUTS[form]
  return bandValues(hash, form).flatMap((value, band) =>
    masksOf(widths[band]!, depths[band]!).map((mask) => (firstBand + band) * BAND_SPAN + (value ^ mask)),
  )
}

/**
 * The oriented hashes. sharp-phash thresholds the DCT of a 32 × 32 grey copy at frequencies 1–8 in each direction,
 * and a mirror, a flip or a turn only permutes those coefficients and changes some signs: a left-right mirror negates
 * the odd horizontal frequencies, an upside-down flip the odd vertical ones, and a quarter turn is a flip after
 * swapping the two directions. So the picture is put in one orientation by the two coefficients the hash does not
 * use, the left-right and the top-bottom brightness gradient (frequency 1 in one direction, 0 in the other): swapped so
 * the stronger gradient is left-right, then mirrored and flipped so both are positive. Every copy reached by the eight
 * turns and mirrors comes to the same orientation and the same hash. Where a gradient is near zero, or the two are
 * near equal, an edit's noise could tip the choice, so a stored photo is filed under each orientation within
 * ORIENTATION_MARGIN (of the coefficients' root mean square) of tipping; a lookup probes only its one best choice.
 * The images service trims a uniform border first and also hashes a copy with CROP_TOLERANCE cut from each edge, so a
 * copy cropped that much or framed is found as well (tests/unit/photo-integrity.test.ts, on real images).
 * docs/decisions/098-photo-reuse-through-edits-and-own-claims.md.
 */
export const ORIENTED_SIDE = 32
export const ORIENTATION_MARGIN = 0.5
export const CROP_TOLERANCE = 0.03
const LOW = 8

/** cos((2x + 1) u π / 2N) for x < N and u ≤ LOW: the DCT's basis at the frequencies the hash reads. */
const BASIS = Array.from({ length: ORIENTED_SIDE }, (_, x) =>
  Array.from({ length: LOW + 1 }, (_, u) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * ORIENTED_SIDE))),
)

/** The DCT coefficients [u][v] (u across, v down; 0–8) of a 32 × 32 grey picture given row by row. */
export function lowFrequencies(grey: ArrayLike<number>): number[][] {
  if (grey.length !== ORIENTED_SIDE * ORIENTED_SIDE) throw new Error('The oriented hash reads a 32 × 32 grey picture')
  // Rows first (each row's horizontal frequencies), then down the columns: 2 × 9 × 32 × 32 products, not 9 × 9 × 1024.
  const rows = Array.from({ length: ORIENTED_SIDE }, (_, y) =>
    Array.from({ length: LOW + 1 }, (_, u) => {
      let sum = 0
      for (let x = 0; x < ORIENTED_SIDE; x++) sum += BASIS[x]![u]! * grey[y * ORIENTED_SIDE + x]!
      return sum
    }),
  )
  return Array.from({ length: LOW + 1 }, (_, u) =>
    Array.from({ length: LOW + 1 }, (_, v) => {
      let sum = 0
      for (let y = 0; y < ORIENTED_SIDE; y++) sum += BASIS[y]![v]! * rows[y]![u]!
      return sum
    }),
  )
}

type Orientation = { swap: boolean; mirror: boolean; flip: boolean }

/** The hash of the coefficients as they are after `orientation`, in sharp-phash's bit order and threshold. */
function hashInOrientation(coefficients: number[][], { swap, mirror, flip }: Orientation) {
  const values: number[] = []
  for (let u = 1; u <= LOW; u++) {
    for (let v = 1; v <= LOW; v++) {
      const value = swap ? coefficients[v]![u]! : coefficients[u]![v]!
      values.push((mirror && u % 2 ? -1 : 1) * (flip && v % 2 ? -1 : 1) * value)
    }
  }
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length
  return hashFromBits(values.map((value) => (value > mean ? '1' : '0')).join(''))
}

/**
 * The oriented hashes of a picture's coefficients: the best choice of orientation first, then (for a stored photo)
 * those within ORIENTATION_MARGIN of it. Each once.
 */
export function orientedHashes(coefficients: number[][]): string[] {
  let scale = 0
  for (let u = 1; u <= LOW; u++) for (let v = 1; v <= LOW; v++) scale += coefficients[u]![v]! ** 2
  const margin = ORIENTATION_MARGIN * Math.sqrt(scale / (LOW * LOW))
  const across = coefficients[1]![0]!
  const down = coefficients[0]![1]!
  // The best choice first, its alternatives after: each decision as [best, other?].
  const choices = (best: boolean, close: boolean) => (close ? [best, !best] : [best])
  const hashes = new Set<string>()
  for (const swap of choices(Math.abs(down) > Math.abs(across), Math.abs(Math.abs(down) - Math.abs(across)) < margin)) {
    const [first, second] = swap ? [down, across] : [across, down]
    for (const mirror of choices(first < 0, Math.abs(first) < margin)) {
      for (const flip of choices(second < 0, Math.abs(second) < margin)) hashes.add(hashInOrientation(coefficients, { swap, mirror, flip }))
    }
  }
  return [...hashes]
}

/** The oriented hashes a photo row keeps, as its column holds them (the query hash first). */
export function orientedHashesOfRow(column: string | null | undefined): string[] {
  return column ? column.split(' ').filter(isPhotoHash) : []
}

/**
 * The moment a camera says it took the picture, from EXIF: the wall-clock time as 'YYYY-MM-DDTHH:MM:SS', with the
 * zone offset when the camera wrote one ('+02:00'). Anything else (no EXIF, a broken date, all zeros) is null: no
 * capture time, and no flag for it.
 */
export function captureTimeFromExif(dateTime: unknown, offset?: unknown): string | null {
  if (typeof dateTime !== 'string') return null
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(dateTime.trim())
  if (!match) return null
  const [, year, , , hour, minute, second] = match.map(Number) as number[]
  if (year! < 1990 || !isCalendarDay(`${match[1]}-${match[2]}-${match[3]}`) || hour! > 23 || minute! > 59 || second! > 59) return null
  const wallClock = match[0].slice(0, 19).replace(/^(\d{4})[:-](\d{2})[:-](\d{2})[ T]/, '$1-$2-$3T')
  return typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? `${wallClock}${offset.trim()}` : wallClock
}

/** The camera's make and model as one short line ('Apple iPhone 15'), or null. */
export function cameraFromExif(make: unknown, model: unknown): string | null {
  const clean = (value: unknown) => (typeof value === 'string' ? value.replace(/[\u0000-\u001f]/g, '').trim() : '')
  const [brand, name] = [clean(make), clean(model)]
  const camera = name.toLowerCase().startsWith(brand.toLowerCase()) ? name : `${brand} ${name}`.trim()
  return camera ? camera.slice(0, 100) : null
}

/** The calendar day of a capture time (its wall clock's date, where the picture was taken). */
export function captureDay(capturedAt: string) {
  return capturedAt.slice(0, 10)
}

/**
 * A damage photo taken before the policy's setup photos: the damage may predate the cover. A day's grace, because
 * the camera's day is the customer's local day and the setup day is a UTC day.
 */
export function capturedBeforeSetup(capturedAt: string, setupDay: string) {
  return daysApart(captureDay(capturedAt), setupDay) > 1 && captureDay(capturedAt) < setupDay
}

export function capturedFarFromDamageDate(capturedAt: string, damageDate: string) {
  return daysApart(captureDay(capturedAt), damageDate) > CAPTURE_DAYS_FROM_DAMAGE
}

export type PhotoSource = 'setup' | 'claim' | 'shop'

/** The reasons the operator reads, one per flag. */
export const flagReasons = {
  photoMatchesOtherAccount: (photo: string, other: { policyNumber: string; source: PhotoSource }, distance: number) =>
    `${photo} is the same picture as a ${SOURCE_WORDS[other.source]} of policy ${other.policyNumber}, another customer's (${distance} of 64 bits differ).`,
  photoMatchesSetupPhoto: (photo: string, distance: number) =>
    `${photo} is the same picture as one of this policy's setup photos, sent as damage (${distance} of 64 bits differ).`,
  photoMatchesOwnClaim: (photo: string, other: { policyNumber: string; source: PhotoSource; samePolicy: boolean }, distance: number) =>
    `${photo} is the same picture as a ${SOURCE_WORDS[other.source]} ${other.samePolicy ? 'of another claim on this policy' : `of this customer's other policy ${other.policyNumber}`} (${distance} of 64 bits differ).`,
  capturedBeforeSetup: (photo: string, capturedAt: string, setupDay: string) =>
    `${photo} was taken on ${captureDay(capturedAt)}, before the policy's setup photos (${setupDay}): the damage may predate the cover.`,
  capturedFarFromDamageDate: (photo: string, capturedAt: string, damageDate: string) =>
    `${photo} was taken on ${captureDay(capturedAt)}, more than ${CAPTURE_DAYS_FROM_DAMAGE} days from the damage date given (${damageDate}).`,
  vinOnOtherActivePolicy: (vin: string, policyNumbers: string[]) =>
    `The vehicle's VIN ${vin} is also on active policy ${policyNumbers.join(', ')}.`,
  manyClaimsFromOneAddress: (count: number) =>
    `${count} claims were filed by customers of the same mailing address in the last ${CLAIMS_WINDOW_DAYS} days.`,
  manyClaimsFromOneNetwork: (count: number) => `${count} claims were filed from the same network in the last ${CLAIMS_WINDOW_DAYS} days.`,
  vehicleZipDiffers: (given: string, onFile: string) =>
    `The ZIP given with the claim (${given}) is not the vehicle's ZIP on file (${onFile}): a declared storm's window was read for ${onFile} only.`,
} as const

const SOURCE_WORDS: Record<PhotoSource, string> = { setup: 'setup photo', claim: 'damage photo', shop: "shop's photo" }

/** What the operator's claim page calls each kind of flag. */
export const FLAG_LABELS: Record<IntegrityFlagKind, string> = {
  photo_matches_other_account: "Photo seen on another customer's policy",
  photo_matches_setup_photo: 'Damage photo is a setup photo',
  photo_matches_own_claim: "Photo already sent on this customer's claims",
  captured_before_setup: 'Photo taken before setup',
  captured_far_from_damage_date: 'Photo taken far from the damage date',
  vin_on_other_active_policy: 'VIN on another active policy',
  many_claims_from_one_address: 'Many claims from one address',
  many_claims_from_one_network: 'Many claims from one network',
  vehicle_zip_differs: 'ZIP differs from the one on file',
}

/**
 * What the claim page's heading says of the integrity checks' flags: 'held' while a flagged claim waits for the
 * operator's decision, 'flagged' (in the past) once it is decided, nothing for a claim without flags.
 */
export function integrityBadge(status: ApprovalStatus, flagCount: number): 'held' | 'flagged' | null {
  if (!flagCount) return null
  return status === 'pending_review' ? 'held' : 'flagged'
}
