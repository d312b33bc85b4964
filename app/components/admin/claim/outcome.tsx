import { Fragment } from 'react'
import { Form } from 'react-router'

import { useOperatorTime } from '~/components/admin/operator-zone'
import { buttonClass, Card, choiceClass, Field, FieldError, inputClass } from '~/components/ui'
import { CALIBRATION_FILES, isCalibrationFileType } from '~/domain/calibration'
import { REVERSAL_GROUND_LABELS, REVERSAL_GROUNDS } from '~/domain/claims'
import { CLAIM_PAGE_MESSAGES, INVOICE_CORRECTION_FILES, RULES_DECISION_MESSAGES } from '~/domain/messages'
import { SERVICE_PROMISE_TEXT } from '~/domain/service-promise'
import { describeAppointment } from '~/domain/shops'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'
import { useIsPending } from '~/utils/pending'

import { RulesDecision } from './decision'
import { ShopPayment } from './payment'
import { PhotoGrid } from './photo-grid'

type Data = ClaimReviewPageData

/**
 * A decided claim: the decision, the shop's e-mail, the service promise, the appointment, the completed job's invoice
 * (with its calibration evidence), the shop's payment, reversing an automatic approval, and the shop's files.
 */
export function OutcomeCard({
  claim,
  rules,
  shopEmail,
  promise,
  documents,
  invoice,
  payout,
  invoiceHold,
  failed,
}: Pick<Data, 'claim' | 'rules' | 'shopEmail' | 'promise' | 'documents' | 'invoice' | 'payout' | 'invoiceHold'> & {
  /** The messages of a refused form of this intent, by field. */
  failed: (intent: string) => Record<string, string[] | undefined>
}) {
  const time = useOperatorTime()
  const reversing = useIsPending({ state: 'submitting', intent: 'reverse' })
  // A calibration report may be a PDF: it is a link, not a photo in the grid.
  // The invoice to read comes first (the model orders them); one a correction replaced says so, still reachable.
  const invoices = documents
    .filter((document) => document.type === 'invoice')
    .map((document) => (document.earlier ? { ...document, caption: INVOICE_CORRECTION_FILES.earlierInvoice } : document))
  const repairPhotos = documents.filter((document) => document.type === 'repair_photo')
  const calibrationReports = documents.filter((document) => document.type === 'calibration_report')
  // The shop's calibration proof (its facts on the shop's page and the owner's certificate): the evidence, to check.
  const calibrationProof = documents.flatMap((document) =>
    isCalibrationFileType(document.type) ? [{ ...document, type: document.type }] : [],
  )
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Outcome</h2>
      {rules ? <RulesDecision rules={rules} /> : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Decided</dt>
        <dd>{time(claim.reviewedAt)}</dd>
        {claim.partnerGroup ? (
          <>
            <dt className="text-slate-600">Partner group</dt>
            <dd>{claim.partnerGroup}</dd>
          </>
        ) : null}
        {shopEmail ? (
          <>
            <dt className="text-slate-600">Shop e-mail</dt>
            <dd data-testid="shop-email">
              {shopEmail.sent ? `Sent to ${shopEmail.to} on ${time(shopEmail.at)}` : `Not sent: ${shopEmail.reason ?? 'unknown reason'}`}
            </dd>
          </>
        ) : null}
        {claim.status === 'denied' ? (
          <>
            <dt className="text-slate-600">Reason</dt>
            <dd>{claim.denialReason}</dd>
          </>
        ) : null}
        {promise ? (
          <>
            <dt className="text-slate-600">Service promise</dt>
            <dd data-testid="service-promise">
              {promise.past ? 'Broken: ' : ''}
              {claim.completedAt ? 'was due by' : 'due by'} {time(promise.deadline)} ({SERVICE_PROMISE_TEXT})
            </dd>
          </>
        ) : null}
        {claim.appointmentAt ? (
          <>
            <dt className="text-slate-600">{claim.appointmentProposed && !claim.completedAt ? 'Proposed time' : 'Appointment'}</dt>
            <dd data-testid="appointment">
              {describeAppointment(claim.appointmentAt)} ({claim.appointmentZone})
            </dd>
          </>
        ) : null}
        {claim.completedAt ? (
          <>
            <dt className="text-slate-600">Completed</dt>
            <dd>{time(claim.completedAt)}</dd>
            <dt className="text-slate-600">Service</dt>
            <dd className="capitalize">{claim.repairType}</dd>
            <dt className="text-slate-600">Shop notes</dt>
            <dd className="whitespace-pre-line">{claim.partnerNotes ?? '—'}</dd>
            {/* The invoice's fields as their declaration shows them (app/domain/invoice.ts). */}
            {invoice.lines.map((line) => (
              <Fragment key={line.name}>
                <dt className="text-slate-600">{line.label}</dt>
                <dd data-testid={`invoice-${line.name}`}>
                  {line.shown || '—'}
                  {line.name === 'adasCalibration'
                    ? calibrationReports.map((report) => (
                        <a key={report.id} href={report.full} className="ml-2 text-brand-700 underline" target="_blank" rel="noreferrer">
                          Calibration report ({report.fileName})
                        </a>
                      ))
                    : null}
                  {line.name === 'adasCalibration'
                    ? calibrationProof.map((file) => (
                        <a key={file.id} href={file.full} className="ml-2 text-brand-700 underline" target="_blank" rel="noreferrer">
                          {CALIBRATION_FILES[file.type].label}
                        </a>
                      ))
                    : null}
                </dd>
              </Fragment>
            ))}
            {invoice.accepted ? (
              <>
                <dt className="text-slate-600">Amount accepted</dt>
                <dd data-testid="invoice-accepted-amount">{invoice.accepted}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      {payout ? <ShopPayment payout={payout} invoiceHold={invoiceHold} invoice={invoice} failed={failed} /> : null}
      {rules?.reversible ? (
        <Form method="post" className="mt-4 space-y-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="reverse" />
          <fieldset aria-describedby={failed('reverse').ground ? 'reverse-ground-error' : undefined}>
            <legend className="text-sm font-medium text-slate-900">Ground for the reversal (the terms list no other)</legend>
            <div className="mt-2 space-y-2">
              {REVERSAL_GROUNDS.map((ground) => (
                <label key={ground} className="flex items-center gap-3 text-sm text-slate-900">
                  <input type="radio" name="ground" value={ground} className={choiceClass} />
                  {REVERSAL_GROUND_LABELS[ground]}
                </label>
              ))}
            </div>
            <FieldError id="reverse-ground-error" errors={failed('reverse').ground} />
          </fieldset>
          <Field
            label="Reverse the automatic approval"
            htmlFor="reverse-reason"
            hint={RULES_DECISION_MESSAGES.reverseHint}
            errors={failed('reverse').reason}
          >
            <textarea id="reverse-reason" name="reason" rows={3} className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass('destructive')} disabled={reversing}>
            {reversing ? 'Reversing...' : 'Reverse and deny'}
          </button>
        </Form>
      ) : null}
      {invoices.length ? (
        <>
          <h3 id="invoice-photos-title" className="mt-4 text-sm font-semibold text-slate-900">
            Invoice
          </h3>
          <PhotoGrid photos={invoices} empty="" labelledBy="invoice-photos-title" />
        </>
      ) : null}
      {repairPhotos.length ? (
        <>
          <h3 id="repair-photos-title" className="mt-4 text-sm font-semibold text-slate-900">
            {CLAIM_PAGE_MESSAGES.repairPhotos}
          </h3>
          <PhotoGrid photos={repairPhotos} empty="" labelledBy="repair-photos-title" />
        </>
      ) : null}
    </Card>
  )
}
