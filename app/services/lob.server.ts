import { Configuration, LetterEditable, LetterEditableExtraServiceEnum, LettersApi, LtrUseType } from '@lob/lob-typescript-sdk'

import { letterHtml, type MailTransport, type OutgoingLetter } from './mail-transport.server'

/**
 * Letters through Lob's API (its TypeScript SDK). The letter's id is the idempotency key, so a retry after a lost answer
 * posts one letter, not two. `baseUrl` points the client at a fake server in the tests.
 */
export function lobTransport(apiKey: string, baseUrl?: string): MailTransport {
  const api = new LettersApi(new Configuration({ username: apiKey, ...(baseUrl ? { basePath: baseUrl } : {}) }))
  return {
    name: 'lob',
    async send(letter: OutgoingLetter) {
      const [street, ...rest] = letter.from.address.split(',').map((part) => part.trim())
      const created = await api.create(
        new LetterEditable({
          description: `${letter.template} ${letter.id}`,
          to: {
            name: letter.to.name,
            address_line1: letter.to.line1,
            address_line2: letter.to.line2,
            address_city: letter.to.city,
            address_state: letter.to.state,
            address_zip: letter.to.zip,
            address_country: 'US',
          },
          from: fromAddress(letter.from.name, street ?? letter.from.address, rest),
          file: letterHtml(letter),
          color: false,
          use_type: LtrUseType.Operational,
          metadata: { letter_id: letter.id, template: letter.template },
          ...(letter.certified ? { extra_service: LetterEditableExtraServiceEnum.Certified } : {}),
        }),
        letter.id,
      )
      // Lob's letter object names no price; a cost it does report (an account-specific field) is kept in cents.
      const price = (created as unknown as { price?: string | number }).price
      return {
        providerLetterId: created.id,
        trackingNumber: created.tracking_number ?? null,
        costCents: price === undefined || price === null ? null : Math.round(Number(price) * 100),
        // The day Lob sends it for mailing (after its cancellation window); a notice's period counts from it.
        mailedAt: created.send_date ? new Date(created.send_date).toISOString() : null,
      }
    },
  }
}

/** 'Suite 500, Salt Lake City, UT 84106' after the street: the last two parts are the city and 'ST ZIP'. */
function fromAddress(name: string, street: string, rest: string[]) {
  const stateZip = rest.at(-1)?.match(/^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/)
  const city = rest.at(-2) ?? ''
  const line2 = rest.slice(0, -2).join(', ') || null
  return {
    name,
    address_line1: street,
    address_line2: line2,
    address_city: city,
    address_state: stateZip?.[1] ?? '',
    address_zip: stateZip?.[2] ?? '',
    address_country: 'US',
  }
}
