import { data, redirect } from 'react-router'

import { describeWait } from '~/auth/rate-limit.server'
import { findClaimByCodeLimited, lookupClaimByCode, RateLimitedError } from '~/auth/shop-lookup-limits.server'
import { PartnerClaimPage, type PartnerView } from '~/components/claims/partner-claim'
import { normalizeCode } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { SHOP_FILE_FIELDS } from '~/domain/invoice'
import { COMPLETE_FAILED, IMAGES_BUSY, PHOTO_MESSAGES, shopFormError, shopUploadFailed, type ToastMessage } from '~/domain/messages'
import { MAX_REPAIR_PHOTOS } from '~/domain/uploads'
import { logger } from '~/logger.server'
import { completeClaim, completedMessage, draftsOf, type PartnerLookup } from '~/models/claims/claim-shop.server'
import { jobPriceView } from '~/models/shops/price-schedule.server'
import { shopFilesOf } from '~/models/shops/shop-documents.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartFormOrRefusal, UploadError } from '~/services/multipart.server'
import { signedFileUrl } from '~/services/signed-links.server'
import { redirectWithToast } from '~/toast.server'
import { honeypotProps, isHoneypotTripped } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerErrors, answerRefusal, formValues, resultErrors, resultValues } from '~/utils/refusal'
import { completionInput } from '~/validation/invoice'

import type { Route } from './+types/partner.complete-claim'

/**
 * The shop's 'Complete Claim Service' page: no login, access by code alone. Built for a slow shop PC: the page
 * renders fully on the server, ships no React (handle.hydrate false), and shows thumbnails through short-lived links.
 */
export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true, hydrate: false })

const PAGE = '/partner/complete-claim'

function toView(lookup: PartnerLookup, completedNow: boolean): PartnerView {
  switch (lookup.state) {
    case 'not_found':
      return { kind: 'not_found' }
    case 'pending_review':
    case 'denied':
      return { kind: lookup.state, code: lookup.code }
    case 'completed':
      return completedNow ? { kind: 'done', code: lookup.code, claimId: lookup.claimId } : { kind: 'completed', code: lookup.code }
    case 'approved': {
      const { details } = lookup
      return {
        kind: 'approved',
        code: lookup.code,
        details: {
          claimId: details.claim.id,
          damageType: details.claim.damageType,
          damageDate: details.claim.damageDate,
          description: details.claim.description,
          customer: details.customer,
          vehicle: details.vehicle,
          planType: details.planType,
          planName: details.planName,
          partnerGroup: details.partnerGroup,
          replacementsLeft: details.replacementsLeft,
          reworkOf: details.reworkOf,
          price: jobPriceView(details.claim.id),
          // Files kept from a refused submit: listed as already attached, used when the post names them, unless replaced.
          attached: attachedOf(details.claim.id),
          photos: details.damagePhotos.map((photo) => ({
            id: photo.id,
            fileName: photo.fileName,
            thumb: signedFileUrl(photo.shopThumbPath ?? photo.thumbPath ?? photo.filePath),
            full: signedFileUrl(photo.filePath),
          })),
        },
      }
    }
  }
}

function attachedOf(claimId: string) {
  const drafts = draftsOf(claimId)
  const kept = (type: string) => drafts.filter((draft) => draft.documentType === type).map(({ id, fileName }) => ({ id, fileName }))
  return { invoice: kept('invoice'), repairPhotos: kept('repair_photo') }
}

