import { data } from 'react-router'

import { Toast } from '~/components/toast'
import { buttonClass, Card, cx, FieldError, fileButtonClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { IMAGES_BUSY, PHOTO_REQUEST_MESSAGES } from '~/domain/messages'
import { PHOTO_REQUEST_DONE_PATH } from '~/domain/paths'
import { MAX_REQUESTED_PHOTOS, MAX_UPLOAD_MB } from '~/domain/uploads'
import {
  addRequestedPhotos,
  openPhotoRequest,
  PHOTO_REQUEST_STATUS,
  type PhotoRequestRefusal,
  PhotoRequestRefused,
} from '~/models/claims/claim-messages.server'
import { routeRules } from '~/server/route-rules'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartForm, UploadError } from '~/services/multipart.server'
import { pageMeta } from '~/utils/meta'
import { answerErrors, answerRefusal, answerUploadRefused, resultErrors } from '~/utils/refusal'

import type { Route } from './+types/photo-requests.$code.$requestId'

// Opened by the customer or by a shop without signing in: no React is sent, the plain form posts the photos.
export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true, hydrate: false })

function linkOf(request: Request, params: Route.LoaderArgs['params']) {
  const url = new URL(request.url)
  return { code: params.code, requestId: params.requestId, exp: url.searchParams.get('exp'), sig: url.searchParams.get('sig') }
}

/** A refusal page (4xx) that says why the link does not work. */
function refused(refusal: PhotoRequestRefusal) {
  return data(
    { refusal: PHOTO_REQUEST_MESSAGES.refused[refusal], request: null },
    { status: PHOTO_REQUEST_STATUS[refusal], headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { request: asked, claim } = openPhotoRequest(linkOf(request, params))
    return data(
      { refusal: null, request: { code: claim.confirmationCode, note: asked.note } },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    if (error instanceof PhotoRequestRefused) return refused(error.refusal)
    throw error
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const link = linkOf(request, params)
  try {
    // A changed, misdirected, expired or spent link is refused before its body is read.
    openPhotoRequest(link)
    const form = await readMultipartForm(request, { maxFiles: MAX_REQUESTED_PHOTOS })
    await addRequestedPhotos({ ...link, photos: form.files.filter((file) => file.fieldName === 'photos') })
  } catch (error) {
    if (error instanceof PhotoRequestRefused) return refused(error.refusal)
    if (error instanceof RuleError) return answerRefusal(error)
    if (error instanceof UploadError) return answerUploadRefused(error)
    if (error instanceof ImageQueueFull) {
      return answerErrors(
        { photos: [IMAGES_BUSY.description] },
        { status: 503, toast: { type: 'error', ...IMAGES_BUSY }, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      )
    }
    throw error
  }
  return new Response(null, { status: 303, headers: { Location: PHOTO_REQUEST_DONE_PATH } })
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Add photos to a claim', 'Add the photos our claims team asked for.', { noindex: true })

export default function PhotoRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && 'result' in actionData ? actionData : null
  const refusal = (actionData && 'refusal' in actionData ? actionData.refusal : null) ?? loaderData.refusal
  const errors = resultErrors(answer?.result)
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      {refusal || !loaderData.request ? (
        <Card className="space-y-2" data-testid="photo-request-refused">
          <h1 className="text-2xl font-bold text-slate-900">{refusal?.title}</h1>
          <p className="text-slate-800">{refusal?.description}</p>
        </Card>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            Add photos to claim <span className="font-mono">{loaderData.request.code}</span>
          </h1>
          {answer?.toast ? <Toast toast={answer.toast} /> : null}
          <Card className="space-y-4">
            <div>
              <h2 className="text-sm font-semibold text-slate-900">What our claims team asks for</h2>
              <p className="mt-1 whitespace-pre-line text-slate-800" data-testid="photo-request-note">
                {loaderData.request.note}
              </p>
            </div>
            <form method="post" encType="multipart/form-data" className="space-y-4">
              <div className="space-y-1.5">
                <label htmlFor="photos" className="block text-sm font-medium text-slate-900">
                  Photos (up to {MAX_REQUESTED_PHOTOS}, {MAX_UPLOAD_MB} MB each)
                </label>
                <input
                  id="photos"
                  name="photos"
                  type="file"
                  accept="image/*"
                  multiple
                  required
                  className={cx('block min-h-11 w-full text-sm text-slate-800 file:min-h-11', fileButtonClass)}
                  aria-invalid={errors.photos ? true : undefined}
                  aria-describedby={errors.photos ? 'photos-error' : undefined}
                />
                <FieldError id="photos-error" errors={errors.photos} />
              </div>
              <p className="text-sm text-slate-700">This link adds photos once. Choose all of them before you send.</p>
              <button type="submit" className={buttonClass('primary')}>
                Send photos
              </button>
            </form>
          </Card>
        </>
      )}
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
