import { requireCustomer } from '~/auth/session.server'
import { vehicleName } from '~/domain/vehicles'
import { glassRecord } from '~/models/claims/glass-record.server'
import { glassRecordPdf } from '~/models/claims/glass-record-pdf.server'
import { routeRules } from '~/server/route-rules'
import { fileDownload } from '~/utils/download'

import type { Route } from './+types/customer.vehicles.$vehicleId.glass-record[.pdf]'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The vehicle's glass record as a PDF download: its owner's only (another's vehicle is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const record = glassRecord(customer.id, params.vehicleId)
  const pdf = await glassRecordPdf(record)
  const name = vehicleName(record.vehicle).replace(/[^\w-]+/g, '-')
  return fileDownload(pdf, { fileName: `glass-plan-glass-record-${name}.pdf`, contentType: 'application/pdf', privateFile: true })
}
