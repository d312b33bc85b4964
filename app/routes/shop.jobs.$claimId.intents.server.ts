import { parseWithZod } from '@conform-to/zod/v4'

import { claimMessageLimited } from '~/auth/claim-limits.server'
import { RuleError } from '~/domain/errors'
import { DISPUTE_FILES_FIELD, invoiceColumnsOf } from '~/domain/invoice'
import {
  APPOINTMENT_MESSAGES,
  CLAIM_THREAD_MESSAGES,
  COMPLETE_FAILED,
  DISPUTE_MESSAGES,
  IMAGES_BUSY,
  INVOICE_REVIEW_MESSAGES,
  shopUploadFailed,
  TEXT_MESSAGES,
} from '~/domain/messages'
import { shopJobPath } from '~/domain/paths'
import { logger } from '~/logger.server'
import { postClaimMessage } from '~/models/claims/claim-messages.server'
import { completeClaim, completedMessage } from '~/models/claims/claim-shop.server'
import { openDispute } from '~/models/claims/disputes.server'
import { resubmitInvoice } from '~/models/shops/invoice-review.server'
import { shopFilesOf } from '~/models/shops/shop-documents.server'
import { markOnTheWay, setAppointment } from '~/models/shops/shop-jobs.server'
import { ImageQueueFull } from '~/services/image-queue.server'
import { type readMultipartForm, UploadError } from '~/services/multipart.server'
import { redirectWithToast } from '~/toast.server'
import { answerErrors, answerRefusal, answerSchemaErrors } from '~/utils/refusal'
import { ClaimMessageSchema } from '~/validation/claims'
import { completionInput } from '~/validation/invoice'
import { AppointmentSchema, DisputeSchema, InvoiceCorrectionSchema } from '~/validation/shops'

// The shop's job page's forms (routes/shop.jobs.$claimId.tsx), one named function for each intent. Each answers a
// refused form with the values sent, so the page shows them again beside the messages.

type Form = Awaited<ReturnType<typeof readMultipartForm>>
/** Who acts on which job: the group's job (already checked), the signed-in staff member, and the form's values as text. */
type On = { claimId: string; code: string; groupId: string; actorId: string; values: Record<string, string> }

/** The shop's message on the claim's thread. */
export async function postMessage(form: Form, { claimId, actorId, values }: On) {
  const submission = parseWithZod(form.fields, { schema: ClaimMessageSchema })
  if (submission.status !== 'success') return answerSchemaErrors(submission, values, CLAIM_THREAD_MESSAGES.correct)
  // Past the thread's limit: said next to the message, which the page shows again in the box; nothing is saved.
  const limited = claimMessageLimited(actorId, claimId)
  if (limited) return answerRefusal(limited, { values })
  await postClaimMessage({ claimId, author: 'shop', authorProfileId: actorId, body: submission.value.body })
  return redirectWithToast(shopJobPath(claimId), { type: 'success', ...CLAIM_THREAD_MESSAGES.sent })
}

/** A mobile appointment's technician leaving: the customer is told. */
export async function onTheWay({ claimId, groupId, actorId, values }: On) {
  try {
    await markOnTheWay({ groupId, actorId, claimId })
    return redirectWithToast(shopJobPath(claimId), { type: 'success', ...TEXT_MESSAGES.onTheWay })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    throw error
  }
}

/** A time confirmed inside the window asked for, or another one proposed. */
export async function appointment(form: Form, { claimId, groupId, actorId, values }: On) {
  const submission = parseWithZod(form.fields, { schema: AppointmentSchema })
  if (submission.status !== 'success') return answerSchemaErrors(submission, values, APPOINTMENT_MESSAGES.correct)
  try {
    const { proposed } = await setAppointment({ groupId, actorId, claimId, ...submission.value })
    return redirectWithToast(shopJobPath(claimId), {
      type: 'success',
      ...(proposed ? APPOINTMENT_MESSAGES.proposed : APPOINTMENT_MESSAGES.confirmed),
    })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    throw error
  }
}

/** A rejected invoice, corrected and sent again, with the files that correct it (each optional). */
export async function resubmit(form: Form, { claimId, groupId, actorId, values }: On) {
  const correction = parseWithZod(form.fields, { schema: InvoiceCorrectionSchema })
  if (correction.status !== 'success') return answerSchemaErrors(correction, values, INVOICE_REVIEW_MESSAGES.correct)
  try {
    await resubmitInvoice({
      groupId,
      claimId,
      actorId,
      fields: invoiceColumnsOf(correction.value),
      files: shopFilesOf(form.files),
    })
    return redirectWithToast(shopJobPath(claimId), { type: 'success', ...INVOICE_REVIEW_MESSAGES.resubmitted })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof ImageQueueFull) return imagesBusy(error, values)
    throw error
  }
}

/** The image queue is full: the form is answered at once (503 with when to try again), its values kept. */
function imagesBusy(error: ImageQueueFull, values: Record<string, string>) {
  return answerErrors(
    { form: [IMAGES_BUSY.description] },
    { status: 503, values, toast: { type: 'error', ...IMAGES_BUSY }, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
  )
}

/** A dispute of the invoice's rejection or of the amount accepted, with its files. */
export async function dispute(form: Form, { claimId, groupId, actorId, values }: On) {
  const submission = parseWithZod(form.fields, { schema: DisputeSchema })
  if (submission.status !== 'success') return answerSchemaErrors(submission, values, DISPUTE_MESSAGES.correct)
  try {
    const { dueOn } = await openDispute({
      groupId,
      claimId,
      actorId,
      message: submission.value.message,
      files: form.files.filter((file) => file.fieldName === DISPUTE_FILES_FIELD),
    })
    return redirectWithToast(shopJobPath(claimId), { type: 'success', ...DISPUTE_MESSAGES.opened(dueOn) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof UploadError) {
      return answerErrors(
        { [DISPUTE_FILES_FIELD]: [error.message] },
        { status: error.status, values, toast: { type: 'error', ...DISPUTE_MESSAGES.correct, description: error.message } },
      )
    }
    if (error instanceof ImageQueueFull) return imagesBusy(error, values)
    throw error
  }
}

/**
 * The job marked complete with what the shop invoices. A refused form still goes to completeClaim with its field
 * errors (it answers for the files too): completionInput reads the fields either way.
 */
export async function complete(form: Form, { claimId, code, actorId, values }: On) {
  const { input, fieldErrors } = completionInput(values, 'job')
  try {
    const { claim } = await completeClaim({
      code,
      actor: actorId,
      ...input,
      ...shopFilesOf(form.files),
      draftIds: form.fields.getAll('draft').map(String),
      fieldErrors,
    })
    return redirectWithToast(shopJobPath(claimId), { type: 'success', ...completedMessage(claim) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof UploadError) {
      return answerErrors(
        { [error.field]: [error.message] },
        { status: error.status, values, toast: { type: 'error', ...shopUploadFailed(error.message) } },
      )
    }
    if (error instanceof ImageQueueFull) return imagesBusy(error, values)
    logger.error({ err: error }, 'shop completion of a job failed')
    return answerErrors(
      { form: [COMPLETE_FAILED.description ?? COMPLETE_FAILED.title] },
      { status: 500, values, toast: { type: 'error', ...COMPLETE_FAILED } },
    )
  }
}
