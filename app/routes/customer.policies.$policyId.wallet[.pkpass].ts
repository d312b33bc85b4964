import { requireCustomer } from '~/auth/session.server'
import { walletCard } from '~/models/policies/wallet-card.server'
import { routeRules } from '~/server/route-rules'
import { applePass } from '~/services/wallet.server'
import { fileDownload } from '~/utils/download'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/customer.policies.$policyId.wallet[.pkpass]'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * "Add to Apple Wallet": the policy's plan card as a signed .pkpass, made now with the policy's status, for its owner
 * only (another's policy, a previous owner's, one not set up, or a server offering no Apple card: a 404).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const card = walletCard(customer.id, params.policyId)
  if (!card) notFound()
  const pass = await applePass(card)
  if (!pass) notFound()
  return fileDownload(pass, {
    fileName: `glass-plan-${card.policyNumber}.pkpass`,
    contentType: 'application/vnd.apple.pkpass',
    privateFile: true,
  })
}
