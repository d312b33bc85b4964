import { Form } from 'react-router'

import { useOperatorTime } from '~/components/admin/operator-zone'
import { Badge, buttonClass, Field, inputClass } from '~/components/ui'
import { DISPUTE_KIND_NAMES, DISPUTE_OUTCOME_NAMES } from '~/domain/invoice'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'

/** The invoice's submissions with the operator's answers, and the shop's disputes with the answer's deadline. */
export function InvoiceHistory({
  review,
  errors,
}: {
  review: ClaimReviewPageData['invoice']
  errors: Record<string, string[] | undefined>
}) {
  const time = useOperatorTime()
  if (!review.submissions.length && !review.disputes.length) return null
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4 text-sm">
      <h3 className="font-semibold text-slate-900">Invoice history</h3>
      <ol className="space-y-1" data-testid="invoice-history">
        {review.submissions.map((entry) => (
          <li key={entry.id}>
            Submission {entry.number}, {time(entry.submittedAt)}:{' '}
            {entry.outcome === 'pending' ? 'waiting' : entry.outcome === 'accepted' ? 'accepted' : `rejected (${entry.reason})`}
            {entry.note ? ` — ${entry.note}` : ''}
            <span className="block text-slate-600">{entry.lines.map((line) => `${line.label}: ${line.shown}`).join(' · ')}</span>
          </li>
        ))}
      </ol>
      {review.disputes.map((dispute) => (
        <div key={dispute.id} className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="dispute">
          <p>
            <span className="font-semibold">{DISPUTE_KIND_NAMES[dispute.kind]} disputed</span> {time(dispute.openedAt)}.{' '}
            {dispute.outcome ? (
              `${DISPUTE_OUTCOME_NAMES[dispute.outcome]} ${time(dispute.answeredAt!)}: ${dispute.answer ?? ''}`
            ) : (
              <>
                Answer due {time(dispute.answerDueAt)}
                {dispute.overdue ? (
                  <>
                    {' '}
                    <Badge tone="warning">Overdue</Badge>
                  </>
                ) : null}
              </>
            )}
          </p>
          <p className="whitespace-pre-line text-slate-800">{dispute.message}</p>
          {dispute.files.length ? (
            <ul>
              {dispute.files.map((file) => (
                <li key={file.id}>
                  <a href={file.url} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                    {file.fileName}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {dispute.outcome ? null : (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="answer-dispute" />
              <input type="hidden" name="disputeId" value={dispute.id} />
              <fieldset>
                <legend className="font-medium">Is the shop right?</legend>
                <label className="mr-4">
                  <input type="radio" name="outcome" value="upheld" /> Yes: uphold
                </label>
                <label>
                  <input type="radio" name="outcome" value="refused" /> No: refuse
                </label>
                {errors.outcome ? <p className="text-red-700">{errors.outcome.join(' ')}</p> : null}
              </fieldset>
              {dispute.kind === 'short_pay' ? (
                <Field
                  label="Amount now accepted (optional)"
                  hint="Empty: the invoice's total."
                  htmlFor={`amount-${dispute.id}`}
                  errors={errors.acceptedAmount}
                >
                  <input id={`amount-${dispute.id}`} name="acceptedAmount" inputMode="decimal" className={inputClass} />
                </Field>
              ) : null}
              <Field label="Answer to the shop" htmlFor={`answer-${dispute.id}`} errors={errors.answer}>
                <textarea id={`answer-${dispute.id}`} name="answer" rows={2} className={inputClass} />
              </Field>
              <button type="submit" className={buttonClass('secondary')}>
                Answer the dispute
              </button>
            </Form>
          )}
        </div>
      ))}
    </div>
  )
}
