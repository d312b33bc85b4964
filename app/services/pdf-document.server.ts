import PDFDocument from 'pdfkit'

/**
 * The PDFs we write (the plan documents, the certificate and glass record, paper letters) share their page, their
 * letterhead and the way a labelled fact reads, with pdfkit's built-in Helvetica.
 */

export type PdfDocument = InstanceType<typeof PDFDocument>

/** A US Letter document being written, and its bytes once `doc.end()` is called. */
export function newPdf(options: { margin: number; info: NonNullable<ConstructorParameters<typeof PDFDocument>[0]>['info'] }) {
  const doc = new PDFDocument({ size: 'LETTER', ...options })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, done }
}

/** The brand and the document's title at the top of its first page. */
export function pdfLetterhead(doc: PdfDocument, title: string) {
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#0f5ea8').text('Glass Plan')
  doc.moveDown(0.3).fontSize(16).fillColor('#0f172a').text(title)
}

/** A labelled fact on its own line ('Policy: GP-7KQ4MX'): the label bold and grey, the value plain. */
export function pdfFact(doc: PdfDocument, label: string, value: string) {
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor('#334155')
    .text(`${label}: `, { continued: true })
    .font('Helvetica')
    .fillColor('#0f172a')
    .text(value)
}
