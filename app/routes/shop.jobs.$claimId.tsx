import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { requireShopStaff } from '~/auth/session.server'
import { ClaimThread, MessageField } from '~/components/claims/claim-thread'
import { type KeptFile, KeptFiles } from '~/components/claims/kept-files'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CalibrationProofStatus } from '~/components/shop/calibration-proof'
import { JobPrice } from '~/components/shop/job-price'
import { JobContact, JobFacts, type ShopJobView } from '~/components/shop/job-summary'
import { Toast } from '~/components/toast'
import { buttonClass, Card, cx, Field, FieldError, fileButtonClass, inputClass } from '~/components/ui'
import { type CalibrationMethod, isCalibrationFileType, needsCalibrationProof } from '~/domain/calibration'
import { RuleError } from '~/domain/errors'
import { formatDateTime, formatLongDate } from '~/domain/format'
import {
  calibrationRequired,
  DISPUTE_KIND_NAMES,
  DISPUTE_OUTCOME_NAMES,
  INVOICE_FIELD_NAMES,
  INVOICE_FIELDS,
  invoiceColumnsOf,
  invoiceFormValues,
  invoiceLines,
  isDisputeOverdue,
  MAX_DISPUTE_FILES,
} from '~/domain/invoice'
import {
  APPOINTMENT_MESSAGES,
  CLAIM_THREAD_MESSAGES,
  COMPLETE_FAILED,
  DISPUTE_MESSAGES,
  IMAGES_BUSY,
  INVOICE_REVIEW_MESSAGES,
  PHOTO_MESSAGES,
  shopUploadFailed,
  TEXT_MESSAGES,
} from '~/domain/messages'
import { shopJobPath } from '~/domain/paths'
import { ADAS_CALIBRATIONS, SLOT_HOURS } from '~/domain/shops'
import { MAX_REPAIR_PHOTOS } from '~/domain/uploads'
import { vehicleName } from '~/domain/vehicles'
import { vinModelYear } from '~/domain/vin'
import { logger } from '~/logger.server'
import { shopCalibrationView } from '~/models/calibration.server'
import { postClaimMessage, threadOf } from '~/models/claim-messages.server'
import { completeClaim, completedMessage, draftsOf } from '~/models/claim-shop.server'
import { claimDocumentsOf } from '~/models/claims.server'
import { disputeStandingOf, openDispute } from '~/models/disputes.server'
import { invoiceHistory, resubmitInvoice } from '~/models/invoice-review.server'
import { jobPriceView } from '~/models/price-schedule.server'
import { markOnTheWay, setAppointment, shopJob, windowInWords } from '~/models/shop-jobs.server'
import { routeRules } from '~/server/route-rules'
import { ImageQueueFull } from '~/services/image-queue.server'
import { shopThumbPath } from '~/services/images.server'
import { readMultipartForm, UploadError } from '~/services/multipart.server'
import { signedFileUrl } from '~/services/signed-links.server'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerErrors, answerRefusal, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { ClaimMessageSchema } from '~/validation/claims'
import { fieldLimits } from '~/validation/limits'
import { AppointmentSchema, DisputeSchema, InvoiceCorrectionSchema, ShopCompletionSchema } from '~/validation/shops'

// The code-only page's small optional script: pending labels on the buttons (the page works the same without it).
import shopScript from '../components/claims/partner-complete-claim.js?url&no-inline'
import type { Route } from './+types/shop.jobs.$claimId'

/**
 * One job of the shop's group: its facts, the appointment (confirm a time inside the window asked for, or propose
 * another), and the completion with what the shop invoices. No React is sent (hydrate false): plain forms, POST →
 * redirect → GET, the flash message rendered by the server. Another group's job is a 404, for the page and every post.
 */
export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true, hydrate: false })

/** The files the completion form may carry: the invoice, the repair photos and the calibration report. */
const MAX_FILES = MAX_REPAIR_PHOTOS + 2

const MESSAGE_LIMITS = fieldLimits(ClaimMessageSchema)

