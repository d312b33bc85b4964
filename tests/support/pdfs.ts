import { PDFDocument as PdfLibDocument, PDFName, PDFString } from 'pdf-lib'
import PDFKit from 'pdfkit'

/** A plain one-page report made by pdfkit (what a shop's calibration tool produces): it passes every check. */
export async function cleanPdf(text = 'Calibration report: static calibration, forward camera, passed.') {
  const document = new PDFKit({ size: 'LETTER' })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise((resolve) => document.on('end', resolve))
  document.text(text)
  document.end()
  await ended
  return Buffer.concat(chunks)
}

/** A clean PDF whose catalog runs JavaScript when it is opened (an /OpenAction of /S /JavaScript). */
export async function pdfWithOpenActionScript() {
  const document = await PdfLibDocument.load(await cleanPdf())
  document.catalog.set(
    PDFName.of('OpenAction'),
    document.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hello")') }),
  )
  return Buffer.from(await document.save())
}

/** A clean PDF that is also a web page: an HTML document in a comment after the header, which browsers sniff as a page. */
export async function polyglotPdf() {
  const pdf = await cleanPdf()
  const afterHeader = pdf.indexOf(0x0a) + 1
  return Buffer.concat([
    pdf.subarray(0, afterHeader),
    Buffer.from('%<html><body><script>document.title = "pwned"</script></body></html>\n', 'latin1'),
    pdf.subarray(afterHeader),
  ])
}
