import { redirect } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { walletCard } from '~/models/policies/wallet-card.server'
import { routeRules } from '~/server/route-rules'
import { googleSaveUrl } from '~/services/wallet.server'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/customer.policies.$policyId.google-wallet'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * "Save to Google Wallet": a redirect to Google's save link, its JWT signed now with the policy's status (so the link on
 * the page never goes stale), for the policy's owner only (anyone else, or a server offering no Google card: a 404).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const card = walletCard(customer.id, params.policyId)
  if (!card) notFound()
  const url = await googleSaveUrl(card)
  if (!url) notFound()
  return redirect(url, { headers: { 'Cache-Control': 'private, no-store' } })
}
