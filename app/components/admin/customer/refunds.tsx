import { Form } from 'react-router'

import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Badge, type BadgeTone, Field, inputClass } from '~/components/ui'
import { countOf, formatLongDate } from '~/domain/format'
import { REFUND_RULE_LABELS, REFUND_STATUS_LABELS, type RefundStatus } from '~/domain/refunds'
import type { CustomerPageData } from '~/models/people/customer-page.types'
import { fieldLimits } from '~/validation/limits'
import { PenaltyPaidSchema } from '~/validation/operator'

import { CustomerSection, type FailedForm, type FormErrors } from './customer-section'
import { SubmitButton } from './submit-button'

const PENALTY_LIMITS = fieldLimits(PenaltyPaidSchema)

const STATUS_TONES: Record<RefundStatus, BadgeTone> = {
  unsettled: 'warning',
  pending: 'warning',
  succeeded: 'success',
  failed: 'destructive',
}

/**
 * The refunds the customer's cancellations gave them: amount, status (a failed one with its error), rule and date, and
 * a late penalty's part that the card could not carry, with a form to record it paid by hand.
 */
export function RefundsSection({ refunds, failed }: { refunds: CustomerPageData['refunds']; failed: FailedForm }) {
  const time = useOperatorTime()
  return (
    <CustomerSection name="refunds" title="Refunds">
      <AdminTable
        caption="Refunds"
        columns={['Amount', 'Status', 'Rule', 'Date', 'Policy', 'Provider']}
        empty={refunds.length === 0 ? 'No refunds.' : null}
      >
        {refunds.map((refund) => {
          return (
            <tr key={refund.id} data-testid="admin-refund">
              <Cell label="Amount" className="font-medium">
                {refund.amount}
                {refund.penalty ? <p className="mt-1 text-xs font-normal text-slate-700">With {refund.penalty} late penalty</p> : null}
                {refund.penaltyByHand && refund.penaltyByHandPaidAt ? (
                  <p className="mt-1 text-xs font-normal text-slate-700" data-testid="penalty-by-hand">
                    {refund.penaltyByHand} of it paid by hand on {time(refund.penaltyByHandPaidAt)}, reference{' '}
                    <code>{refund.penaltyByHandReference}</code>
                  </p>
                ) : refund.penaltyByHand ? (
                  <PenaltyPaidForm refund={refund} errors={failed('penalty-paid', refund.id)} />
                ) : null}
              </Cell>
              <Cell label="Status">
                <Badge tone={STATUS_TONES[refund.status]}>{REFUND_STATUS_LABELS[refund.status]}</Badge>
                {refund.status === 'failed' && refund.lastError ? (
                  <p className="mt-1 text-xs text-red-800">
                    {countOf(refund.attempts, 'attempt')}: {refund.lastError}
                  </p>
                ) : null}
                {refund.dueBy && refund.status !== 'succeeded' ? (
                  <p className="mt-1 text-xs text-slate-700">Due by {formatLongDate(refund.dueBy)}</p>
                ) : null}
              </Cell>
              <Cell label="Rule">
                {REFUND_RULE_LABELS[refund.rule]}
                {refund.state ? ` (${refund.state})` : ' (state not known)'}
              </Cell>
              <Cell label="Date">{time(refund.createdAt)}</Cell>
              <Cell label="Policy">
                <code>{refund.policyNumber}</code>
              </Cell>
              <Cell label="Provider">{refund.stripeRefundId ? <code>{refund.stripeRefundId}</code> : 'Local (no card charged)'}</Cell>
            </tr>
          )
        })}
      </AdminTable>
    </CustomerSection>
  )
}

/** The part of a late penalty owed by hand: what to pay, and the form recording it paid with its reference. */
function PenaltyPaidForm({ refund, errors }: { refund: CustomerPageData['refunds'][number]; errors: FormErrors }) {
  return (
    <div className="mt-1 grid gap-2">
      <p className="text-xs font-semibold text-red-800" data-testid="penalty-by-hand">
        {refund.penaltyByHand} of it is above what the card&apos;s payments could take back: pay it by hand
      </p>
      <Form method="post" className="grid max-w-xs gap-2">
        <input type="hidden" name="intent" value="penalty-paid" />
        <input type="hidden" name="refundId" value={refund.id} />
        <Field label="Payment reference" htmlFor={`penalty-${refund.id}`} errors={errors.reference ?? errors.form}>
          <input id={`penalty-${refund.id}`} name="reference" maxLength={PENALTY_LIMITS.reference.maxLength} className={inputClass} />
        </Field>
        <div>
          <SubmitButton intent="penalty-paid" variant="secondary">
            Mark the penalty paid
          </SubmitButton>
        </div>
      </Form>
    </div>
  )
}
