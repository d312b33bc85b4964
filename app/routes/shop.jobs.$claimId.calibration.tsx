import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { requireShopStaff } from '~/auth/session.server'
import { CalibrationProofForm, CalibrationProofStatus, type RecordedFile } from '~/components/shop/calibration-proof'
import { Toast } from '~/components/toast'
import { Card } from '~/components/ui'
import {
  CALIBRATION_FILE_TYPES,
  CALIBRATION_FILES,
  type CalibrationFileType,
  type CalibrationMethod,
  needsCalibrationProof,
} from '~/domain/calibration'
import { RuleError } from '~/domain/errors'
import { CALIBRATION_MESSAGES } from '~/domain/messages'
import { shopJobPath } from '~/domain/paths'
import { recordCalibrationProof, shopCalibrationView } from '~/models/shops/calibration.server'
import { routeRules } from '~/server/route-rules'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartFormOrRefusal } from '~/services/multipart.server'
import { signedFileUrl } from '~/services/signed-links.server'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import {
  type ActionAnswer,
  answerErrors,
  answerRefusal,
  answerSchemaErrors,
  answerUploadRefused,
  formValues,
  isNotFound,
  resultErrors,
  resultValues,
} from '~/utils/refusal'
import { CalibrationProofSchema } from '~/validation/calibration'

// The shop pages' small optional script: pending labels on the buttons (the page works the same without it).
import shopScript from '../components/claims/partner-complete-claim.js?url&no-inline'
import type { Route } from './+types/shop.jobs.$claimId.calibration'

/**
 * The calibration proof of one of the group's jobs (completed with an ADAS calibration): the method, the tool, the
 * technician, the result and the files that show it. No React is sent; another group's job is a 404, for the page and
 * the post. Why a page of its own: docs/decisions/072-calibration-proof-and-glass-record.md.
 */
export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true, hydrate: false })

export async function loader({ request, params }: Route.LoaderArgs) {
  const { group } = await requireShopStaff(request)
  const view = shopCalibrationView(group.id, params.claimId)
  const recorded: Partial<Record<CalibrationFileType, RecordedFile>> = {}
  for (const file of view.files) {
    recorded[file.documentType as CalibrationFileType] = { fileName: file.fileName, url: signedFileUrl(file.filePath) }
  }
  return data(
    {
      job: {
        id: view.job.id,
        code: view.job.code,
        completed: view.job.approvalStatus === 'completed',
        // The completion's calibration when it names one (then the job needs a proof).
        calibration: needsCalibrationProof(view.job) ? (view.job.adasCalibration as CalibrationMethod) : null,
      },
      open: view.open,
      gaps: view.gaps,
      proof: view.proof
        ? {
            method: view.proof.method,
            toolMake: view.proof.toolMake,
            toolSerial: view.proof.toolSerial,
            technicianName: view.proof.technicianName,
            result: view.proof.result,
          }
        : null,
      recorded,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, params }: Route.ActionArgs) {
  const { profile, group } = await requireShopStaff(request)
  // Another group's job (or none) is refused before its body is read.
  const { job } = shopCalibrationView(group.id, params.claimId)
  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: CALIBRATION_FILE_TYPES.length })
  if (refused) {
    return answerUploadRefused(refused, {
      field: refused.field === 'form' ? CALIBRATION_FILES.calibration_pre_scan.field : refused.field,
      values: refused.fieldsRead && formValues(refused.fieldsRead),
    })
  }
  const values = formValues(form.fields)
  const submission = parseWithZod(form.fields, { schema: CalibrationProofSchema })
  if (submission.status !== 'success') return answerSchemaErrors(submission, values, CALIBRATION_MESSAGES.correct)
  try {
    await recordCalibrationProof({ groupId: group.id, actorId: profile.id, claimId: job.id, facts: submission.value, files: form.files })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof ImageQueueFull) {
      return answerErrors({ form: [error.message] }, { status: 503, values, headers: { 'Retry-After': String(error.retryAfterSeconds) } })
    }
    throw error
  }
  return redirectWithToast(shopJobPath(job.id), { type: 'success', ...CALIBRATION_MESSAGES.recorded })
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(`Calibration proof for job ${loaderData.job.code}`, 'The ADAS calibration proof of a partner shop job.', { noindex: true })

export default function ShopJobCalibrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job, open, gaps, proof, recorded } = loaderData
  const answer: ActionAnswer | undefined = actionData
  const errors = resultErrors(answer?.result) as Record<string, string[] | undefined>
  const values = resultValues(answer?.result) as Record<string, string | undefined>
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <p>
        <a href={shopJobPath(job.id)} className="text-sm font-semibold text-brand-700 underline">
          ← Job {job.code}
        </a>
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Calibration proof for job <span className="font-mono">{job.code}</span>
      </h1>
      {answer?.toast ? <Toast toast={answer.toast} /> : null}
      {job.calibration ? <CalibrationProofStatus claimId={job.id} calibration={job.calibration} gaps={gaps} open={false} /> : null}
      <Card>
        {open && job.calibration ? (
          <CalibrationProofForm calibration={job.calibration} proof={proof} recorded={recorded} errors={errors} values={values} />
        ) : (
          <p className="text-sm text-slate-800">
            {!job.completed
              ? CALIBRATION_MESSAGES.completeFirst
              : job.calibration
                ? CALIBRATION_MESSAGES.locked.description
                : CALIBRATION_MESSAGES.notAdas.description}
          </p>
        )}
      </Card>
      <script src={shopScript} defer />
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
