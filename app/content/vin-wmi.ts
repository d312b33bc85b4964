import type { VehicleType } from '~/domain/plans'
import { vinModelYear, vinWmi } from '~/domain/vin'

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
 * What a VIN says without vPIC: the model year (position 10, see domain/vin), and from the WMI the class and the make
 * when the WMI belongs to one make only (`makes` lists them all). Never the model: that needs vPIC's per-maker
 * patterns, so the customer picks it from the list. Null for a WMI this table does not know (a make the plans do not
 * cover, or a maker vPIC lists under a six-character code).
 */
export function decodeVinOffline(
  vin: string,
  now = new Date(),
): { year: number | null; make: string | null; makes: string[]; vehicleType: VehicleType } | null {
  const entry = wmis[vinWmi(vin)]
  if (!entry) return null
  const [vehicleType, ...makes] = entry
  return { year: vinModelYear(vin, now), make: makes.length === 1 ? makes[0]! : null, makes, vehicleType }
}
