/** The address of a stored upload, served by /files to who may see it (routes/files.$.ts); each path segment encoded. */
export function fileUrl(relPath: string) {
  return `/files/${relPath.split('/').map(encodeURIComponent).join('/')}`
}
