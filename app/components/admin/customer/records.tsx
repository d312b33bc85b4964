import { Actor } from '~/components/admin/actor'
import { AdminTable, Cell, DocumentsCell } from '~/components/admin/admin-table'
import { ApprovalBadge } from '~/components/admin/claim-labels'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Badge } from '~/components/ui'
import { auditActionLabel } from '~/domain/audit'
import { adminClaimPath } from '~/domain/paths'
import type { CustomerPageData } from '~/models/people/customer-page.types'

import { CustomerSection } from './customer-section'

/** What happened with the customer: their claims, the e-mails sent, the payment events and the audit trail. */
export function CustomerRecords({ claims, emails, payments, trail }: Pick<CustomerPageData, 'claims' | 'emails' | 'payments' | 'trail'>) {
  const time = useOperatorTime()
  return (
    <>
      <CustomerSection name="claims" title="Claims">
        <AdminTable
          caption="This customer's claims, newest first"
          columns={['Claim', 'Status', 'Submitted', 'Shop', 'Documents']}
          empty={claims.length ? null : 'No claims.'}
        >
          {claims.map((claim) => (
            <tr key={claim.id}>
              <Cell label="Claim">
                <a href={adminClaimPath(claim.id)} className="font-mono font-semibold text-brand-700 underline">
                  {claim.code}
                </a>
                <div className="capitalize">{claim.damageType}</div>
              </Cell>
              <Cell label="Status">
                <ApprovalBadge status={claim.status} />
              </Cell>
              <Cell label="Submitted">{time(claim.submittedAt)}</Cell>
              <Cell label="Shop">{claim.partnerGroup ?? '—'}</Cell>
              <DocumentsCell documents={claim.documents.map((doc) => ({ ...doc, kind: doc.type.replace('_', ' ') }))} />
            </tr>
          ))}
        </AdminTable>
      </CustomerSection>

      <CustomerSection name="emails" title="E-mails sent">
        <AdminTable
          caption="E-mails sent to this customer, newest first"
          columns={['When', 'Subject', 'Result']}
          empty={emails.length ? null : 'No e-mails yet.'}
        >
          {emails.map((email) => (
            <tr key={email.id}>
              <Cell label="When">{time(email.createdAt)}</Cell>
              <Cell label="Subject">{email.subject}</Cell>
              <Cell label="Result">
                <Badge tone={email.status === 'sent' ? 'success' : 'destructive'}>
                  {email.status} via {email.transport}
                </Badge>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      </CustomerSection>

      <CustomerSection name="payments" title="Payment events">
        <AdminTable
          caption="Stripe events about this customer, newest first"
          columns={['Processed', 'Type', 'Event']}
          empty={payments.length ? null : 'No payment events (local payments, or none yet).'}
        >
          {payments.map((event) => (
            <tr key={event.id}>
              <Cell label="Processed">{time(event.processedAt)}</Cell>
              <Cell label="Type">{event.type}</Cell>
              <Cell label="Event">
                <code>{event.id}</code>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      </CustomerSection>

      <CustomerSection name="trail" title="Audit trail">
        <AdminTable
          caption="Everything recorded about this customer, newest first"
          columns={['When', 'Who', 'What', 'Detail']}
          empty={trail.length ? null : 'Nothing recorded yet.'}
        >
          {trail.map(({ entry, actorEmail, operator }) => (
            <tr key={entry.id}>
              <Cell label="When">{time(entry.createdAt)}</Cell>
              <Cell label="Who">
                <Actor actor={entry.actor} email={actorEmail} operator={operator} />
              </Cell>
              <Cell label="What">{auditActionLabel(entry.action)}</Cell>
              <Cell label="Detail" className="max-w-xs font-mono text-xs wrap-anywhere">
                {entry.detail ? JSON.stringify(entry.detail) : ''}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      </CustomerSection>
    </>
  )
}