function rateLimited(error: RateLimitedError, code: string | null) {
  return data<ActionAnswer<{ code: string | null; view: PartnerView; honeypot: ReturnType<typeof honeypotProps> }>>(
    {
      code,
      view: { kind: 'rate_limited', wait: describeWait(error.retryAfterSeconds), sitewide: error.scope === 'site' },
      honeypot: honeypotProps(),
    },
    { status: 429, headers: { 'Retry-After': String(Math.max(1, error.retryAfterSeconds)), 'Cache-Control': 'no-store' } },
  )
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const raw = url.searchParams.get('code')
  const headers = { 'Cache-Control': 'no-store' }
  const honeypot = honeypotProps()
  // A bot's lookup (the honeypot filled in) is answered as a wrong code, and counts as one against its address. The
  // shop's e-mailed link carries the code without the form's stamp, so here a missing stamp is a person's.
  const trapped = isHoneypotTripped(url.searchParams, Date.now(), { stampRequired: false })
  if (!trapped && (raw === null || raw.trim() === '')) {
    return data({ code: null as string | null, view: { kind: 'entry' } as PartnerView, honeypot }, { headers })
  }
  try {
    const lookup = lookupClaimByCode(trapped ? null : raw, clientIp({ request, context }))
    const view = toView(lookup, url.searchParams.get('completed') === '1')
    const code = normalizeCode(raw) ?? (raw ?? '').trim().toUpperCase().slice(0, 20)
    return data({ code, view, honeypot }, { status: view.kind === 'not_found' ? 404 : 200, headers })
  } catch (error) {
    if (error instanceof RateLimitedError) return rateLimited(error, null)
    throw error
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_REPAIR_PHOTOS + 1 })
  if (refused) {
    return failure(
      refused.status,
      refused.field === 'form' ? SHOP_FILE_FIELDS.repair_photo : refused.field,
      { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: refused.message },
      {},
    )
  }
  const values = {
    repairType: String(form.fields.get('repairType') ?? 'repair'),
    actualCost: String(form.fields.get('actualCost') ?? ''),
    partnerNotes: String(form.fields.get('partnerNotes') ?? ''),
  }
  const { code: sentCode, input, fieldErrors } = completionInput(formValues(form.fields), 'code')
  // Without a code there is no claim to keep anything for; every other problem is told together with the files' own.
  if (fieldErrors.code) {
    return answerErrors(fieldErrors, { values, toast: { type: 'error', ...shopFormError(fieldErrors.code[0]!) } })
  }

  // The same lookup (and rate limits) as the code entry: completion is only for an approved claim.
  let found: ReturnType<typeof findClaimByCodeLimited>
  try {
    found = findClaimByCodeLimited(sentCode, clientIp({ request, context }))
  } catch (error) {
    if (error instanceof RateLimitedError) return rateLimited(error, null)
    throw error
  }
  if (found?.claim.approvalStatus === 'completed') {
    // A second submission of the form (a double click, a reload): harmless, show the finished claim.
    return redirect(`${PAGE}?code=${encodeURIComponent(found.code)}&completed=1`)
  }
  if (!found || found.claim.approvalStatus !== 'approved') {
    return redirect(`${PAGE}?code=${encodeURIComponent(found?.code ?? normalizeCode(sentCode) ?? sentCode)}`)
  }
  const { code, claim: approved } = found

  const { invoice, repairPhotos } = shopFilesOf(form.files)

  try {
    const { claim } = await completeClaim({
      code,
      claim: approved,
      ...input,
      invoice,
      repairPhotos,
      draftIds: form.fields.getAll('draft').map(String),
      fieldErrors,
    })
    return redirectWithToast(`${PAGE}?code=${encodeURIComponent(code)}&completed=1`, {
      type: 'success',
      ...completedMessage(claim, claim.id),
    })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof UploadError) {
      return failure(error.status, error.field, { type: 'error', ...shopUploadFailed(error.message) }, values)
    }
    if (error instanceof ImageQueueFull) {
      // Nothing of this post was kept: the shop sends the same form again in a few seconds.
      return answerErrors(
        { form: [IMAGES_BUSY.description] },
        { status: 503, values, toast: { type: 'error', ...IMAGES_BUSY }, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      )
    }
    logger.error({ err: error }, 'partner completion of a claim failed')
    return failure(500, 'form', { type: 'error', ...COMPLETE_FAILED }, values)
  }
}

function failure(status: number, field: string, toast: ToastMessage, values: Record<string, string>) {
  return answerErrors({ [field]: [toast.description ?? toast.title] }, { toast, values, status })
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Complete Claim Service', 'For partner glass shops: look up an approved claim by its code and mark the service complete.', {
    noindex: true,
  })

export default function PartnerCompleteClaim({ loaderData, actionData }: Route.ComponentProps) {
  const answer: ActionAnswer<{ view?: PartnerView }> | undefined = actionData
  return (
    <PartnerClaimPage
      code={loaderData.code}
      view={answer?.view ?? loaderData.view}
      honeypot={loaderData.honeypot}
      errors={resultErrors(answer?.result) as Record<string, string[]>}
      values={resultValues(answer?.result) as Record<string, string>}
      toast={answer?.toast}
    />
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
