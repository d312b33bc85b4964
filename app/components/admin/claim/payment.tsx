import { Form, Link } from 'react-router'

import { Badge, buttonClass, Field, inputClass } from '~/components/ui'
import { formatDateTime, formatLongDate } from '~/domain/format'
import { INVOICE_REJECTION_REASONS } from '~/domain/messages'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'
import { useIsPending } from '~/utils/pending'

import { InvoiceHistory } from './invoice-history'

type Data = ClaimReviewPageData

/**
 * The shop's payment for a completed job: where it stands, an invoice held above its ceiling (and its release),
 * approving it for payment (a short-pay with a lower amount), rejecting the invoice, and its history and disputes.
 */
export function ShopPayment({
  payout,
  invoiceHold,
  invoice,
  failed,
}: {
  payout: NonNullable<Data['payout']>
  invoiceHold: Data['invoiceHold']
  invoice: Data['invoice']
  /** The messages of a refused form of this intent, by field. */
  failed: (intent: string) => Record<string, string[] | undefined>
}) {
  const approvingPayment = useIsPending({ state: 'submitting', intent: 'approve-payment' })
  const releasing = useIsPending({ state: 'submitting', intent: 'release-invoice' })
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Payment to the shop</h3>
      <p className="mt-1 text-sm text-slate-800" data-testid="payout-state">
        {payout.label}
        {payout.paidAt ? ` on ${formatLongDate(payout.paidAt)}, reference ${payout.reference}` : ''}
      </p>
      {invoiceHold ? (
        <div id="invoice-hold" className="mt-2 space-y-2 text-sm" data-testid="invoice-hold">
          <p>
            <Badge tone="warning">{invoiceHold.flag}</Badge>
          </p>
          <p className="text-slate-800">{invoiceHold.detail}</p>
          {invoiceHold.releasedAt ? (
            <p className="text-slate-800">Released {formatDateTime(invoiceHold.releasedAt)}.</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="release-invoice" />
              <button type="submit" className={buttonClass('secondary')} disabled={releasing}>
                {releasing ? 'Releasing...' : 'Release the invoice for payment'}
              </button>
            </Form>
          )}
        </div>
      ) : null}
      {invoice.rejected ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="invoice-rejected">
          Invoice rejected: waiting for the shop&rsquo;s correction.
        </p>
      ) : null}
      {payout.approvable && !invoice.rejected ? (
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="approve-payment" />
          <Field
            label="Amount accepted (optional)"
            hint="Leave empty to accept the invoice's total; less is a short-pay the shop may dispute."
            htmlFor="acceptedAmount"
            errors={failed('approve-payment').acceptedAmount}
          >
            <input id="acceptedAmount" name="acceptedAmount" inputMode="decimal" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass('primary')} disabled={approvingPayment}>
            {approvingPayment ? 'Approving...' : 'Approve for payment'}
          </button>
        </Form>
      ) : null}
      {invoice.rejectable ? (
        <Form method="post" className="mt-4 space-y-2 border-t border-slate-200 pt-4" data-testid="reject-invoice">
          <input type="hidden" name="intent" value="reject-invoice" />
          <Field label="Reason to reject" htmlFor="reject-reason" errors={failed('reject-invoice').reason}>
            <select id="reject-reason" name="reason" defaultValue="" className={inputClass}>
              <option value="" disabled>
                Choose a reason
              </option>
              {Object.entries(INVOICE_REJECTION_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Note to the shop" htmlFor="reject-note" errors={failed('reject-invoice').note}>
            <textarea id="reject-note" name="note" rows={2} className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass('secondary')}>
            Reject the invoice
          </button>
        </Form>
      ) : null}
      <InvoiceHistory review={invoice} errors={failed('answer-dispute')} />
      <p className="mt-2 text-sm">
        <Link to="/admin/payouts" className="text-brand-700 underline">
          Payouts
        </Link>
      </p>
    </div>
  )
}
