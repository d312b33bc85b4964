import { describeWait } from '~/auth/rate-limit.server'
import { findClaimByCodeLimited, RateLimitedError } from '~/auth/shop-lookup-limits.server'
import { RuleError } from '~/domain/errors'
import { INVOICE_REQUIRED, REPAIR_PHOTOS_REQUIRED } from '~/domain/messages'
import { MAX_REPAIR_PHOTOS } from '~/domain/uploads'
import { logger } from '~/logger.server'
import { completeClaim } from '~/models/claims/claim-shop.server'
import { shopFilesOf } from '~/models/shops/shop-documents.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartForm, type UploadedFile, UploadError } from '~/services/multipart.server'
import { formValues, jsonError, jsonNotFound } from '~/utils/refusal'
import { completionInput } from '~/validation/invoice'

import type { Route } from './+types/api.complete-partner-claim'

export const handle = routeRules({ body: 'upload-or-json', public: false, pageCache: false, originCheck: true })

/**
 * POST /api/complete-partner-claim with the field names integrations use: confirmationCode, repairType, actualCost,
 * partnerNotes. Files travel in the same request as multipart parts `invoice` and `repairPhotos` (we never fetch
 * files from URLs a caller names), so a JSON body, which cannot carry them, is answered 'Invoice Required'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let fields: Record<string, string> = {}
  let files: UploadedFile[] = []
  try {
    if (/^application\/json/i.test(request.headers.get('Content-Type') ?? '')) {
      const body = (await request.json()) as Record<string, unknown> | null
      for (const [key, value] of Object.entries(body ?? {})) {
        if (value !== null && value !== undefined && typeof value !== 'object') fields[key] = String(value)
      }
    } else {
      const form = await readMultipartForm(request, { maxFiles: MAX_REPAIR_PHOTOS + 1 })
      fields = formValues(form.fields)
      files = form.files
    }
  } catch (error) {
    if (error instanceof UploadError) return jsonError(error.message, error.status, { field: error.field })
    return jsonError('Send multipart/form-data (or JSON) with confirmationCode.', 400)
  }

  // Integrations name the code confirmationCode; the rest of the fields are the forms' own.
  const parsed = completionInput({ ...fields, code: fields.confirmationCode ?? fields.code }, 'code')
  const problem = Object.values(parsed.fieldErrors)[0]?.[0]
  if (problem !== undefined) return jsonError(problem, 400)

  try {
    const found = findClaimByCodeLimited(parsed.code, clientIp({ request, context }))
    if (!found) return jsonNotFound()
    const { claim } = found
    if (claim.approvalStatus === 'completed') return Response.json({ success: true, claimId: claim.id, alreadyCompleted: true })
    if (claim.approvalStatus !== 'approved')
      return jsonError('This claim is not approved for service.', 409, { status: claim.approvalStatus })

    const { invoice, repairPhotos } = shopFilesOf(files)
    if (!invoice) return jsonError(INVOICE_REQUIRED.description, 400, { title: INVOICE_REQUIRED.title })
    if (!repairPhotos.length) return jsonError(REPAIR_PHOTOS_REQUIRED.description, 400, { title: REPAIR_PHOTOS_REQUIRED.title })

    const result = await completeClaim({
      code: found.code,
      claim,
      ...parsed.input,
      invoice,
      repairPhotos,
    })
    return Response.json({
      success: true,
      claimId: result.claim.id,
      alreadyCompleted: result.alreadyCompleted,
      // Above its service's ceiling: completed, and held for the operator's review before it is paid.
      invoiceHeld: result.claim.invoiceHeldFor !== null,
    })
  } catch (error) {
    if (error instanceof RateLimitedError) {
      const headers = { 'Retry-After': String(Math.max(1, error.retryAfterSeconds)) }
      return jsonError(`Too many attempts. Please wait ${describeWait(error.retryAfterSeconds)}.`, 429, { headers })
    }
    if (error instanceof RuleError) return jsonError(error.message, error.status, { title: error.title, field: error.field })
    if (error instanceof UploadError) return jsonError(error.message, error.status, { field: error.field })
    if (error instanceof ImageQueueFull) {
      return jsonError(error.message, 503, { headers: { 'Retry-After': String(error.retryAfterSeconds) } })
    }
    logger.error({ err: error }, 'API completion of a claim failed')
    return jsonError('Failed to complete claim', 500)
  }
}
