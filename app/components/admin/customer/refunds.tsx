import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Badge, type BadgeTone } from '~/components/ui'
import { formatLongDate } from '~/domain/format'
import type { CustomerPageData } from '~/models/customer-page.types'

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  unsettled: { label: 'To be worked out — payments were down', tone: 'warning' },
  pending: { label: 'Pending', tone: 'warning' },
  succeeded: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed — retried daily', tone: 'destructive' },
}
const RULES: Record<string, string> = { free_look: 'Free look', pro_rata: 'Pro rata' }

/** The refunds the customer's cancellations gave them: amount, status (a failed one with its error), rule and date. */
export function RefundsSection({ refunds }: { refunds: CustomerPageData['refunds'] }) {
  const time = useOperatorTime()
  return (
    <section aria-labelledby="refunds-heading" className="grid gap-4">
      <h2 id="refunds-heading" className="text-xl font-semibold text-slate-900">
        Refunds
      </h2>
      <AdminTable
        caption="Refunds"
        columns={['Amount', 'Status', 'Rule', 'Date', 'Policy', 'Provider']}
        empty={refunds.length === 0 ? 'No refunds.' : null}
      >
        {refunds.map((refund) => {
          const status = STATUS[refund.status] ?? { label: refund.status, tone: 'neutral' as const }
          return (
            <tr key={refund.id} data-testid="admin-refund">
              <Cell label="Amount" className="font-medium">
                {refund.amount}
                {refund.penalty ? <p className="mt-1 text-xs font-normal text-slate-700">With {refund.penalty} late penalty</p> : null}
                {refund.penaltyByHand ? (
                  <p className="mt-1 text-xs font-semibold text-red-800" data-testid="penalty-by-hand">
                    {refund.penaltyByHand} of it is above what the card&apos;s payments could take back: pay it by hand
                  </p>
                ) : null}
              </Cell>
              <Cell label="Status">
                <Badge tone={status.tone}>{status.label}</Badge>
                {refund.status === 'failed' && refund.lastError ? (
                  <p className="mt-1 text-xs text-red-800">
                    {refund.attempts} {refund.attempts === 1 ? 'attempt' : 'attempts'}: {refund.lastError}
                  </p>
                ) : null}
                {refund.dueBy && refund.status !== 'succeeded' ? (
                  <p className="mt-1 text-xs text-slate-700">Due by {formatLongDate(refund.dueBy)}</p>
                ) : null}
              </Cell>
              <Cell label="Rule">
                {RULES[refund.rule] ?? refund.rule}
                {refund.state ? ` (${refund.state})` : ' (state not known)'}
              </Cell>
              <Cell label="Date">{time(refund.createdAt)}</Cell>
              <Cell label="Policy">
                <code>{refund.policyId}</code>
              </Cell>
              <Cell label="Provider">{refund.stripeRefundId ? <code>{refund.stripeRefundId}</code> : 'Local (no card charged)'}</Cell>
            </tr>
          )
        })}
      </AdminTable>
    </section>
  )
}
