import { type DisclosureBlock, DISCLOSURES_HEADING } from '~/content/disclosures'
import type { LegalDocument } from '~/content/legal'
import { formatDateTime, formatLongDate } from '~/domain/format'

import { newPdf, pdfFact, pdfLetterhead } from './pdf-document.server'

/**
 * What the PDF prints, declared here so the document depends on nothing above it: the contract model
 * (app/models/policies/contract.server.ts `policyContract`) returns a value of this shape.
 */
export type ContractDocument = {
  policyNumber: string
  company: string
  planName: string
  vehicleClass: string | null
  hasAdas: boolean | null
  price: { label: string; text: string }
  billing: string
  purchasedAt: string
  commitmentEndsAt: string | null
  commitmentEndsLabel: string
  vehicle: string | null
  vin: string | null
  customer: { name: string | null; email: string }
  canceledAt: string | null
  renewal: string[]
  cancelling: string[]
  disclosures: DisclosureBlock[]
  terms: { version: string; acceptedAt: string | null; lastUpdated: string | null; document: LegalDocument | null }
  arbitration: { optedOutAt: string | null; windowEndsAt: string; open: boolean }
}

/**
 * The contract page as a PDF: the same facts, renewal and cancel wording, disclosures, arbitration standing and
 * the full text of the terms version the customer accepted. pdfkit with its built-in Helvetica: no font files, no
 * browser, a few milliseconds per document.
 */
export async function contractPdf(contract: ContractDocument, now = new Date()): Promise<Buffer> {
  const { doc, done } = newPdf({
    margin: 60,
    info: {
      Title: `Plan documents — policy ${contract.policyNumber}`,
      Author: contract.company,
      Subject: `${contract.planName}, Terms of Service version ${contract.terms.version}`,
      CreationDate: now,
    },
  })

  const heading = (text: string, size = 14) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(size).fillColor('#0f172a').text(text)
  const bodyIn = (font: 'Helvetica' | 'Helvetica-Bold') => (text: string) =>
    doc.moveDown(0.35).font(font).fontSize(10.5).fillColor('#1e293b').text(text, { lineGap: 2 })
  const body = bodyIn('Helvetica')
  const fact = (label: string, value: string) => pdfFact(doc, label, value)

  pdfLetterhead(doc, 'Your plan documents')
  body(
    `The contract between ${contract.customer.name ?? contract.customer.email} and ${contract.company} for policy ${contract.policyNumber}, as agreed.`,
  )

  heading('Your plan')
  doc.moveDown(0.3)
  fact('Plan', contract.planName)
  if (contract.vehicleClass) fact('Vehicle class', contract.vehicleClass)
  if (contract.hasAdas !== null) fact('ADAS', contract.hasAdas ? 'Yes: recalibration included' : 'No')
  fact(contract.price.label, contract.price.text)
  fact('Billing', contract.billing)
  fact('Purchased', formatLongDate(contract.purchasedAt))
  fact(contract.commitmentEndsLabel, formatLongDate(contract.commitmentEndsAt))
  fact('Vehicle', contract.vehicle ?? 'Not set up yet')
  if (contract.vin) fact('VIN', contract.vin)
  fact('Customer', contract.customer.name ? `${contract.customer.name}, ${contract.customer.email}` : contract.customer.email)
  fact('Terms accepted', `Version ${contract.terms.version} on ${formatDateTime(contract.terms.acceptedAt)}`)
  if (contract.canceledAt) fact('Cancelled', formatLongDate(contract.canceledAt))

  heading('Renewal', 12)
  contract.renewal.forEach(body)
  heading('How to cancel', 12)
  contract.cancelling.forEach(body)
  heading(DISCLOSURES_HEADING, 12)
  for (const block of contract.disclosures) {
    doc.moveDown(0.35).font('Helvetica-Bold').fontSize(10.5).fillColor('#0f172a').text(block.heading)
    // A statement the statute wants in conspicuous bold type is printed bold.
    if (block.conspicuous)
      block.lines.forEach((line) => doc.moveDown(0.35).font('Helvetica-Bold').fontSize(10.5).text(line, { lineGap: 2 }))
    else block.lines.forEach(body)
  }
  heading('Arbitration', 12)
  body(
    contract.arbitration.optedOutAt
      ? `You opted out of arbitration on ${formatDateTime(contract.arbitration.optedOutAt)}.`
      : contract.arbitration.open
        ? `You can opt out of arbitration until ${formatLongDate(contract.arbitration.windowEndsAt)} on your plan documents page.`
        : `The 30 days to opt out of arbitration closed on ${formatLongDate(contract.arbitration.windowEndsAt)}.`,
  )

  const terms = contract.terms.document
  doc.addPage()
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#0f172a')
    .text(terms?.title ?? 'Terms of Service')
  body(
    `Version ${contract.terms.version}${contract.terms.lastUpdated ? ` · Last updated ${formatLongDate(contract.terms.lastUpdated)}` : ''}`,
  )
  if (!terms) {
    body(`The text of terms version ${contract.terms.version} is not available online. Please write to us and we will send it to you.`)
  } else {
    terms.intro.forEach(body)
    terms.sections.forEach((section, index) => {
      heading(`${index + 1}. ${section.heading}`, 12)
      // Language that excludes coverage or puts a duty on the customer is printed bold, at the same size (content/legal.ts).
      const font = section.conspicuous ? 'Helvetica-Bold' : 'Helvetica'
      section.paragraphs.forEach(bodyIn(font))
      for (const bullet of section.bullets ?? []) {
        doc.moveDown(0.25).font(font).fontSize(10.5).fillColor('#1e293b').list([bullet], { bulletRadius: 1.8, lineGap: 2 })
      }
    })
  }
  doc.end()
  return done
}
