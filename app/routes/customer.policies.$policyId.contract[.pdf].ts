import { requireCustomer } from '~/auth/session.server'
import { policyContract } from '~/models/policies/contract.server'
import { routeRules } from '~/server/route-rules'
import { contractPdf } from '~/services/contract-pdf.server'
import { fileDownload } from '~/utils/download'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/customer.policies.$policyId.contract[.pdf]'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The contract page as a PDF download: the signed-in customer's own policy only (another's is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const contract = policyContract(customer.id, params.policyId)
  if (!contract) notFound()
  const pdf = await contractPdf(contract)
  return fileDownload(pdf, {
    fileName: `glass-plan-contract-${contract.policyNumber}.pdf`,
    contentType: 'application/pdf',
    privateFile: true,
  })
}
