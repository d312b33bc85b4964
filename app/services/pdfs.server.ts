import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib'

/**
 * The one check an uploaded PDF passes before it is kept (a shop's calibration report). A PDF is stored as sent — it is
 * not re-encoded the way photos are — so what it could do when someone opens it is decided here: it must parse as a
 * PDF, hold nothing that runs (JavaScript, a launched program, an automatic action other than going to a page, an XFA
 * form, whose scripts run in the reader), carry no files inside it, and have no HTML a browser would take for a page
 * (a file that is a PDF and a web page at once). Read by pdf-lib, so names written with #xx escapes and objects
 * packed in compressed object streams are seen as the reader sees them.
 */

export type PdfProblem = 'unreadable' | 'encrypted' | 'script' | 'launch' | 'embedded_file' | 'html'

/**
 * HTML tags that make a browser treat bytes as a page, each followed by what may end a tag name; long enough that the
 * compressed streams of a real PDF do not contain one by chance (a two-letter tag like `<a ` would, in a few MB).
 */
const HTML_MARKERS = /<(?:!doctype|html|head|body|script|iframe|frameset|object|embed|style|title|meta|svg|img|link|base|form)[\s/>]/i

/** Actions a document may run without a person asking for anything but a page of it. */
const HARMLESS_ACTIONS = new Set(['GoTo'])
/** Actions that run code, start programs, load or send data, or open files carried inside: refused wherever they are. */
const SCRIPT_ACTIONS = new Set(['JavaScript', 'RichMediaExecute', 'Rendition', 'ImportData', 'SubmitForm'])
const LAUNCH_ACTIONS = new Set(['Launch', 'GoToE', 'GoToR'])
const SCRIPT_KEYS = new Set(['JS', 'JavaScript', 'XFA'])
const EMBEDDED_KEYS = new Set(['EmbeddedFiles', 'EmbeddedFile', 'EF', 'RichMedia', 'RichMediaContent'])
const EMBEDDED_TYPES = new Set(['EmbeddedFile', 'FileAttachment', 'RichMedia', 'Filespec'])

/** Why a PDF is refused, or null when it may be kept. `bytes` start with `%PDF-` (the caller's test of what it is). */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  // Latin-1 keeps one character per byte, so a tag in the bytes is found whatever encoding the rest is in.
  if (HTML_MARKERS.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) return 'html'
  let document: PDFDocument
  try {
    // An object that does not parse refuses the file: a reader more lenient than pdf-lib could find in it what we skipped.
    // Encryption is asked about after loading (pdf-lib's own error for it is not told apart from the others).
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false, ignoreEncryption: true })
  } catch {
    return 'unreadable'
  }
  // Its strings and streams cannot be read without the password, so what they hold cannot be checked.
  if (document.isEncrypted) return 'encrypted'
  // A report is something to read: a file without a page (or without the catalog that lists them) is not one.
  try {
    if (document.getPageCount() < 1) return 'unreadable'
  } catch {
    return 'unreadable'
  }
  const { context } = document
  // Walked with a list rather than recursion: a file of arrays nested a million deep must not overflow the stack.
  const seen = new Set<PDFObject>()
  const problemIn = (root: PDFObject | undefined): PdfProblem | null => {
    const pending = [root]
    while (pending.length) {
      const object = pending.pop()
      if (!object || seen.has(object)) continue
      seen.add(object)
      if (object instanceof PDFRef) pending.push(context.lookup(object))
      else if (object instanceof PDFArray) pending.push(...object.asArray())
      else {
        const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null
        if (!dict) continue
        const found = dictProblem(dict)
        if (found) return found
        for (const [, value] of dict.entries()) pending.push(value)
      }
    }
    return null
  }
  const dictProblem = (dict: PDFDict): PdfProblem | null => {
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText()
      if (SCRIPT_KEYS.has(name)) return 'script'
      if (EMBEDDED_KEYS.has(name)) return 'embedded_file'
      if (name === 'S' || name === 'Type' || name === 'Subtype') {
        const kind = nameOf(context.lookup(value))
        if (kind && SCRIPT_ACTIONS.has(kind)) return 'script'
        if (kind && LAUNCH_ACTIONS.has(kind)) return 'launch'
        if (kind && EMBEDDED_TYPES.has(kind)) return 'embedded_file'
      }
      // What runs on its own (the document opening, a page shown, a field touched) may only go to a page.
      if (name === 'OpenAction') {
        const found = automaticProblem(context.lookup(value), true)
        if (found) return found
      }
      if (name === 'AA') {
        const actions = context.lookup(value)
        if (!(actions instanceof PDFDict)) return 'script'
        const found = [...actions.entries()].map(([, action]) => automaticProblem(context.lookup(action), false)).find(Boolean)
        if (found) return found
      }
    }
    return null
  }
  /** Why an action that runs without a click is refused: only going to a page of this document (or a destination) is not. */
  const automaticProblem = (action: PDFObject | undefined, destinationAllowed: boolean): PdfProblem | null => {
    if (destinationAllowed && action instanceof PDFArray) return null
    if (!(action instanceof PDFDict)) return 'script'
    const kind = nameOf(context.lookup(action.get(PDFName.of('S'))))
    if (kind && LAUNCH_ACTIONS.has(kind)) return 'launch'
    return kind && HARMLESS_ACTIONS.has(kind) && !action.has(PDFName.of('Next')) ? null : 'script'
  }

  // Every object in the file, reachable or not (a reader may reach what the cross-reference table hides), and the trailer.
  for (const [, object] of context.enumerateIndirectObjects()) {
    const found = problemIn(object)
    if (found) return found
  }
  for (const value of Object.values(context.trailerInfo)) {
    const found = problemIn(value as PDFObject | undefined)
    if (found) return found
  }
  return null
}

function nameOf(object: PDFObject | undefined) {
  return object instanceof PDFName ? object.decodeText() : null
}
