import { requireCustomer } from '~/auth/session.server'
import { calibrationCertificatePdf } from '~/models/claims/glass-record-pdf.server'
import { calibrationCertificate } from '~/models/shops/calibration.server'
import { routeRules } from '~/server/route-rules'
import { fileDownload } from '~/utils/download'

import type { Route } from './+types/customer.claims.$claimId.calibration-certificate[.pdf]'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The calibration certificate as a PDF download: for who may see the page (anyone else gets its 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const certificate = calibrationCertificate(customer.id, params.claimId)
  const pdf = await calibrationCertificatePdf(certificate)
  return fileDownload(pdf, {
    fileName: `glass-plan-calibration-${certificate.code}.pdf`,
    contentType: 'application/pdf',
    privateFile: true,
  })
}