export async function loader({ request, params }: Route.LoaderArgs) {
  const { group } = await requireShopStaff(request)
  const job = shopJob(group.id, params.claimId)
  const stored = claimDocumentsOf(job.id)
  // The calibration proof's files are listed on its own page (shop.job-calibration.tsx).
  const documents = job.completed
    ? stored.filter((document) => document.documentType !== 'damage_photo' && !isCalibrationFileType(document.documentType))
    : []
  const drafts = job.completed ? [] : draftsOf(job.id)
  const kept = (type: string) => drafts.filter((draft) => draft.documentType === type).map(({ id, fileName }) => ({ id, fileName }))
  return data(
    {
      job,
      // /files/ answers with the thumbnail for an older photo that has no small copy: no lookup per photo here.
      damagePhotos: stored
        .filter((document) => document.documentType === 'damage_photo')
        .map((photo) => ({ id: photo.id, thumb: signedFileUrl(shopThumbPath(photo.filePath)), full: signedFileUrl(photo.filePath) })),
      window: job.asked ? { words: windowInWords(job.asked), ...SLOT_HOURS[job.asked.slot] } : null,
      documents: documents.map((document) => ({
        id: document.id,
        type: document.documentType,
        fileName: document.fileName,
        url: signedFileUrl(document.filePath),
      })),
      // A job completed with an ADAS calibration: where its proof stands (app/components/shop/calibration-proof.tsx).
      calibration:
        job.completed && needsCalibrationProof(job) ? (({ gaps, open }) => ({ gaps, open }))(shopCalibrationView(group.id, job.id)) : null,
      // The claim's thread with the customer and our claims team (the job is the group's: it is on the thread).
      thread: threadOf(job.id).map(({ id, ...message }) => ({ key: id, ...message })),
      attached: {
        invoice: kept('invoice'),
        repairPhotos: kept('repair_photo'),
        calibrationReport: kept('calibration_report'),
      },
      /** What the job pays under the price schedule: before completion, and the price fixed at completion. */
      price: jobPriceView(job.id),
      /** The invoice's history, the operator's answers and the disputes (completed jobs only). */
      review: job.completed
        ? {
            ...invoiceHistory(job.id),
            lines: invoiceLines(job),
            correction: job.invoiceRejectedAt ? invoiceFormValues(job) : null,
            dispute: disputeStandingOf(group.id, job.id),
          }
        : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, params }: Route.ActionArgs) {
  const { profile, group } = await requireShopStaff(request)
  // Another group's job (or none) is refused before its body is read.
  const job = shopJob(group.id, params.claimId)
  const page = shopJobPath(job.id)
  let form: Awaited<ReturnType<typeof readMultipartForm>>
  try {
    form = await readMultipartForm(request, { maxFiles: MAX_FILES })
  } catch (error) {
    if (error instanceof UploadError) {
      const field = error.field === 'form' ? 'repairPhotos' : error.field
      return answerErrors(
        { [field]: [error.message] },
        { status: error.status, toast: { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: error.message } },
      )
    }
    throw error
  }
  const intent = String(form.fields.get('intent') ?? '')
  const values = Object.fromEntries([...form.fields.entries()].map(([key, value]) => [key, String(value)]))

  if (intent === 'message') {
    const submission = parseWithZod(form.fields, { schema: ClaimMessageSchema })
    if (submission.status !== 'success') {
      return answerErrors(submission.reply().error ?? {}, { values, toast: { type: 'error', ...CLAIM_THREAD_MESSAGES.correct } })
    }
    await postClaimMessage({ claimId: job.id, author: 'shop', authorProfileId: profile.id, body: submission.value.body })
    return redirectWithToast(page, { type: 'success', ...CLAIM_THREAD_MESSAGES.sent })
  }

  if (intent === 'on-the-way') {
    try {
      await markOnTheWay({ groupId: group.id, actorId: profile.id, claimId: job.id })
      return redirectWithToast(page, { type: 'success', ...TEXT_MESSAGES.onTheWay })
    } catch (error) {
      if (error instanceof RuleError) return answerRefusal(error, { values })
      throw error
    }
  }

  if (intent === 'confirm' || intent === 'propose') {
    const submission = parseWithZod(form.fields, { schema: AppointmentSchema })
    if (submission.status !== 'success') {
      return answerErrors(submission.reply().error ?? {}, { values, toast: { type: 'error', ...APPOINTMENT_MESSAGES.correct } })
    }
    try {
      const { proposed } = await setAppointment({ groupId: group.id, actorId: profile.id, claimId: job.id, ...submission.value })
      return redirectWithToast(page, { type: 'success', ...(proposed ? APPOINTMENT_MESSAGES.proposed : APPOINTMENT_MESSAGES.confirmed) })
    } catch (error) {
      if (error instanceof RuleError) return answerRefusal(error, { values })
      throw error
    }
  }

  if (intent === 'resubmit') {
    const correction = parseWithZod(form.fields, { schema: InvoiceCorrectionSchema })
    if (correction.status !== 'success') {
      return answerErrors(correction.reply().error ?? {}, { values, toast: { type: 'error', ...INVOICE_REVIEW_MESSAGES.correct } })
    }
    try {
      resubmitInvoice({
        groupId: group.id,
        claimId: job.id,
        actorId: profile.id,
        fields: invoiceColumnsOf(correction.value),
        hasCalibrationReport: claimDocumentsOf(job.id).some((document) => document.documentType === 'calibration_report'),
      })
      return redirectWithToast(page, { type: 'success', ...INVOICE_REVIEW_MESSAGES.resubmitted })
    } catch (error) {
      if (error instanceof RuleError) return answerRefusal(error, { values })
      throw error
    }
  }

  if (intent === 'dispute') {
    const dispute = parseWithZod(form.fields, { schema: DisputeSchema })
    if (dispute.status !== 'success') {
      return answerErrors(dispute.reply().error ?? {}, { values, toast: { type: 'error', ...DISPUTE_MESSAGES.correct } })
    }
    try {
      const { dueOn } = await openDispute({
        groupId: group.id,
        claimId: job.id,
        actorId: profile.id,
        message: dispute.value.message,
        files: form.files.filter((file) => file.fieldName === 'files'),
      })
      return redirectWithToast(page, { type: 'success', ...DISPUTE_MESSAGES.opened(dueOn) })
    } catch (error) {
      if (error instanceof RuleError) return answerRefusal(error, { values })
      if (error instanceof UploadError) {
        return answerErrors(
          { files: [error.message] },
          { status: error.status, values, toast: { type: 'error', ...DISPUTE_MESSAGES.correct, description: error.message } },
        )
      }
      throw error
    }
  }

  const submission = parseWithZod(form.fields, { schema: ShopCompletionSchema })
  const fieldErrors = submission.status === 'success' ? {} : ((submission.reply().error ?? {}) as Record<string, string[]>)
  const input =
    submission.status === 'success'
      ? submission.value
      : {
          repairType: values.repairType === 'replacement' ? ('replacement' as const) : ('repair' as const),
          actualCost: null,
          partnerNotes: null,
          partNumber: null,
          laborHours: null,
          kitMoulding: null,
          adasCalibration: (ADAS_CALIBRATIONS as readonly string[]).includes(values.adasCalibration ?? '')
            ? (values.adasCalibration as (typeof ADAS_CALIBRATIONS)[number])
            : ('none' as const),
        }
  try {
    const { claim } = await completeClaim({
      code: job.code,
      actor: profile.id,
      repairType: input.repairType,
      actualCostCents: input.actualCost,
      partnerNotes: input.partnerNotes,
      invoiceDetails: {
        partNumber: input.partNumber,
        laborHours: input.laborHours,
        kitMoulding: input.kitMoulding,
        adasCalibration: input.adasCalibration,
      },
      invoice: form.files.find((file) => file.fieldName === 'invoice') ?? null,
      repairPhotos: form.files.filter((file) => file.fieldName === 'repairPhotos'),
      calibrationReport: form.files.find((file) => file.fieldName === 'calibrationReport') ?? null,
      draftIds: form.fields.getAll('draft').map(String),
      fieldErrors,
    })
    return redirectWithToast(page, { type: 'success', ...completedMessage(claim) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof UploadError) {
      return answerErrors(
        { [error.field]: [error.message] },
        { status: error.status, values, toast: { type: 'error', ...shopUploadFailed(error.message) } },
      )
    }
    if (error instanceof ImageQueueFull) {
      return answerErrors(
        { form: [IMAGES_BUSY.description] },
        { status: 503, values, toast: { type: 'error', ...IMAGES_BUSY }, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      )
    }
    logger.error({ err: error }, 'shop completion of a job failed')
    return answerErrors(
      { form: [COMPLETE_FAILED.description ?? COMPLETE_FAILED.title] },
      { status: 500, values, toast: { type: 'error', ...COMPLETE_FAILED } },
    )
  }
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(`Job ${loaderData.job.code}`, 'A partner shop job: the appointment and the completion with the invoice.', { noindex: true })

export default function ShopJobPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job, window, documents, attached, damagePhotos, calibration, thread } = loaderData
  const answer: ActionAnswer | undefined = actionData
  const errors = resultErrors(answer?.result) as Record<string, string[] | undefined>
  const values = resultValues(answer?.result) as Record<string, string | undefined>
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
        <JobFacts job={job as ShopJobView} />
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
          />
        </>
      ) : (
        <>
          {job.place.mobile && job.appointmentAt ? (
            <OnTheWay onTheWayAt={job.technicianOnTheWayAt} errors={intent === 'on-the-way' ? errors : {}} />
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

/** A job as the invoice's forms read it. */
type InvoiceJob = ShopJobView & { planHasAdas: boolean; repairType: 'repair' | 'replacement' | null }

const labelClass = 'block text-sm font-medium text-slate-900'
const fileClass = cx('block min-h-11 w-full text-sm text-slate-800 file:min-h-11', fileButtonClass)
const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

function Appointment({
  job,
  window,
  errors,
  values,
}: {
  job: ShopJobView
  window: { words: string; from: number; until: number } | null
  errors: Record<string, string[] | undefined>
  values: Record<string, string | undefined>
}) {
  const proposing = values.intent === 'propose'
  return (
    <Card className="space-y-5" data-testid="appointment">
      <h2 className="text-xl font-semibold text-slate-900">Appointment</h2>
      {window ? (
        <form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="confirm" />
          <Field
            label="Confirm a time"
            hint={`Inside the window asked for: ${window.words}.`}
            htmlFor="confirm-time"
            errors={proposing ? undefined : errors.time}
            errorId="confirm-time-error"
          >
            <input
              id="confirm-time"
              name="time"
              type="time"
              step={300}
              required
              defaultValue={proposing ? undefined : values.time}
              aria-invalid={!proposing && errors.time ? true : undefined}
              aria-describedby={describedBy('confirm-time-hint', !proposing && errors.time && 'confirm-time-error')}
              className={inputClass}
            />
          </Field>
          <button type="submit" className={buttonClass('primary')} data-pending-label="Confirming...">
            Confirm appointment
          </button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">The customer asked for no time: propose one.</p>
      )}
      <form method="post" className="space-y-3 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="propose" />
        <h3 className="text-base font-semibold">{window ? 'Propose another day and time' : 'Propose a time'}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Day" htmlFor="propose-date" errors={proposing ? errors.date : undefined} errorId="propose-date-error">
            <input
              id="propose-date"
              name="date"
              type="date"
              required
              defaultValue={proposing ? values.date : job.asked?.date}
              aria-invalid={proposing && errors.date ? true : undefined}
              aria-describedby={proposing && errors.date ? 'propose-date-error' : undefined}
              className={inputClass}
            />
          </Field>
          <Field label="Time" htmlFor="propose-time" errors={proposing ? errors.time : undefined} errorId="propose-time-error">
            <input
              id="propose-time"
              name="time"
              type="time"
              step={300}
              required
              defaultValue={proposing ? values.time : undefined}
              aria-invalid={proposing && errors.time ? true : undefined}
              aria-describedby={proposing && errors.time ? 'propose-time-error' : undefined}
              className={inputClass}
            />
          </Field>
        </div>
        <button type="submit" className={buttonClass('secondary')} data-pending-label="Proposing...">
          Propose this time
        </button>
      </form>
    </Card>
  )
}

/** A mobile appointment's "On the way": pressed once as the technician leaves; the customer is texted when they asked for texts. */
function OnTheWay({ onTheWayAt, errors }: { onTheWayAt: string | null; errors: Record<string, string[] | undefined> }) {
  return (
    <Card className="space-y-3" data-testid="on-the-way">
      <h2 className="text-xl font-semibold text-slate-900">On the way</h2>
      {onTheWayAt ? (
        <p className="text-sm text-slate-800">
          On the way since <time dateTime={onTheWayAt}>{formatDateTime(onTheWayAt)}</time>.
        </p>
      ) : (
        <form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="on-the-way" />
          <p className="text-sm text-slate-700">Press as the technician leaves: the customer is told you are on the way.</p>
          <FieldError id="on-the-way-error" errors={errors.form} />
          <button type="submit" className={buttonClass('primary')} data-pending-label="Telling the customer...">
            On the way
          </button>
        </form>
      )}
    </Card>
  )
}

function CompleteForm({
  job,
  errors,
  values,
  attached,
}: {
  job: InvoiceJob
  errors: Record<string, string[] | undefined>
  values: Record<string, string | undefined>
  attached: { invoice: KeptFile[]; repairPhotos: KeptFile[]; calibrationReport: KeptFile[] }
}) {
  const replacement = (values.repairType ?? (job.damageType === 'crack' ? 'replacement' : 'repair')) === 'replacement'
  const file = (name: string, label: string, accept: string, already: KeptFile[], multiple = false) => (
    <div className="space-y-1.5">
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        className={fileClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(already.length > 0 && `${name}-attached`, errors[name] && `${name}-error`)}
      />
      <KeptFiles
        id={`${name}-attached`}
        files={already}
        replaces={multiple ? 'Photos chosen above replace them.' : 'A file chosen above replaces it.'}
      />
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </div>
  )
  return (
    <Card className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Complete the job</h2>
      <form method="post" encType="multipart/form-data" className="space-y-5">
        <input type="hidden" name="intent" value="complete" />
        <FieldError id="form-error" errors={errors.form} />
        <fieldset aria-describedby={errors.repairType ? 'repairType-error' : undefined}>
          <legend className={labelClass}>Work done</legend>
          <div className="mt-2 flex gap-6">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="repairType" value="repair" defaultChecked={!replacement} /> Repair
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="repairType" value="replacement" defaultChecked={replacement} /> Replacement
            </label>
          </div>
          <FieldError id="repairType-error" errors={errors.repairType} />
        </fieldset>
        <InvoiceFields
          job={job}
          errors={errors}
          values={values}
          required={calibrationRequired({ planHasAdas: job.planHasAdas, repairType: replacement ? 'replacement' : 'repair' })}
          afterCalibration={file(
            'calibrationReport',
            'Calibration report (PDF or photo; required with a calibration)',
            'application/pdf,.pdf,image/*',
            attached.calibrationReport,
          )}
        />
        <div className="space-y-1.5">
          <label htmlFor="partnerNotes" className={labelClass}>
            Notes (optional)
          </label>
          <textarea
            id="partnerNotes"
            name="partnerNotes"
            rows={3}
            defaultValue={values.partnerNotes}
            aria-describedby={errors.partnerNotes ? 'partnerNotes-error' : undefined}
            className={inputClass}
          />
          <FieldError id="partnerNotes-error" errors={errors.partnerNotes} />
        </div>
        {file('invoice', 'Invoice photo', 'image/*', attached.invoice)}
        {file('repairPhotos', 'Repair photos', 'image/*', attached.repairPhotos, true)}
        <button type="submit" className={buttonClass('primary')} data-pending-label="Completing...">
          Mark job complete
        </button>
      </form>
    </Card>
  )
}

function Completed({
  job,
  documents,
  lines,
}: {
  job: { repairType: 'repair' | 'replacement' | null; partnerNotes: string | null }
  documents: { id: string; type: string; fileName: string; url: string }[]
  lines: { name: string; label: string; shown: string }[]
}) {
  const rows: [string, string | null][] = [
    ['Work done', job.repairType === 'replacement' ? 'Replacement' : 'Repair'],
    // The invoice's fields as its declaration shows them (app/domain/invoice.ts).
    ...lines.map((line): [string, string | null] => [line.label, line.shown || null]),
    ['Notes', job.partnerNotes],
  ]
  return (
    <Card className="space-y-3" data-testid="job-completed">
      <h2 className="text-xl font-semibold text-slate-900">Done</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="whitespace-pre-line">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <ul className="text-sm">
        {documents.map((document) => (
          <li key={document.id}>
            <a href={document.url} className="text-brand-700 underline" target="_blank" rel="noreferrer">
              {document.type === 'invoice' ? 'Invoice' : document.type === 'calibration_report' ? 'Calibration report' : 'Repair photo'}:{' '}
              {document.fileName}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** The vehicle the invoice is for, beside the part number: its year and make, and the model year its VIN gives. */
function vehicleCheck(vehicle: ShopJobView['vehicle']) {
  if (!vehicle) return null
  const vinYear = vehicle.vin ? vinModelYear(vehicle.vin) : null
  const named = `For the ${vehicleName(vehicle)}.`
  if (!vehicle.vin || vinYear === null) return named
  return vinYear === vehicle.year
    ? `${named} Its VIN ${vehicle.vin} decodes to model year ${vinYear}.`
    : `${named} Its VIN ${vehicle.vin} decodes to model year ${vinYear}: check the part against the glass fitted.`
}

/**
 * The invoice's fields, from their declaration (app/domain/invoice.ts), each with its message next to it: the shop's
 * completion form and the correction of a rejected invoice both use them.
 */
function InvoiceFields({
  job,
  errors,
  values,
  required,
  afterCalibration,
}: {
  job: InvoiceJob
  errors: Record<string, string[] | undefined>
  values: Record<string, string | undefined>
  required: boolean
  afterCalibration?: React.ReactNode
}) {
  const vehicle = vehicleCheck(job.vehicle)
  return (
    <>
      {INVOICE_FIELD_NAMES.map((name) => {
        const field = INVOICE_FIELDS[name]
        const hint =
          name === 'partNumber' && vehicle ? `${field.hint} ${vehicle}` : name === 'adasCalibration' && !required ? undefined : field.hint
        const errorId = errors[name] ? `${name}-error` : null
        const control = field.control
        return (
          <div key={name} className="space-y-5">
            <Field label={field.label} hint={hint} htmlFor={name} errors={errors[name]}>
              {control.kind === 'select' ? (
                <select
                  id={name}
                  name={name}
                  defaultValue={values[name] ?? control.options[0]!.value}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={describedBy(hint && `${name}-hint`, errorId)}
                  className={inputClass}
                >
                  {control.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={name}
                  name={name}
                  type="text"
                  defaultValue={values[name]}
                  inputMode={control.inputMode}
                  maxLength={control.maxLength}
                  autoComplete="off"
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={describedBy(hint && `${name}-hint`, errorId)}
                  className={inputClass}
                />
              )}
            </Field>
            {name === 'adasCalibration' ? afterCalibration : null}
          </div>
        )
      })}
    </>
  )
}

type Review = NonNullable<Route.ComponentProps['loaderData']['review']>

/**
 * After completion: the invoice's history (each submission and the operator's answer), the correction of a rejected
 * invoice, and the disputes with the operator's deadline and answer.
 */
function InvoiceReview({
  review,
  job,
  errors,
  values,
}: {
  review: Review
  job: InvoiceJob
  errors: Record<string, string[] | undefined>
  values: Record<string, string | undefined>
}) {
  const latest = review.submissions[0]
  const disputing = values.intent === 'dispute'
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
          <FieldError id="form-error" errors={values.intent === 'resubmit' ? errors.form : undefined} />
          <InvoiceFields
            job={job}
            errors={values.intent === 'resubmit' ? errors : {}}
            values={values.intent === 'resubmit' ? values : review.correction}
            required={calibrationRequired({ planHasAdas: job.planHasAdas, repairType: job.repairType ?? 'repair' })}
          />
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
                <span className="font-semibold">Submission {entry.number}</span>, sent {formatDateTime(entry.submittedAt)}:{' '}
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
                  <span className="font-semibold">{DISPUTE_KIND_NAMES[dispute.kind]}</span>, sent {formatDateTime(dispute.openedAt)}.{' '}
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
              name="files"
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
