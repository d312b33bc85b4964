import { AdminTable, Cell } from '~/components/admin/admin-table'
import { formatLongDate } from '~/domain/format'
import { addressLines, parseMailingAddress } from '~/domain/letters'
import type { KeptRecordKind } from '~/domain/state-rules'

import { CustomerSection } from './customer-section'

const KIND: Record<KeptRecordKind, string> = {
  service_contract: "Service contract file (holder's name and address, the contract, each claim's date and description)",
  renewal_consent: 'Consent to automatic renewal (what was agreed, when, the internet address and browser)',
}

export type KeptRecordRow = {
  id: string
  kind: KeptRecordKind
  statute: string
  policyNumber: string
  holderName: string | null
  holderAddress: string | null
  coverageEndedOn: string
  mayGoOn: string
}

/**
 * A deleted account's records kept because a state's law requires them (docs/decisions/105): only this page shows
 * them, each with its statute and the day the daily job removes it. Nothing shows for an account that kept none.
 */
export function KeptRecordsSection({ kept }: { kept: KeptRecordRow[] }) {
  if (kept.length === 0) return null
  return (
    <CustomerSection name="kept-records" title="Records kept after deletion">
      <AdminTable
        caption="Records kept after deletion"
        columns={['Record', 'Policy', 'Holder', 'Law', 'Coverage ended', 'Removed on']}
        empty={null}
      >
        {kept.map((record) => {
          const address = parseMailingAddress(record.holderAddress)
          return (
            <tr key={record.id} data-testid="kept-record">
              <Cell label="Record">{KIND[record.kind]}</Cell>
              <Cell label="Policy">{record.policyNumber}</Cell>
              <Cell label="Holder">
                {record.holderName ?? '—'}
                {address ? <p className="text-xs text-slate-600">{addressLines(address).slice(1).join(', ')}</p> : null}
              </Cell>
              <Cell label="Law">{record.statute}</Cell>
              <Cell label="Coverage ended">{formatLongDate(record.coverageEndedOn)}</Cell>
              <Cell label="Removed on">{formatLongDate(record.mayGoOn)}</Cell>
            </tr>
          )
        })}
      </AdminTable>
    </CustomerSection>
  )
}
