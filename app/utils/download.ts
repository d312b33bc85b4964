/**
 * A file the browser saves under `fileName` instead of showing it: a PDF, a CSV, a calendar file, a ZIP. A file of
 * bytes already in hand also says its length, so the browser can show the download's progress. A customer's own file
 * (`privateFile`) is `private, no-store`: no shared cache and no browser cache keeps a copy of someone's documents.
 */
export function fileDownload(
  body: Uint8Array | string | ReadableStream<Uint8Array>,
  { fileName, contentType, privateFile = false }: { fileName: string; contentType: string; privateFile?: boolean },
) {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
  }
  if (body instanceof Uint8Array) headers['Content-Length'] = String(body.length)
  if (privateFile) headers['Cache-Control'] = 'private, no-store'
  return new Response(body instanceof Uint8Array ? new Uint8Array(body) : body, { headers })
}
