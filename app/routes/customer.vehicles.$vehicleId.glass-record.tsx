import { requireCustomer } from '~/auth/session.server'
import { WindshieldDiagram } from '~/components/glass-record/windshield-diagram'
import { PhotoThumbnails } from '~/components/photo-thumbnails'
import { BackToPolicies } from '~/components/policy-page-header'
import { Card } from '~/components/ui'
import { CALIBRATION_RESULT_NAMES } from '~/domain/calibration'
import { formatLongDate } from '~/domain/format'
import { calibrationCertificatePath, glassRecordPath } from '~/domain/paths'
import { ADAS_CALIBRATION_NAMES } from '~/domain/shops'
import { vehicleName } from '~/domain/vehicles'
import { glassRecord } from '~/models/claims/glass-record.server'
import { routeRules } from '~/server/route-rules'
import { signedFileUrl } from '~/services/signed-links.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'

import type { Route } from './+types/customer.vehicles.$vehicleId.glass-record'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * A vehicle's glass record, for its owner (another's vehicle is a 404): the setup photos and the work done on its
 * glass, each with its damage zone on a windshield diagram. It goes with the vehicle to its next owner and holds no
 * personal data of any owner (docs/decisions/072-calibration-proof-and-glass-record.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const record = glassRecord(customer.id, params.vehicleId)
  return {
    record: {
      ...record,
      photos: record.photos.map((photo) => ({
        id: photo.id,
        full: signedFileUrl(photo.filePath),
        thumb: signedFileUrl(photo.thumbPath ?? photo.filePath),
      })),
    },
  }
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(`Glass record: ${vehicleName(loaderData.record.vehicle)}`, 'The glass record of a vehicle.', { noindex: true })

export default function GlassRecordPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData
  const { vehicle } = record
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <BackToPolicies />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Glass record: {vehicleName(vehicle)}</h1>
      <p className="text-slate-700">
        The work on this vehicle&rsquo;s glass as its partner shops recorded it. It goes with the vehicle when the plan passes to its next
        owner, and holds no personal data of any owner.
      </p>
      {vehicle.vin ? <p className="text-sm text-slate-700">VIN: {vehicle.vin}</p> : null}
      <p>
        <a href={glassRecordPath(vehicle.id, true)} className="font-semibold text-brand-700 underline" download>
          Download the glass record (PDF)
        </a>
      </p>
      <Card className="space-y-3">
        <h2 className="text-xl font-semibold text-slate-900">Setup photos</h2>
        {record.photos.length ? (
          <PhotoThumbnails photos={record.photos} name="Setup photo" />
        ) : (
          <p className="text-sm text-slate-700">No setup photos on file.</p>
        )}
      </Card>
      <section className="space-y-4" aria-labelledby="work-heading">
        <h2 id="work-heading" className="text-xl font-semibold text-slate-900">
          Work on the glass
        </h2>
        {record.claims.length ? null : <p className="text-sm text-slate-700">No completed work recorded.</p>}
        {record.claims.map((entry) => (
          <Card key={entry.id} className="space-y-3" data-testid="glass-record-entry">
            <h3 className="text-lg font-semibold text-slate-900">
              {formatLongDate(entry.completedAt)}: {entry.repairType === 'replacement' ? 'Windshield replaced' : 'Chip repaired'}
            </h3>
            <div className="flex flex-wrap items-start gap-6">
              <WindshieldDiagram zone={entry.damageZone} className="h-auto max-w-full" />
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Claim</dt>
                <dd className="font-mono">{entry.code}</dd>
                <dt className="text-slate-600">Shop</dt>
                <dd>{entry.shop ?? 'Not recorded'}</dd>
                <dt className="text-slate-600">Part fitted</dt>
                <dd>{entry.partNumber ?? 'None recorded'}</dd>
                <dt className="text-slate-600">ADAS calibration</dt>
                <dd>{entry.adasCalibration ? ADAS_CALIBRATION_NAMES[entry.adasCalibration] : 'None'}</dd>
                {entry.calibration ? (
                  <>
                    <dt className="text-slate-600">Calibration result</dt>
                    <dd>
                      {CALIBRATION_RESULT_NAMES[entry.calibration.result]} ·{' '}
                      <a href={calibrationCertificatePath(entry.id)} className="text-brand-700 underline">
                        Calibration certificate
                      </a>
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
          </Card>
        ))}
      </section>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
