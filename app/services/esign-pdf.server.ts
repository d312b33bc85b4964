import { newPdf, pdfFact, pdfLetterhead } from './pdf-document.server'

/**
 * The electronic-delivery disclosure as a PDF, with the code the consent step asks for: opening it is the customer's
 * proof that they can read the PDFs their contract and notices come as (app/models/people/esign-code.server.ts).
 */
export async function esignDisclosurePdf(input: {
  version: string
  sections: { heading: string; text: string }[]
  code: string
  company: string
}): Promise<Buffer> {
  const { doc, done } = newPdf({
    margin: 60,
    info: { Title: 'Electronic delivery: what it means', Author: input.company, Subject: `E-SIGN disclosure ${input.version}` },
  })
  pdfLetterhead(doc, 'Electronic delivery: what it means')
  doc.moveDown(0.8)
  doc.font('Helvetica').fontSize(10.5).fillColor('#1e293b')
  doc.text(
    'You opened this PDF: your device can show the PDFs your contract and notices come as. To show it, type this code on the signup page, next to the agreement to electronic delivery.',
    { lineGap: 2 },
  )
  doc.moveDown(0.6)
  pdfFact(doc, 'Your code', input.code)
  for (const section of input.sections) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#0f172a').text(section.heading)
    doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor('#1e293b').text(section.text, { lineGap: 2 })
  }
  doc.moveDown(0.8).font('Helvetica').fontSize(9).fillColor('#475569').text(`Disclosure version ${input.version}.`)
  doc.end()
  return done
}
