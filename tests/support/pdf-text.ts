import { createRequire } from 'node:module'
import path from 'node:path'

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

const STANDARD_FONTS = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/')

/** The text of every page of a PDF, read with pdf.js (what a PDF reader shows); throws on a file that is not a PDF. */
export async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS }).promise
  const pages: string[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''))
  }
  return pages.join('\n')
}
