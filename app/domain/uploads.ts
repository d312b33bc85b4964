/** Upload limits (DESIGN §6 "Uploads"; SPEC §9 "Photo hint 10MB each"), shared by forms, readers and models. */

/** Each photo or document, checked in the browser and enforced on the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Damage photos on one claim. */
export const MAX_CLAIM_PHOTOS = 10
/** Repair photos a shop attaches when it completes a claim (plus one invoice). */
export const MAX_REPAIR_PHOTOS = 10
/** The three windshield photos setup requires, and how many more a customer may add. */
export const REQUIRED_PHOTO_TYPES = ['head_on', 'inside_drivers', 'inside_passengers'] as const
export type RequiredPhotoType = (typeof REQUIRED_PHOTO_TYPES)[number]
export const MAX_ADDITIONAL_PHOTOS = 10
export const MAX_PHOTO_FILES = REQUIRED_PHOTO_TYPES.length + MAX_ADDITIONAL_PHOTOS
/** The longest original file name we keep (shown to the operator and the shop; the file itself has our own name). */
export const MAX_STORED_FILE_NAME = 200

export function tooLargeMessage(fileName: string) {
  return `Each photo must be 10 MB or smaller. "${fileName}" is larger.`
}
