/** The damage photos the browser would send: chosen files only (an empty file input sends a nameless, empty part). */
export function chosenPhotos(fields: FormData): File[] {
  return fields.getAll('photos').filter((value): value is File => typeof value !== 'string' && (value.size > 0 || value.name !== ''))
}
