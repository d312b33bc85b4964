import { buttonClass, Card, Field, FieldError, inputClass } from '~/components/ui'
import { formatDateTime, formatLongDate } from '~/domain/format'
import {
  calibrationRequired,
  DISPUTE_FILES_FIELD,
  DISPUTE_KIND_NAMES,
  DISPUTE_OUTCOME_NAMES,
  isDisputeOverdue,
  MAX_DISPUTE_FILES,
  SHOP_FILE_FIELDS,
} from '~/domain/invoice'
import { INVOICE_CORRECTION_FILES } from '~/domain/messages'
import type { ShopJobReview } from '~/models/shops/shop-job-page.types'

import { fileClass, FileField, type FormErrors, type FormValues, InvoiceFields, type InvoiceJob, labelClass } from './invoice-fields'

/**
 * After completion: the invoice's history (each submission and the operator's answer), the correction of a rejected
 * invoice, and the disputes with the operator's deadline and answer.
 */
export function InvoiceReview({
  review,
  job,
  errors,
  values,
  zone,
}: {
  review: ShopJobReview
  job: InvoiceJob
  errors: FormErrors
  values: FormValues
  /** The shop's zone: its times are read on its clock. */
  zone: string
}) {
  const latest = review.submissions[0]
  const disputing = values.intent === 'dispute'
  const correcting = values.intent === 'resubmit'
  return (
    <Card className="space-y-4" data-testid="invoice-review">
      <h2 className="text-xl font-semibold text-slate-900">Invoice</h2>
      {review.correction && latest?.outcome === 'rejected' ? (
        <div className="space-y-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm" data-testid="invoice-rejected">
          <p className="font-semibold text-red-900">Rejected: {latest.reason}</p>
          {latest.note ? <p className="whitespace-pre-line text-red-900">{latest.note}</p> : null}
        </div>
      ) : null}
      {review.correction ? (
        <form method="post" encType="multipart/form-data" className="space-y-5">
          <input type="hidden" name="intent" value="resubmit" />
          <h3 className="text-base font-semibold">Correct the invoice and send it again</h3>
          <FieldError id="form-error" errors={correcting ? errors.form : undefined} />
          {review.filesHint ? (
            <p className="text-sm text-slate-700" data-testid="correction-files-hint">
              {review.filesHint}
            </p>
          ) : null}
          <InvoiceFields
            job={job}
            errors={correcting ? errors : {}}
            values={correcting ? values : review.correction}
            required={calibrationRequired({ planHasAdas: job.planHasAdas, repairType: job.repairType ?? 'repair' })}
            afterCalibration={
              <FileField
                name={SHOP_FILE_FIELDS.calibration_report}
                label={INVOICE_CORRECTION_FILES.calibrationReport}
                accept="application/pdf,.pdf,image/*"
                kept={[]}
                errors={correcting ? errors : {}}
              />
            }
          />
          <fieldset className="space-y-5">
            <legend className={labelClass}>{INVOICE_CORRECTION_FILES.heading}</legend>
            <FileField
              name={SHOP_FILE_FIELDS.invoice}
              label={INVOICE_CORRECTION_FILES.invoice}
              kept={[]}
              errors={correcting ? errors : {}}
            />
            <FileField
              name={SHOP_FILE_FIELDS.repair_photo}
              label={INVOICE_CORRECTION_FILES.repairPhotos}
              kept={[]}
              multiple
              errors={correcting ? errors : {}}
            />
          </fieldset>
          <button type="submit" className={buttonClass('primary')} data-pending-label="Sending...">
            Send the corrected invoice
          </button>
        </form>
      ) : null}
      <div>
        <h3 className="text-base font-semibold">History</h3>
        <ol className="mt-2 space-y-2 text-sm" data-testid="invoice-history">
          {review.submissions.map((entry) => (
            <li key={entry.id} className="rounded-md border border-slate-200 p-2">
              <p>
                <span className="font-semibold">Submission {entry.number}</span>, sent {formatDateTime(entry.submittedAt, '—', zone)}:{' '}
                {entry.outcome === 'pending'
                  ? 'waiting for the operator'
                  : entry.outcome === 'accepted'
                    ? 'accepted'
                    : `rejected (${entry.reason})`}
              </p>
              {entry.note ? <p className="whitespace-pre-line text-slate-700">{entry.note}</p> : null}
              <p className="text-slate-600">{entry.lines.map((line) => `${line.label}: ${line.shown}`).join(' · ')}</p>
            </li>
          ))}
        </ol>
      </div>
      {review.disputes.length ? (
        <div>
          <h3 className="text-base font-semibold">Disputes</h3>
          <ul className="mt-2 space-y-2 text-sm" data-testid="disputes">
            {review.disputes.map((dispute) => (
              <li key={dispute.id} className="rounded-md border border-slate-200 p-2">
                <p>
                  <span className="font-semibold">{DISPUTE_KIND_NAMES[dispute.kind]}</span>, sent{' '}
                  {formatDateTime(dispute.openedAt, '—', zone)}.{' '}
                  {dispute.outcome
                    ? `${DISPUTE_OUTCOME_NAMES[dispute.outcome]} on ${formatLongDate(dispute.answeredAt!)}.`
                    : `The operator answers by ${formatLongDate(dispute.answerDueAt)}${isDisputeOverdue(dispute) ? ' (late)' : ''}.`}
                </p>
                <p className="whitespace-pre-line text-slate-700">{dispute.message}</p>
                {dispute.answer ? <p className="whitespace-pre-line">Answer: {dispute.answer}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.dispute.kind ? (
        <form method="post" encType="multipart/form-data" className="space-y-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="dispute" />
          <h3 className="text-base font-semibold">Dispute the {review.dispute.kind === 'rejection' ? 'rejection' : 'amount accepted'}</h3>
          <Field
            label="Why you dispute it"
            htmlFor="dispute-message"
            errors={disputing ? errors.message : undefined}
            errorId="dispute-message-error"
          >
            <textarea
              id="dispute-message"
              name="message"
              rows={3}
              required
              defaultValue={disputing ? values.message : undefined}
              aria-invalid={disputing && errors.message ? true : undefined}
              aria-describedby={disputing && errors.message ? 'dispute-message-error' : undefined}
              className={inputClass}
            />
          </Field>
          <div className="space-y-1.5">
            <label htmlFor="dispute-files" className={labelClass}>
              Files (optional: up to {MAX_DISPUTE_FILES} PDFs or photos)
            </label>
            <input
              id="dispute-files"
              name={DISPUTE_FILES_FIELD}
              type="file"
              multiple
              accept="application/pdf,.pdf,image/*"
              className={fileClass}
              aria-invalid={disputing && errors.files ? true : undefined}
              aria-describedby={disputing && errors.files ? 'files-error' : undefined}
            />
            <FieldError id="files-error" errors={disputing ? errors.files : undefined} />
          </div>
          <button type="submit" className={buttonClass('secondary')} data-pending-label="Sending...">
            Send the dispute
          </button>
        </form>
      ) : review.submissions.length ? (
        <p className="text-sm text-slate-600" data-testid="dispute-refusal">
          {review.dispute.refusal}
        </p>
      ) : null}
    </Card>
  )
}
