import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

import { claimMessageLimited } from '~/auth/claim-limits.server'
import { RuleError } from '~/domain/errors'
import {
  CHECK_THE_FORM,
  CLAIM_THREAD_MESSAGES,
  claimApproved,
  claimDenied,
  DENIAL_REASON_REQUIRED,
  DISPUTE_MESSAGES,
  INVOICE_HOLD_MESSAGES,
  INVOICE_REVIEW_MESSAGES,
  PAYOUT_MESSAGES,
  PHOTO_REQUEST_MESSAGES,
  RULES_DECISION_MESSAGES,
} from '~/domain/messages'
import { adminClaimPath } from '~/domain/paths'
import { reverseRulesApproval } from '~/models/claims/claim-decision.server'
import { postClaimMessage, requestPhotos } from '~/models/claims/claim-messages.server'
import { approveClaim, claimForReview, denyClaim } from '~/models/claims/claim-review.server'
import { answerDispute, tellShopDisputeAnswered } from '~/models/claims/disputes.server'
import { approveJobsForPayment, releaseInvoiceHold } from '~/models/money/payouts.server'
import { invoiceHistory, rejectInvoice, tellShopInvoiceRejected } from '~/models/shops/invoice-review.server'
import { redirectWithToast } from '~/toast.server'
import { answerRefusal, answerSubmission, notFound } from '~/utils/refusal'
import { ClaimMessageSchema, PhotoRequestSchema, ReviewSchema } from '~/validation/claims'

// The operator's claim page's forms (routes/admin.claims.$claimId.tsx), one named function for each intent: the
// thread's answer and the request for photos have forms of their own; the decision's and the invoice's share one schema.

/** Who acts on which claim: the page's claim and the signed-in operator. */
type On = { claimId: string; operatorId: string }
type Review = z.infer<typeof ReviewSchema>
type ReviewOf<Intent extends Review['intent']> = Extract<Review, { intent: Intent }>

/** The operator's message on the claim's thread. */
export async function postMessage(formData: FormData, { claimId, operatorId }: On) {
  const intent = 'message'
  const submission = parseWithZod(formData, { schema: ClaimMessageSchema })
  if (submission.status !== 'success')
    return answerSubmission(submission, { intent, toast: { type: 'error', ...CLAIM_THREAD_MESSAGES.correct } })
  if (!claimForReview(claimId)) notFound()
  // Past the thread's limit: said next to the message, which stays in the box; nothing is saved.
  const limited = claimMessageLimited(operatorId, claimId)
  if (limited) return answerRefusal(limited, submission, { intent })
  await postClaimMessage({ claimId, author: 'operator', authorProfileId: operatorId, body: submission.value.body })
  return redirectWithToast(adminClaimPath(claimId), { type: 'success', ...CLAIM_THREAD_MESSAGES.sent })
}

/** An e-mailed link to the customer (or the shop) that adds photos to the claim. */
export async function askForPhotos(formData: FormData, { claimId, operatorId }: On) {
  const intent = 'request-photos'
  const submission = parseWithZod(formData, { schema: PhotoRequestSchema })
  if (submission.status !== 'success')
    return answerSubmission(submission, { intent, toast: { type: 'error', ...PHOTO_REQUEST_MESSAGES.correct } })
  try {
    const { who } = await requestPhotos({ claimId, operatorId, ...submission.value })
    return redirectWithToast(adminClaimPath(claimId), { type: 'success', ...PHOTO_REQUEST_MESSAGES.sent(who) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission, { intent })
    throw error
  }
}

/** The decision on the claim and on its invoice: each intent of ReviewSchema to its function; a rule's refusal is the form's. */
export async function review(formData: FormData, on: On) {
  const submission = parseWithZod(formData, { schema: ReviewSchema })
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    const first = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? CHECK_THE_FORM.description
    const title = intent === 'deny' || intent === 'reverse' ? DENIAL_REASON_REQUIRED.title : CHECK_THE_FORM.title
    return answerSubmission(submission, { intent, toast: { type: 'error', title, description: first } })
  }
  const input = submission.value
  try {
    switch (input.intent) {
      case 'approve-payment':
        return approvePayment(input, on)
      case 'reject-invoice':
        return await rejectTheInvoice(input, on)
      case 'answer-dispute':
        return await answerTheDispute(input, on)
      case 'release-invoice':
        return releaseTheInvoice(on)
      case 'approve':
        return await approve(input, on)
      case 'reverse':
        return await reverse(input, on)
      case 'deny':
        return await deny(input, on)
    }
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission, { intent: input.intent })
    throw error
  }
}

function approvePayment(input: ReviewOf<'approve-payment'>, { claimId, operatorId }: On) {
  const { approved } = approveJobsForPayment({ claimIds: [claimId], actorId: operatorId, acceptedCents: input.acceptedAmount })
  return redirectWithToast(adminClaimPath(claimId), {
    type: 'success',
    ...(approved ? PAYOUT_MESSAGES.approved(approved) : PAYOUT_MESSAGES.alreadyApproved),
  })
}

async function rejectTheInvoice(input: ReviewOf<'reject-invoice'>, { claimId, operatorId }: On) {
  const rejection = { claimId, actorId: operatorId, reason: input.reason, note: input.note }
  const claim = rejectInvoice(rejection)
  await tellShopInvoiceRejected(rejection)
  return redirectWithToast(adminClaimPath(claimId), { type: 'success', ...INVOICE_REVIEW_MESSAGES.rejected(claim.confirmationCode) })
}

async function answerTheDispute(input: ReviewOf<'answer-dispute'>, { claimId, operatorId }: On) {
  // The dispute must be this claim's: another claim's id in the post is a 404, as for any other record.
  if (!invoiceHistory(claimId).disputes.some((dispute) => dispute.id === input.disputeId)) notFound()
  const answered = answerDispute({
    disputeId: input.disputeId,
    actorId: operatorId,
    outcome: input.outcome,
    answer: input.answer,
    acceptedCents: input.acceptedAmount,
  })
  await tellShopDisputeAnswered(answered, operatorId)
  return redirectWithToast(adminClaimPath(claimId), { type: 'success', ...DISPUTE_MESSAGES.answered })
}

function releaseTheInvoice({ claimId, operatorId }: On) {
  releaseInvoiceHold({ claimId, actorId: operatorId })
  return redirectWithToast(adminClaimPath(claimId), { type: 'success', ...INVOICE_HOLD_MESSAGES.released })
}

async function approve(input: ReviewOf<'approve'>, { claimId, operatorId }: On) {
  const claim = await approveClaim({
    claimId,
    partnerGroupId: input.partnerGroupId,
    partnerLocationId: input.partnerLocationId || null,
    actorId: operatorId,
  })
  return redirectWithToast('/admin/claims', { type: 'success', ...claimApproved(claim.confirmationCode) })
}

async function reverse(input: ReviewOf<'reverse'>, { claimId, operatorId }: On) {
  const claim = await reverseRulesApproval({ claimId, ground: input.ground, reason: input.reason, actorId: operatorId })
  return redirectWithToast(adminClaimPath(claimId), { type: 'success', ...RULES_DECISION_MESSAGES.reversed(claim.confirmationCode) })
}

async function deny(input: ReviewOf<'deny'>, { claimId, operatorId }: On) {
  const claim = await denyClaim({ claimId, reason: input.reason, actorId: operatorId })
  return redirectWithToast('/admin/claims', { type: 'success', ...claimDenied(claim.confirmationCode) })
}
