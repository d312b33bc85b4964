/**
 * Reference lists for the vehicle form and the
 * /excluded-vehicles page.
 *
 * Make names are spelled as NHTSA vPIC spells them, in title case (vPIC returns upper case;
 * acronyms such as GMC, AMC and MG stay upper case), so a chosen make can be sent to vPIC's
 * models-for-make-and-year lookup as is. Exception: EXCLUDED_MAKES keep the product's exact spelling.
 */
import type { PlanType } from '~/domain/plans'
import { MIN_VEHICLE_YEAR } from '~/domain/vehicles'

export { isUsStateCode, US_STATES, type UsState } from '~/domain/us-states'

/**
 * 'Popular Makes': the 29 brands most often found on US roads that a Comprehensive plan may cover,
 * alphabetical. None is excluded. Because most of today's mass-market brands number fewer than 29
 * once the luxury brands are out, the list also holds the discontinued brands that still have
 * millions of vehicles on the road (Pontiac, Mercury, Saturn, Oldsmobile, Plymouth, ...).
 */
export const POPULAR_MAKES: readonly string[] = [
  'Buick',
  'Chevrolet',
  'Chrysler',
  'Dodge',
  'Fiat',
  'Ford',
  'GMC',
  'Honda',
  'Hummer',
  'Hyundai',
  'Isuzu',
  'Jeep',
  'Kia',
  'Mazda',
  'Mercury',
  'Mini',
  'Mitsubishi',
  'Nissan',
  'Oldsmobile',
  'Plymouth',
  'Pontiac',
  'Ram',
  'Saturn',
  'Scion',
  'Subaru',
  'Suzuki',
  'Toyota',
  'VinFast',
  'Volkswagen',
]

/**
 * 'All Makes': older and niche brands sold in the US since 1980 (MIN_VEHICLE_YEAR) that are not in
 * POPULAR_MAKES, alphabetical. Exotic and ultra-luxury brands (Bugatti, Maybach, Koenigsegg, ...)
 * are deliberately absent: they belong with the excluded brands in spirit, and leaving them out
 * keeps them off the Comprehensive list.
 */
export const ALL_MAKES: readonly string[] = [
  'AMC',
  'Avanti',
  'Checker',
  'Daewoo',
  'Daihatsu',
  'Datsun',
  'Eagle',
  'Geo',
  'Lancia',
  'Merkur',
  'MG',
  'Peugeot',
  'Renault',
  'Smart',
  'Sterling',
  'Triumph',
  'Yugo',
]

/**
 * Luxury and exotic brands not eligible for Comprehensive plans (the product's exact spelling and order).
 * Listed on /excluded-vehicles. Chip Repair Only plans may still cover them: the terms exclude them from Comprehensive only.
 */
export const EXCLUDED_MAKES: readonly string[] = [
  'Acura',
  'Audi',
  'BMW',
  'Cadillac',
  'Genesis',
  'Infiniti',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Mercedes-Benz',
  'Porsche',
  'Tesla',
  'AC Cars',
  'Alfa Romeo',
  'Aston Martin',
  'Bentley',
  'Ferrari',
  'Fisker',
  'Jaguar',
  'Lamborghini',
  'Lotus',
  'Lucid',
  'Maserati',
  'McLaren',
  'Polestar',
  'Rivian',
  'Rolls-Royce',
  'Saab',
  'Volvo',
]

/** Compares make names ignoring case, spaces and punctuation: 'ROLLS ROYCE' = 'Rolls-Royce'. */
function makeKey(make: string): string {
  return make.toLowerCase().replace(/[^a-z0-9]/g, '')
}

const excludedKeys = new Set(EXCLUDED_MAKES.map(makeKey))

// vPIC's names for makes the lists spell otherwise.
const VPIC_MAKE_NAMES: Record<string, string> = { americanmotors: 'AMC', sterlingmotorcar: 'Sterling' }
const listedMakes = new Map([...POPULAR_MAKES, ...ALL_MAKES, ...EXCLUDED_MAKES].map((make) => [makeKey(make), make]))

/**
 * A make as the lists above spell it ('HONDA' → 'Honda', 'MERCEDES-BENZ' → 'Mercedes-Benz', 'American Motors' → 'AMC'),
 * so a make decoded from a VIN can be chosen in the make dropdown; a make of no list comes back as it is.
 */
export function formMakeName(make: string): string {
  const key = makeKey(make)
  return listedMakes.get(key) ?? VPIC_MAKE_NAMES[key] ?? make
}

/** True when the make is one of EXCLUDED_MAKES (case-insensitive; 'mercedes benz' matches too). */
export function isExcludedMake(make: string): boolean {
  return excludedKeys.has(makeKey(make))
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

/**
 * The make dropdown's two groups for a plan type, each alphabetical (fresh arrays, safe to mutate).
 * - comprehensive: excluded brands removed from both groups.
 * - chip_only: nothing is excluded; the excluded brands are added to `all`.
 * A server action should still check the submitted make with isExcludedMake(), not trust the list.
 */
export function makesFor(planType: PlanType): { popular: string[]; all: string[] } {
  if (planType === 'comprehensive') {
    return {
      popular: POPULAR_MAKES.filter((make) => !isExcludedMake(make)),
      all: ALL_MAKES.filter((make) => !isExcludedMake(make)),
    }
  }
  return {
    popular: [...POPULAR_MAKES],
    all: [...ALL_MAKES, ...EXCLUDED_MAKES].sort(byName),
  }
}

/** True when `make` is offered in the dropdown for this plan type (case-insensitive). */
export function isMakeAllowed(make: string, planType: PlanType): boolean {
  const { popular, all } = makesFor(planType)
  const key = makeKey(make)
  return [...popular, ...all].some((candidate) => makeKey(candidate) === key)
}

/** Oldest model year offered (1980 to the current year). */

/** Model years for the year dropdown: the current year first, down to MIN_VEHICLE_YEAR. */
export function vehicleYears(now: Date = new Date()): number[] {
  const years: number[] = []
  for (let year = now.getFullYear(); year >= MIN_VEHICLE_YEAR; year--) years.push(year)
  return years
}
