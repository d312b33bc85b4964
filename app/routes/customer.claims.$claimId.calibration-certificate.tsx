import { requireCustomer } from '~/auth/session.server'
import { BackToPolicies } from '~/components/policy-page-header'
import { Card } from '~/components/ui'
import { CALIBRATION_FILES, CALIBRATION_RESULT_NAMES, type CalibrationFileType } from '~/domain/calibration'
import { formatLongDate } from '~/domain/format'
import { calibrationCertificatePath } from '~/domain/paths'
import { ADAS_CALIBRATION_NAMES } from '~/domain/shops'
import { vehicleName } from '~/domain/vehicles'
import { calibrationCertificate } from '~/models/shops/calibration.server'
import { routeRules } from '~/server/route-rules'
import { signedFileUrl } from '~/services/signed-links.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'

import type { Route } from './+types/customer.claims.$claimId.calibration-certificate'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The calibration certificate of a claim: what the shop recorded about the ADAS camera's calibration after the glass
 * work, with its evidence. For whoever filed the claim or owns its policy now; anyone else, or a claim with no proof
 * recorded, gets a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const certificate = calibrationCertificate(customer.id, params.claimId)
  return {
    claimId: params.claimId,
    certificate: {
      ...certificate,
      // Links signed here, after the check above: the files are served only through it.
      files: certificate.files.map((file) => ({
        id: file.id,
        type: file.documentType as CalibrationFileType,
        url: signedFileUrl(file.filePath),
      })),
    },
  }
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(`Calibration certificate ${loaderData.certificate.code}`, 'The ADAS calibration certificate of a claim.', { noindex: true })

export default function CalibrationCertificatePage({ loaderData }: Route.ComponentProps) {
  const { certificate, claimId } = loaderData
  const { proof } = certificate
  const rows: [string, string][] = [
    ['Vehicle', certificate.vehicle ? vehicleName(certificate.vehicle) : 'Not recorded'],
    ...(certificate.vehicle?.vin ? ([['VIN', certificate.vehicle.vin]] as [string, string][]) : []),
    ['Claim', certificate.code],
    ['Work completed', formatLongDate(certificate.completedAt)],
    ['Shop', certificate.shop ?? 'Not recorded'],
    ...(certificate.partNumber ? ([['Part fitted', certificate.partNumber]] as [string, string][]) : []),
    ['Calibration', ADAS_CALIBRATION_NAMES[proof.method]],
    ['Result', CALIBRATION_RESULT_NAMES[proof.result]],
    ['Tool', `${proof.toolMake}, serial ${proof.toolSerial}`],
    ['Technician', proof.technicianName],
    ['Recorded', formatLongDate(proof.recordedAt)],
  ]
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <BackToPolicies />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">ADAS calibration certificate</h1>
      <p className="text-slate-700">
        The partner shop recorded this calibration of your vehicle&rsquo;s driver-assistance camera after its glass work.
      </p>
      <Card className="space-y-4" data-testid="calibration-certificate">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Evidence</h2>
          <ul className="mt-1 text-sm">
            {certificate.files.map((file) => (
              <li key={file.id}>
                <a href={file.url} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                  {CALIBRATION_FILES[file.type].label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Card>
      <p>
        <a href={calibrationCertificatePath(claimId, true)} className="font-semibold text-brand-700 underline" download>
          Download the certificate (PDF)
        </a>
      </p>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
