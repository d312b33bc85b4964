import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Badge, type BadgeTone } from '~/components/ui'
import { formatPrice } from '~/domain/format'
import { LETTER_TEMPLATES, letterHoldReason, type LetterTemplate } from '~/domain/letters'
import type { CustomerPageData } from '~/models/people/customer-page.types'

import { CustomerSection } from './customer-section'

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Posting', tone: 'warning' },
  sent: { label: 'Posted', tone: 'success' },
  failed: { label: 'Refused by the mail provider', tone: 'destructive' },
  held: { label: 'Held — no mailing address', tone: 'warning' },
}

/**
 * The paper letters to the customer: which, how (certified), their tracking number and cost, when each was mailed,
 * and why one has not gone (held for an address, refused by the mail provider; every customer's: /admin/letters).
 */
export function LettersSection({ letters }: { letters: CustomerPageData['letters'] }) {
  const time = useOperatorTime()
  return (
    <CustomerSection name="letters" title="Letters">
      <AdminTable
        caption="Letters"
        columns={['Letter', 'Status', 'Mail', 'Tracking', 'Cost', 'Date']}
        empty={letters.length === 0 ? 'No letters.' : null}
      >
        {letters.map((letter) => {
          const status = STATUS[letter.status] ?? { label: letter.status, tone: 'neutral' as const }
          return (
            <tr key={letter.id} data-testid="admin-letter">
              <Cell label="Letter">{LETTER_TEMPLATES[letter.template as LetterTemplate] ?? letter.template}</Cell>
              <Cell label="Status">
                <Badge tone={status.tone}>{status.label}</Badge>
                {letter.late ? <p className="mt-1 text-xs text-red-800">Sent late: its notice window had passed.</p> : null}
                {letter.status !== 'sent' ? (
                  <p className="mt-1 text-xs text-red-800" data-testid="admin-letter-why">
                    {letterHoldReason(letter)}
                  </p>
                ) : null}
                {letter.mailedAt ? <p className="mt-1 text-xs text-slate-700">Mailed {time(letter.mailedAt)}</p> : null}
              </Cell>
              <Cell label="Mail">
                {letter.certified ? 'Certified' : 'First class'} · {letter.provider === 'lob' ? 'Lob' : 'Local outbox'}
              </Cell>
              <Cell label="Tracking">{letter.trackingNumber ? <code>{letter.trackingNumber}</code> : '—'}</Cell>
              <Cell label="Cost">{letter.costCents === null ? '—' : formatPrice(letter.costCents)}</Cell>
              <Cell label="Date">{time(letter.sentAt ?? letter.createdAt)}</Cell>
            </tr>
          )
        })}
      </AdminTable>
    </CustomerSection>
  )
}
