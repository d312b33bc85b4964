import { data } from 'react-router'

import { requireShopStaff } from '~/auth/session.server'
import { ClaimThread, MessageField } from '~/components/claims/claim-thread'
import { Appointment, OnTheWay } from '~/components/shop/appointment'
import { CalibrationProofStatus } from '~/components/shop/calibration-proof'
import { Completed, CompleteForm } from '~/components/shop/complete-form'
import type { FormErrors, FormValues, InvoiceJob } from '~/components/shop/invoice-fields'
import { InvoiceReview } from '~/components/shop/invoice-review'
import { JobPrice } from '~/components/shop/job-price'
import { JobContact, JobFacts, type ShopJobView } from '~/components/shop/job-summary'
import { Toast } from '~/components/toast'
import { buttonClass, Card } from '~/components/ui'
import type { CalibrationMethod } from '~/domain/calibration'
import { DISPUTE_FILES_FIELD, SHOP_FILE_FIELDS } from '~/domain/invoice'
import { MAX_REPAIR_PHOTOS } from '~/domain/uploads'
import { shopJobPage } from '~/models/shops/shop-job-page.server'
import { shopJob } from '~/models/shops/shop-jobs.server'
import { routeRules } from '~/server/route-rules'
import { readMultipartFormOrRefusal } from '~/services/multipart.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerUploadRefused, formValues, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { ClaimMessageSchema } from '~/validation/claims'
import { fieldLimits } from '~/validation/limits'

// The code-only page's small optional script: pending labels on the buttons (the page works the same without it).
import shopScript from '../components/claims/partner-complete-claim.js?url&no-inline'
import type { Route } from './+types/shop.jobs.$claimId'
import { appointment, complete, dispute, onTheWay, postMessage, resubmit } from './shop.jobs.$claimId.intents.server'

/**
 * One job of the shop's group: its facts, the appointment (confirm a time inside the window asked for, or propose
 * another), and the completion with what the shop invoices. No React is sent (hydrate false): plain forms, POST →
 * redirect → GET, the flash message rendered by the server. Another group's job is a 404, for the page and every post.
 */
export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true, hydrate: false })

/** The files the completion form (or the correction) may carry: the invoice, the repair photos and the calibration report. */
const MAX_FILES = MAX_REPAIR_PHOTOS + 2

const MESSAGE_LIMITS = fieldLimits(ClaimMessageSchema)

export async function loader({ request, params }: Route.LoaderArgs) {
  const { group } = await requireShopStaff(request)
  return data(shopJobPage(group.id, params.claimId), { headers: { 'Cache-Control': 'no-store' } })
}

/** The form of a completed job's page that has this file input: the correction's or the dispute's. */
function intentOfFileField(field: string) {
  if (field === DISPUTE_FILES_FIELD) return 'dispute'
  return (Object.values(SHOP_FILE_FIELDS) as string[]).includes(field) ? 'resubmit' : undefined
}

export async function action({ request, params }: Route.ActionArgs) {
  const { profile, group } = await requireShopStaff(request)
  // Another group's job (or none) is refused before its body is read.
  const job = shopJob(group.id, params.claimId)
  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_FILES })
  if (refused) {
    const field = refused.field === 'form' ? SHOP_FILE_FIELDS.repair_photo : refused.field
    // What was typed comes back with the refusal, the form's intent among it. Without the intent (the reader stopped
    // before it), the file's field tells the form: on a completed job's page, the correction's files or the dispute's.
    const read = refused.fieldsRead ? formValues(refused.fieldsRead) : {}
    const intent = read.intent ?? (job.completed ? intentOfFileField(field) : undefined)
    return answerUploadRefused(refused, { field, values: intent ? { ...read, intent } : null })
  }
  const intent = String(form.fields.get('intent') ?? '')
  const values = formValues(form.fields)
  const on = { claimId: job.id, code: job.code, groupId: group.id, actorId: profile.id, values }
  if (intent === 'message') return postMessage(form, on)
  if (intent === 'on-the-way') return onTheWay(on)
  if (intent === 'confirm' || intent === 'propose') return appointment(form, on)
  if (intent === 'resubmit') return resubmit(form, on)
  if (intent === 'dispute') return dispute(form, on)
  return complete(form, on)
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(`Job ${loaderData.job.code}`, 'A partner shop job: the appointment and the completion with the invoice.', { noindex: true })

export default function ShopJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job, window, documents, attached, damagePhotos, calibration, thread } = loaderData
  const answer: ActionAnswer | undefined = actionData
  const errors = resultErrors(answer?.result) as FormErrors
  const values = resultValues(answer?.result) as FormValues
  const intent = values.intent
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <p>
        <a href="/shop" className="text-sm font-semibold text-brand-700 underline">
          ← All jobs
        </a>
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Job <span className="font-mono">{job.code}</span>
      </h1>
      {answer?.toast ? <Toast toast={answer.toast} /> : null}
      <Card className="space-y-3">
        <JobFacts job={job as ShopJobView} zone={loaderData.zone} />
        <p className="whitespace-pre-line text-sm text-slate-800">{job.description}</p>
      </Card>
      <Card>
        <JobContact job={job as ShopJobView} photos={damagePhotos} />
      </Card>
      {job.completed && loaderData.review ? (
        <>
          <Completed job={job} documents={documents} lines={loaderData.review.lines} />
          <JobPrice price={loaderData.price} />
          {calibration ? (
            <CalibrationProofStatus
              claimId={job.id}
              calibration={job.adasCalibration as CalibrationMethod}
              gaps={calibration.gaps}
              open={calibration.open}
            />
          ) : null}
          <InvoiceReview
            review={loaderData.review}
            job={job as InvoiceJob}
            errors={intent === 'resubmit' || intent === 'dispute' ? errors : {}}
            values={values}
            zone={loaderData.zone}
          />
        </>
      ) : (
        <>
          {job.place.mobile && job.appointmentAt ? (
            <OnTheWay onTheWayAt={job.technicianOnTheWayAt} errors={intent === 'on-the-way' ? errors : {}} zone={loaderData.zone} />
          ) : null}
          <Appointment
            job={job as ShopJobView}
            window={window}
            errors={intent === 'confirm' || intent === 'propose' ? errors : {}}
            values={values}
          />
          <JobPrice price={loaderData.price} />
          <CompleteForm
            job={job as InvoiceJob}
            errors={intent === 'complete' ? errors : {}}
            values={intent === 'complete' ? values : {}}
            attached={attached}
          />
        </>
      )}
      <ClaimThread messages={thread} reader="shop" shopName={null} note="The customer and our claims team read these messages.">
        <form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="message" />
          <MessageField
            errors={intent === 'message' ? errors.body : undefined}
            value={intent === 'message' ? values.body : undefined}
            maxLength={MESSAGE_LIMITS.body.maxLength}
          />
          <button type="submit" className={buttonClass('primary')} data-pending-label="Sending...">
            Send message
          </button>
        </form>
      </ClaimThread>
      {/* Shows the pending label once a form is sent; the page works the same without it. */}
      <script src={shopScript} defer />
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
