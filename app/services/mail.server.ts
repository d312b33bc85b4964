import fs from 'node:fs'
import path from 'node:path'

import { addressLines } from '~/domain/letters'
import { env } from '~/env.server'
import type { MailTransport, OutgoingLetter } from '~/services/mail-transport.server'

import { outboxDir, outboxFileName, writeWhole } from './outbox.server'
import { newPdf } from './pdf-document.server'
import { swappableAdapter } from './swappable-adapter.server'

/**
 * The postal-mail adapter: Lob when LOB_API_KEY is set, otherwise an offline twin that renders each letter as a PDF
 * into the local outbox (listed at /dev/outbox). Both take the same letter; the letters model records what came back.
 */

/** The letter as a PDF: return address, recipient, date, title, paragraphs; the certified mark where it goes certified. */
export async function letterPdf(letter: OutgoingLetter): Promise<Buffer> {
  const { doc, done } = newPdf({ margin: 72, info: { Title: letter.content.title, Author: letter.from.name } })
  doc.font('Helvetica').fontSize(9).fillColor('#334155').text(`${letter.from.name}\n${letter.from.address}`)
  if (letter.certified) doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('CERTIFIED MAIL')
  doc.moveDown(1.5).font('Helvetica').fontSize(11).fillColor('#0f172a').text(addressLines(letter.to).join('\n'))
  doc.moveDown(1.5).text(letter.content.date)
  doc.moveDown(1).font('Helvetica-Bold').fontSize(13).text(letter.content.title)
  for (const paragraph of letter.content.paragraphs) doc.moveDown(0.6).font('Helvetica').fontSize(11).text(paragraph, { lineGap: 2 })
  doc.end()
  return done
}

export function lettersDir() {
  return path.join(outboxDir(), 'letters')
}

/** One PDF and one JSON description per letter in DATA_DIR/outbox/letters, named so that a plain sort is chronological. */
export const outboxMailTransport: MailTransport = {
  name: 'outbox',
  async send(letter) {
    const dir = lettersDir()
    fs.mkdirSync(dir, { recursive: true })
    const createdAt = new Date().toISOString()
    const base = outboxFileName(createdAt, letter.id)
    writeWhole(path.join(dir, `${base}.pdf`), await letterPdf(letter))
    const description = {
      id: letter.id,
      template: letter.template,
      certified: letter.certified,
      to: addressLines(letter.to),
      title: letter.content.title,
      pdf: `${base}.pdf`,
      createdAt,
    }
    writeWhole(path.join(dir, `${base}.json`), JSON.stringify(description, null, 2))
    // The twin posts nothing: no tracking number and no cost to record; it is mailed the moment it is posted.
    return { providerLetterId: `outbox:${base}`, trackingNumber: null, costCents: null, mailedAt: null }
  },
}

const transport = swappableAdapter<MailTransport>(async () => {
  const config = env()
  if (config.mail !== 'lob') return outboxMailTransport
  const { lobTransport } = await import('./lob.server')
  return lobTransport(config.LOB_API_KEY!, config.LOB_API_URL)
})

export const mailTransport = transport.get
/** Tests may swap the transport (e.g. the Lob client pointed at a local fake). */
export const setMailTransport = transport.set
