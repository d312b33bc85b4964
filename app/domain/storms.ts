/**
 * Storm mode (docs/decisions/067-storm-mode.md), pure and safe in the browser: the area and days of a declared storm,
 * the storm a claim's damage falls in, and the longer filing window it gives.
 */
import { formatLongDate } from './format'

/** A storm's filing window is set per event, within these bounds (days after the day of the damage). */
export const STORM_FILING_DAYS = { min: 3, max: 90, suggested: 30 } as const

/** The most ZIP codes and prefixes one event lists: a region, not the country. */
export const MAX_STORM_AREA_CODES = 200

/** A code of a storm's area: a five-digit ZIP, or the first three digits shared by every ZIP of a region (681 → 681xx). */
export const AREA_CODE_PATTERN = /^(\d{3}|\d{5})$/

export type StormArea = readonly string[]

export type StormDays = { startsOn: string; endsOn: string }

export type StormWindow = StormDays & { id: string; name: string; area: StormArea; filingDays: number }

/** The codes the operator typed, separated by spaces, commas or new lines, each once, in the order typed. */
export function areaCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))]
}

/** The area as stored: its codes joined by single spaces. */
export function storedArea(codes: StormArea) {
  return codes.join(' ')
}

export function readArea(stored: string): string[] {
  return areaCodes(stored)
}

/** Whether the area covers a ZIP: the ZIP itself, or a prefix it starts with. */
export function areaCovers(area: StormArea, zip: string) {
  return area.some((code) => zip.startsWith(code))
}

/** Two areas overlap when a code of one covers (or is) a code of the other: 681 and 68102, or 68102 twice. */
export function overlappingCode(a: StormArea, b: StormArea): string | null {
  for (const left of a) {
    for (const right of b) {
      if (left.startsWith(right) || right.startsWith(left)) return left.length >= right.length ? left : right
    }
  }
  return null
}

/** Whether two events' days share at least one day (dates as YYYY-MM-DD compare as text). */
export function daysOverlap(a: StormDays, b: StormDays) {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn
}

/** The declared storm a claim's damage falls in: the ZIP where the vehicle is kept in its area, the damage on its days. */
export function stormFor<T extends StormWindow>(events: readonly T[], zip: string | null | undefined, damageDate: string): T | null {
  if (!zip) return null
  return events.find((event) => event.startsOn <= damageDate && damageDate <= event.endsOn && areaCovers(event.area, zip)) ?? null
}

/** A code as the operator and customers read it: 681 → '681xx'. */
export function areaCodeInWords(code: string) {
  return code.length === 3 ? `${code}xx` : code
}

export function areaInWords(area: StormArea) {
  return area.map(areaCodeInWords).join(', ')
}

/** 'June 3, 2026' or 'June 3, 2026 to June 5, 2026'. */
export function stormDaysInWords(days: StormDays) {
  const first = formatLongDate(days.startsOn)
  return days.startsOn === days.endsOn ? first : `${first} to ${formatLongDate(days.endsOn)}`
}

/** The window shown on the claim form: which damage has longer to be claimed, and how long. */
export function stormWindowInWords(event: StormWindow) {
  return `${event.name}: damage on ${stormDaysInWords(event)} to a vehicle kept in ZIP ${areaInWords(event.area)} may be claimed within ${event.filingDays} days.`
}
