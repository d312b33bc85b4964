/**
 * Vehicle identification numbers, pure and safe in the browser: the 17-character VIN every vehicle sold in North
 * America since model year 1981 carries (49 CFR 565). Checks what can be checked without a database: the length, the
 * alphabet (never I, O or Q, which look like 1 and 0), the check digit in position 9, and the model-year code in
 * position 10. Which maker and vehicle a VIN names is the vehicle-data adapter's (services/vehicle-data.server.ts).
 */
import { VIN_MESSAGES } from './messages'
import type { VehicleType } from './plans'

export const VIN_LENGTH = 17

/** One VIN however it is typed: upper case, without spaces ('1hgcm82633a 004352' → '1HGCM82633A004352'). */
export function normalizeVin(raw: string): string {
  return raw.toUpperCase().replace(/\s+/g, '')
}

// Each letter's value in the check-digit sum (digits count as themselves); I, O and Q have none.
const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
} // prettier-ignore
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

/**
 * The check digit a VIN must carry in position 9: each character's value times its position's weight, summed, modulo
 * 11, with 10 written 'X'. Expects 17 characters of the VIN alphabet.
 */
export function vinCheckDigit(vin: string): string {
  let sum = 0
  for (let i = 0; i < VIN_LENGTH; i++) {
    const char = vin[i]!
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[char]!
    sum += value * WEIGHTS[i]!
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

// Position 10: the model year, in a 30-year cycle (1980–2009, then 2010–2039 with the same codes).
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

/** The model years position 10 may mean, oldest first ('A' → [1980, 2010]); [] for a character that is no year code. */
export function modelYearCandidates(vin: string): number[] {
  const index = YEAR_CODES.indexOf(vin[9] ?? '')
  if (index < 0) return []
  return [1980 + index, 2010 + index]
}

/**
 * The model year of a VIN: of the candidates, the one position 7 points to (for cars, trucks and MPVs from model year
 * 2010 on it is a letter, before that a digit), unless that year has not begun yet; then the latest one that has.
 * Model years start up to a year before the calendar year, hence `now`'s year + 1 as the newest possible.
 */
export function vinModelYear(vin: string, now = new Date()): number | null {
  const newest = now.getFullYear() + 1
  const candidates = modelYearCandidates(vin).filter((year) => year <= newest)
  if (candidates.length === 0) return null
  const recentCycle = /[A-Z]/.test(vin[6] ?? '')
  const preferred = recentCycle ? candidates.find((year) => year >= 2010) : candidates.find((year) => year < 2010)
  return preferred ?? candidates[candidates.length - 1]!
}

export type VinCheck = { ok: true; vin: string } | { ok: false; message: string }

/** Checks a typed VIN; `vin` is its normalised form. Each problem has its own message (domain/messages). */
export function checkVin(raw: string): VinCheck {
  const vin = normalizeVin(raw)
  if (/[IOQ]/.test(vin)) return { ok: false, message: VIN_MESSAGES.forbiddenLetters }
  if (!/^[A-Z0-9]*$/.test(vin)) return { ok: false, message: VIN_MESSAGES.characters }
  if (vin.length !== VIN_LENGTH) return { ok: false, message: VIN_MESSAGES.length(vin.length) }
  if (vinCheckDigit(vin) !== vin[8]) return { ok: false, message: VIN_MESSAGES.checkDigit }
  if (modelYearCandidates(vin).length === 0) return { ok: false, message: VIN_MESSAGES.modelYear }
  return { ok: true, vin }
}

/** A plan's class in a sentence ('This VIN is for a truck or SUV, ...'). */
export const VIN_CLASS_WORDS: Record<VehicleType, string> = { car: 'car', trucksuv: 'truck or SUV' }

/** The world manufacturer identifier: the maker's code, the VIN's first three characters. */
export function vinWmi(vin: string): string {
  return vin.slice(0, 3)
}
