import { parseWithZod } from '@conform-to/zod/v4'
import { Fragment } from 'react'
import { Form, Link } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { Actor } from '~/components/admin/actor'
import { ApprovalBadge, ResponseTimer } from '~/components/admin/claim-labels'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { ClaimThread, MessageField } from '~/components/claims/claim-thread'
import { GeneralErrorBoundary, isNotFound } from '~/components/error-boundary'
import { Toast } from '~/components/toast'
import { Badge, buttonClass, Card, Field, inputClass, PageHeading } from '~/components/ui'
import { auditActionLabel } from '~/domain/audit'
import { CALIBRATION_FILES, isCalibrationFileType } from '~/domain/calibration'
import { appealDecisionDeadline } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { formatDateTime, formatLongDate } from '~/domain/format'
import { DISPUTE_KIND_NAMES, DISPUTE_OUTCOME_NAMES } from '~/domain/invoice'
import {
  CHECK_THE_FORM,
  CLAIM_THREAD_MESSAGES,
  claimApproved,
  claimDenied,
  DENIAL_REASON_REQUIRED,
  DISPUTE_MESSAGES,
  INVOICE_HOLD_MESSAGES,
  INVOICE_REJECTION_REASONS,
  INVOICE_REVIEW_MESSAGES,
  PAYOUT_MESSAGES,
  PHOTO_REQUEST_MESSAGES,
  RULES_DECISION_MESSAGES,
} from '~/domain/messages'
import { adminClaimPath, adminCustomerPath } from '~/domain/paths'
import { planName } from '~/domain/plans'
import { SERVICE_PROMISE_TEXT } from '~/domain/service-promise'
import { CUSTOMER_CHOOSES_SHOP, describeAppointment } from '~/domain/shops'
import { PHOTO_REQUEST_DAYS } from '~/domain/uploads'
import { vehicleName } from '~/domain/vehicles'
import { reverseRulesApproval } from '~/models/claim-decision.server'
import { postClaimMessage, requestPhotos, shopOnThread, threadOf } from '~/models/claim-messages.server'
import { approveClaim, claimForReview, denyClaim } from '~/models/claim-review.server'
import { answerDispute } from '~/models/disputes.server'
import { invoiceHistory, rejectInvoice } from '~/models/invoice-review.server'
import { operatorZone } from '~/models/operator.server'
import { approveJobsForPayment, releaseInvoiceHold } from '~/models/payouts.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, notFound, resultErrors } from '~/utils/refusal'
import { ClaimMessageSchema, PhotoRequestSchema, ReviewSchema } from '~/validation/claims'
import { fieldLimits } from '~/validation/limits'

import type { Route } from './+types/admin.claims.$claimId'
import { reviewPage } from './admin.claims.$claimId.server'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ params, context }: Route.LoaderArgs) {
  const review = claimForReview(params.claimId)
  if (!review) notFound()
  return {
    ...reviewPage(review, operatorZone(context.get(operatorContext))),
    // The claim's thread with the customer and (once booked) the shop, answered here.
    thread: threadOf(review.claim.id).map(({ id, ...message }) => ({ key: id, ...message })),
    shopOnThread: shopOnThread(review.claim),
  }
}

const MESSAGE_LIMITS = fieldLimits(ClaimMessageSchema)
const PHOTO_REQUEST_LIMITS = fieldLimits(PhotoRequestSchema)

