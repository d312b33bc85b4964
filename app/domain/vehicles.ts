/**
 * Vehicle rules, pure and safe in the browser.
 */

/** The oldest model year a plan covers (the year dropdown's last entry and the vehicle form's lower bound). */
export const MIN_VEHICLE_YEAR = 1980

/**
 * One plate, however it is typed: `ABC123`, `abc 123` and `ABC-123` are the same plate. Plates are stored and searched
 * in this form (spaces and dashes are how a plate is printed, not part of it).
 */
export function normalizePlate(plate: string) {
  return plate.toUpperCase().replace(/[\s-]+/g, '')
}

/** The parts of a vehicle its name is made of; any may be missing (a row not filled in yet, a query that left one out). */
export type VehicleNameParts = {
  year?: number | string | null
  make?: string | null
  model?: string | null
  licensePlate?: string | null
  licensePlateState?: string | null
}

/**
 * The vehicle's name as every page, e-mail, PDF, letter and CSV writes it: '2019 Toyota Camry', and with its plate
 * '2019 Toyota Camry (UT ABC123)'. A missing part is left out with its space, so a vehicle with no plate state reads
 * '2019 Toyota Camry (ABC123)' and one with no plate has no brackets.
 */
export function vehicleName(vehicle: VehicleNameParts, options: { withPlate?: boolean } = {}): string {
  const name = [vehicle.year, vehicle.make, vehicle.model].filter(present).join(' ')
  if (!options.withPlate || !present(vehicle.licensePlate)) return name
  const plate = [vehicle.licensePlateState, vehicle.licensePlate].filter(present).join(' ')
  return name ? `${name} (${plate})` : plate
}

const present = (part: number | string | null | undefined): part is number | string =>
  part !== null && part !== undefined && String(part).trim() !== ''
