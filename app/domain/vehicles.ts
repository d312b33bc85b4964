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