/** The thread's answer and the request for more photos: forms of their own beside the decision's. */
async function threadAction(formData: FormData, claimId: string, operatorId: string) {
  const intent = String(formData.get('intent') ?? '')
  const page = adminClaimPath(claimId)
  if (intent === 'message') {
    const submission = parseWithZod(formData, { schema: ClaimMessageSchema })
    if (submission.status !== 'success')
      return answerSubmission(submission, { intent, toast: { type: 'error', ...CLAIM_THREAD_MESSAGES.correct } })
    if (!claimForReview(claimId)) notFound()
    await postClaimMessage({ claimId, author: 'operator', authorProfileId: operatorId, body: submission.value.body })
    return redirectWithToast(page, { type: 'success', ...CLAIM_THREAD_MESSAGES.sent })
  }
  const submission = parseWithZod(formData, { schema: PhotoRequestSchema })
  if (submission.status !== 'success')
    return answerSubmission(submission, { intent, toast: { type: 'error', ...PHOTO_REQUEST_MESSAGES.correct } })
  try {
    const { who } = await requestPhotos({ claimId, operatorId, ...submission.value })
    return redirectWithToast(page, { type: 'success', ...PHOTO_REQUEST_MESSAGES.sent(who) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission, { intent })
    throw error
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(operatorContext)
  const formData = await request.formData()
  const asked = formData.get('intent')
  if (asked === 'message' || asked === 'request-photos') return threadAction(formData, params.claimId, admin.id)
  const submission = parseWithZod(formData, { schema: ReviewSchema })
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    const first = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? CHECK_THE_FORM.description
    const title = intent === 'deny' || intent === 'reverse' ? DENIAL_REASON_REQUIRED.title : CHECK_THE_FORM.title
    return answerSubmission(submission, { intent, toast: { type: 'error', title, description: first } })
  }
  const input = submission.value
  try {
    if (input.intent === 'approve-payment') {
      const { approved } = approveJobsForPayment({ claimIds: [params.claimId], actorId: admin.id, acceptedCents: input.acceptedAmount })
      return redirectWithToast(adminClaimPath(params.claimId), {
        type: 'success',
        ...(approved ? PAYOUT_MESSAGES.approved(approved) : PAYOUT_MESSAGES.alreadyApproved),
      })
    }
    if (input.intent === 'reject-invoice') {
      const claim = rejectInvoice({ claimId: params.claimId, actorId: admin.id, reason: input.reason, note: input.note })
      return redirectWithToast(adminClaimPath(params.claimId), {
        type: 'success',
        ...INVOICE_REVIEW_MESSAGES.rejected(claim.confirmationCode),
      })
    }
    if (input.intent === 'answer-dispute') {
      // The dispute must be this claim's: another claim's id in the post is a 404, as for any other record.
      if (!invoiceHistory(params.claimId).disputes.some((dispute) => dispute.id === input.disputeId)) notFound()
      answerDispute({
        disputeId: input.disputeId,
        actorId: admin.id,
        outcome: input.outcome,
        answer: input.answer,
        acceptedCents: input.acceptedAmount,
      })
      return redirectWithToast(adminClaimPath(params.claimId), { type: 'success', ...DISPUTE_MESSAGES.answered })
    }
    if (input.intent === 'release-invoice') {
      releaseInvoiceHold({ claimId: params.claimId, actorId: admin.id })
      return redirectWithToast(adminClaimPath(params.claimId), { type: 'success', ...INVOICE_HOLD_MESSAGES.released })
    }
    if (input.intent === 'approve') {
      const claim = await approveClaim({ claimId: params.claimId, partnerGroupId: input.partnerGroupId, actorId: admin.id })
      return redirectWithToast('/admin/claims', { type: 'success', ...claimApproved(claim.confirmationCode) })
    }
    if (input.intent === 'reverse') {
      const claim = await reverseRulesApproval({ claimId: params.claimId, reason: input.reason, actorId: admin.id })
      return redirectWithToast(adminClaimPath(params.claimId), {
        type: 'success',
        ...RULES_DECISION_MESSAGES.reversed(claim.confirmationCode),
      })
    }
    const claim = await denyClaim({ claimId: params.claimId, reason: input.reason, actorId: admin.id })
    return redirectWithToast('/admin/claims', { type: 'success', ...claimDenied(claim.confirmationCode) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission, { intent: input.intent })
    throw error
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  isNotFound(error) ? NOT_FOUND_META : operatorMeta(`Claim ${loaderData?.claim.code ?? ''}`)

export default function AdminClaim({ loaderData, actionData }: Route.ComponentProps) {
  const time = useOperatorTime()
  const {
    claim,
    customer,
    policy,
    vehicle,
    documents,
    setupPhotos,
    previousClaims,
    replacementsLeft,
    hoursLeft,
    history,
    shopEmail,
    partnerGroups,
    promise,
    payout,
    invoiceHold,
    rules,
    flags,
    storm,
    invoice,
    thread,
    shopOnThread: shopIsOnThread,
  } = loaderData
  const approving = useIsPending({ state: 'submitting', intent: 'approve' })
  const denying = useIsPending({ state: 'submitting', intent: 'deny' })
  const reversing = useIsPending({ state: 'submitting', intent: 'reverse' })
  const approvingPayment = useIsPending({ state: 'submitting', intent: 'approve-payment' })
  const releasing = useIsPending({ state: 'submitting', intent: 'release-invoice' })
  const errors = resultErrors(actionData?.result)
  const answered = actionData && 'intent' in actionData ? actionData.intent : null
  const damagePhotos = documents.filter((document) => document.type === 'damage_photo')
  // A calibration report may be a PDF: it is a link, not a photo in the grid.
  const shopFiles = documents.filter((document) => document.type === 'invoice' || document.type === 'repair_photo')
  const calibrationReports = documents.filter((document) => document.type === 'calibration_report')
  // The shop's calibration proof (its facts on the shop's page and the owner's certificate): the evidence, to check.
  const calibrationProof = documents.flatMap((document) =>
    isCalibrationFileType(document.type) ? [{ ...document, type: document.type }] : [],
  )

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to="/admin/claims" className="text-brand-700 underline">
          Claims
        </Link>
      </p>
      <PageHeading
        sub={
          <span className="flex flex-wrap items-center gap-2">
            <ApprovalBadge status={claim.status} />
            {claim.status === 'pending_review' ? <ResponseTimer hoursLeft={hoursLeft} /> : null}
            {claim.filedLate ? (
              <Badge tone="warning">Filed late (more than {storm ? `${storm.filingDays} days` : '48 hours'} after the damage)</Badge>
            ) : null}
            {storm ? <Badge tone="info">Storm: {storm.name}</Badge> : null}
            {claim.appealedAt ? <Badge tone="info">Appeal</Badge> : null}
            {promise?.past ? <Badge tone="destructive">Past promise</Badge> : null}
            {flags.length ? <Badge tone="warning">Held: integrity checks</Badge> : null}
          </span>
        }
      >
        Claim <span className="font-mono">{claim.code}</span>
      </PageHeading>
      <Toast toast={actionData?.toast} className="mb-6" />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {flags.length ? (
            <Card>
              <h2 className="text-lg font-semibold text-slate-900">Why this claim waits for you</h2>
              <p className="mt-1 text-sm text-slate-700">
                The integrity checks held it when it was filed; the customer is told only that it is being reviewed.
              </p>
              <ul className="mt-3 space-y-2 text-sm" aria-label="Integrity flags">
                {flags.map((flag) => (
                  <li key={flag.id}>
                    <span className="font-medium text-slate-900">{flag.label}:</span> <span className="text-slate-800">{flag.detail}</span>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Damage</h2>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-600">Damage type</dt>
              <dd className="capitalize">{claim.damageType}</dd>
              <dt className="text-slate-600">Damage date</dt>
              <dd>{formatLongDate(claim.damageDate, '—')}</dd>
              <dt className="text-slate-600">Submitted</dt>
              <dd>{time(claim.submittedAt)}</dd>
              <dt className="text-slate-600">Claim ID</dt>
              <dd className="font-mono text-xs">{claim.id}</dd>
              {storm ? (
                <>
                  <dt className="text-slate-600">Storm</dt>
                  <dd data-testid="claim-storm">
                    <Link to={`/admin/storms?event=${encodeURIComponent(storm.id)}`} className="text-brand-700 underline">
                      {storm.name}
                    </Link>
                    : {storm.days}, ZIP {storm.area}
                    {storm.vehicleZip ? ` (the vehicle is kept in ${storm.vehicleZip})` : ''}. Its window: {storm.filingDays} days to file
                    {storm.deadline ? `, until ${time(storm.deadline)}` : ''}.
                  </dd>
                </>
              ) : null}
            </dl>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">What happened</h3>
            <p className="mt-1 whitespace-pre-line text-slate-800">{claim.description}</p>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Damage photos</h3>
            <PhotoGrid photos={damagePhotos} empty="No photos." />
            {damagePhotos.some((photo) => photo.capturedAt || photo.camera) ? (
              <ul className="mt-2 text-xs text-slate-600" aria-label="What the photos' cameras recorded">
                {damagePhotos.map((photo, index) =>
                  photo.capturedAt || photo.camera ? (
                    <li key={photo.id}>
                      Damage photo {index + 1}:{' '}
                      {[photo.capturedAt ? `taken ${photo.capturedAt.replace('T', ' ')}` : null, photo.camera].filter(Boolean).join(', ')}
                    </li>
                  ) : null,
                )}
              </ul>
            ) : null}
            <h3 className="mt-6 text-sm font-semibold text-slate-900">Windshield at activation</h3>
            <p className="mt-1 text-sm text-slate-700">
              The photos the customer took when coverage started. Damage already there then is not covered (terms).
            </p>
            <PhotoGrid photos={setupPhotos} empty="No setup photos (the policy was not set up)." />
          </Card>

          {claim.appealText ? (
            <Card>
              <h2 className="text-lg font-semibold text-slate-900">Appeal</h2>
              <p className="mt-1 text-sm text-slate-600">
                Appealed {time(claim.appealedAt)}. Earlier denial: {claim.denialReason}
              </p>
              {claim.status === 'pending_review' && claim.appealedAt ? (
                <p className="mt-1 text-sm font-medium text-slate-900">
                  Decide by {formatLongDate(appealDecisionDeadline(claim.appealedAt))} (the terms promise a decision within 30 days).
                </p>
              ) : null}
              <p className="mt-3 whitespace-pre-line text-slate-800">{claim.appealText}</p>
            </Card>
          ) : null}

          {claim.status === 'pending_review' ? (
            <Card className="space-y-6">
              <h2 className="text-lg font-semibold text-slate-900">Decision{claim.appealedAt ? ' on the appeal' : ''}</h2>
              {rules ? <RulesDecision rules={rules} /> : null}
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="approve" />
                <Field
                  label="Partner group"
                  htmlFor="partnerGroupId"
                  errors={actionData?.intent === 'approve' ? errors.partnerGroupId : undefined}
                >
                  <select id="partnerGroupId" name="partnerGroupId" className={inputClass} defaultValue="">
                    <option value="" disabled>
                      Choose the shop group…
                    </option>
                    <option value={CUSTOMER_CHOOSES_SHOP}>Let the customer choose a shop near them</option>
                    {partnerGroups.map((group) => (
                      <option key={group.id} value={group.id}>
                        {group.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <button type="submit" className={buttonClass('primary')} disabled={approving}>
                  {approving ? 'Approving...' : 'Approve'}
                </button>
              </Form>
              <hr className="border-slate-200" />
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="deny" />
                <Field
                  label="Reason for denial"
                  htmlFor="reason"
                  hint="The customer sees this reason and may appeal within 14 days."
                  errors={actionData?.intent === 'deny' ? errors.reason : undefined}
                >
                  <textarea id="reason" name="reason" rows={3} className={inputClass} />
                </Field>
                <button type="submit" className={buttonClass('destructive')} disabled={denying}>
                  {denying ? 'Denying...' : 'Deny'}
                </button>
              </Form>
            </Card>
          ) : (
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
                      {shopEmail.sent
                        ? `Sent to ${shopEmail.to} on ${time(shopEmail.at)}`
                        : `Not sent: ${shopEmail.reason ?? 'unknown reason'}`}
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
                                <a
                                  key={report.id}
                                  href={report.full}
                                  className="ml-2 text-brand-700 underline"
                                  target="_blank"
                                  rel="noreferrer"
                                >
                                  Calibration report ({report.fileName})
                                </a>
                              ))
                            : null}
                          {line.name === 'adasCalibration'
                            ? calibrationProof.map((file) => (
                                <a
                                  key={file.id}
                                  href={file.full}
                                  className="ml-2 text-brand-700 underline"
                                  target="_blank"
                                  rel="noreferrer"
                                >
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
              {payout ? (
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
                        errors={actionData?.intent === 'approve-payment' ? errors.acceptedAmount : undefined}
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
                      <Field
                        label="Reason to reject"
                        htmlFor="reject-reason"
                        errors={actionData?.intent === 'reject-invoice' ? errors.reason : undefined}
                      >
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
                      <Field
                        label="Note to the shop"
                        htmlFor="reject-note"
                        errors={actionData?.intent === 'reject-invoice' ? errors.note : undefined}
                      >
                        <textarea id="reject-note" name="note" rows={2} className={inputClass} />
                      </Field>
                      <button type="submit" className={buttonClass('secondary')}>
                        Reject the invoice
                      </button>
                    </Form>
                  ) : null}
                  <InvoiceHistory review={invoice} errors={actionData?.intent === 'answer-dispute' ? errors : {}} />
                  <p className="mt-2 text-sm">
                    <Link to="/admin/payouts" className="text-brand-700 underline">
                      Payouts
                    </Link>
                  </p>
                </div>
              ) : null}
              {rules?.reversible ? (
                <Form method="post" className="mt-4 space-y-3 border-t border-slate-200 pt-4">
                  <input type="hidden" name="intent" value="reverse" />
                  <Field
                    label="Reverse the automatic approval"
                    htmlFor="reverse-reason"
                    hint={RULES_DECISION_MESSAGES.reverseHint}
                    errors={actionData?.intent === 'reverse' ? errors.reason : undefined}
                  >
                    <textarea id="reverse-reason" name="reason" rows={3} className={inputClass} />
                  </Field>
                  <button type="submit" className={buttonClass('destructive')} disabled={reversing}>
                    {reversing ? 'Reversing...' : 'Reverse and deny'}
                  </button>
                </Form>
              ) : null}
              {shopFiles.length ? (
                <>
                  <h3 className="mt-4 text-sm font-semibold text-slate-900">Invoice and repair photos</h3>
                  <PhotoGrid photos={shopFiles} empty="" />
                </>
              ) : null}
            </Card>
          )}
          <ClaimThread
            messages={thread}
            reader="operator"
            shopName={claim.partnerGroup}
            note={shopIsOnThread ? 'The customer and the shop read these messages.' : 'The customer reads these messages.'}
          >
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="message" />
              <MessageField errors={answered === 'message' ? errors.body : undefined} maxLength={MESSAGE_LIMITS.body.maxLength} />
              <button type="submit" className={buttonClass('primary')}>
                Send message
              </button>
            </Form>
          </ClaimThread>
          <Card className="space-y-3" data-testid="photo-request">
            <h2 className="text-lg font-semibold text-slate-900">Ask for more photos</h2>
            <p className="text-sm text-slate-700">
              The one you ask gets an e-mailed link that adds photos to this claim once, without signing in, for {PHOTO_REQUEST_DAYS} days.
            </p>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="request-photos" />
              <fieldset aria-describedby={answered === 'request-photos' && errors.audience ? 'audience-error' : undefined}>
                <legend className="text-sm font-medium text-slate-900">Ask</legend>
                <div className="mt-1 flex gap-6">
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="audience" value="customer" defaultChecked /> The customer
                  </label>
                  {shopIsOnThread ? (
                    <label className="flex min-h-11 items-center gap-2">
                      <input type="radio" name="audience" value="shop" /> The shop
                    </label>
                  ) : null}
                </div>
                {answered === 'request-photos' && errors.audience ? (
                  <p id="audience-error" className="text-sm font-medium text-red-700" role="alert">
                    {errors.audience.join(' ')}
                  </p>
                ) : null}
              </fieldset>
              <Field label="Which photos" htmlFor="photo-note" errors={answered === 'request-photos' ? errors.note : undefined}>
                <textarea
                  id="photo-note"
                  name="note"
                  rows={3}
                  required
                  maxLength={PHOTO_REQUEST_LIMITS.note.maxLength}
                  className={inputClass}
                  aria-invalid={answered === 'request-photos' && errors.note ? true : undefined}
                  aria-describedby={answered === 'request-photos' && errors.note ? 'photo-note-error' : undefined}
                />
              </Field>
              <button type="submit" className={buttonClass('secondary')}>
                Ask for photos
              </button>
            </Form>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Customer</h2>
            {customer ? (
              <>
                <p className="mt-2 font-medium">
                  <Link to={adminCustomerPath(customer.id)} className="text-brand-700 underline">
                    {customer.name ?? customer.email}
                  </Link>
                </p>
                <p className="text-sm text-slate-700">{customer.email}</p>
                {customer.phone ? <p className="text-sm text-slate-700">{customer.phone}</p> : null}
              </>
            ) : (
              <p className="mt-2 text-sm text-slate-700">Not on record: filed before the policy passed to its next owner.</p>
            )}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Policy</h2>
            <dl className="mt-3 space-y-1 text-sm">
              <div>
                <dt className="inline text-slate-600">Plan: </dt>
                <dd className="inline">{planName(policy)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Status: </dt>
                <dd className="inline">{policy.status}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Coverage since: </dt>
                <dd className="inline">{formatLongDate(policy.coverageStartDate, '—')}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Policy ID: </dt>
                <dd className="inline font-mono text-xs">{policy.id}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Vehicle: </dt>
                <dd className="inline">
                  {vehicle
                    ? vehicleName({ ...vehicle, licensePlate: vehicle.plate, licensePlateState: vehicle.state }, { withPlate: true })
                    : 'Vehicle information pending'}
                </dd>
              </div>
              <div data-testid="replacements-left">
                <dt className="inline text-slate-600">Replacements left this plan year: </dt>
                <dd className="inline">{policy.planType === 'chip_only' ? 'none (chip repair only)' : replacementsLeft}</dd>
              </div>
            </dl>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Previous claims on this policy</h2>
            {previousClaims.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">None.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {previousClaims.map((previous) => (
                  <li key={previous.id} className="flex flex-wrap items-center gap-2">
                    <Link to={adminClaimPath(previous.id)} className="font-mono text-brand-700 underline">
                      {previous.code}
                    </Link>
                    <ApprovalBadge status={previous.status} />
                    <span className="text-slate-700">
                      {previous.damageType}
                      {previous.repairType ? ` · ${previous.repairType}` : ''} · {formatLongDate(previous.submittedAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">History</h2>
            {history.length === 0 ? <p className="mt-2 text-sm text-slate-700">Nothing recorded yet.</p> : null}
            <ol className="mt-2 space-y-1 text-sm text-slate-700">
              {history.map((entry) => (
                <li key={entry.id}>
                  <span className="font-medium text-slate-900">{auditActionLabel(entry.action)}</span> · {time(entry.at)} ·{' '}
                  <Actor actor={entry.actor} email={entry.actorEmail} operator={entry.operator} />
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </div>
  )
}

/** The invoice's submissions with the operator's answers, and the shop's disputes with the answer's deadline. */
function InvoiceHistory({
  review,
  errors,
}: {
  review: Route.ComponentProps['loaderData']['invoice']
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

/** What the decision rules made of the claim as it was filed: the version that approved it, or why it waited. */
function RulesDecision({ rules }: { rules: { label: string; reasons: string[] } }) {
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="rules-decision">
      <p className="font-medium text-slate-900">{rules.label}</p>
      {rules.reasons.length ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {rules.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function PhotoGrid({
  photos,
  empty,
}: {
  photos: { id: string; type: string; fileName: string; full: string; thumb: string; caption?: string }[]
  empty: string
}) {
  if (!photos.length) return empty ? <p className="mt-2 text-sm text-slate-700">{empty}</p> : null
  return (
    <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a href={photo.full} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-slate-200">
            <img
              src={photo.thumb}
              alt={`${photo.type.replace('_', ' ')}: ${photo.fileName}`}
              loading="lazy"
              className="h-32 w-full object-cover"
            />
          </a>
          {photo.caption ? <p className="mt-1 text-xs text-slate-700">{photo.caption}</p> : null}
        </li>
      ))}
    </ul>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
