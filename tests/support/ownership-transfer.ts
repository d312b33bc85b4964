import { esignPdfCode } from '~/models/people/esign-code.server'
import { action as sellerAction } from '~/routes/customer.policies.$policyId.next-owner'
import { action as payAction } from '~/routes/dev.checkout.$id'
import { action as offerAction, loader as offerLoader } from '~/routes/next-owner.$token'

import { sessionCookieFor } from './factories'
import { outboxFor } from './outbox'
import { makeRequest, routeArgs, settle } from './requests'

// Passing a policy to the vehicle's next owner through the real routes (local test checkout): the seller's offer, the
// buyer's link, acceptance and payment. Shared by the tests of the transfer and of what a buyer may see afterwards.

export const sellerPath = (policyId: string) => `/customer/policies/${policyId}/next-owner`

export async function offer(
  sellerId: string,
  policyId: string,
  buyerEmail: string,
  ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const cookie = await sessionCookieFor(sellerId)
  const request = makeRequest(sellerPath(policyId), { form: { intent: 'offer', buyerEmail }, cookie, headers: { 'X-Forwarded-For': ip } })
  return settle(() => sellerAction(routeArgs(request, { policyId })))
}

export async function withdraw(sellerId: string, policyId: string) {
  const cookie = await sessionCookieFor(sellerId)
  return settle(() => sellerAction(routeArgs(makeRequest(sellerPath(policyId), { form: { intent: 'withdraw' }, cookie }), { policyId })))
}

/** The token of the last offer e-mailed to this address. */
export function tokenFor(email: string) {
  const mail = outboxFor(email).find((message) => message.subject === 'A windshield plan is waiting for you')
  if (!mail) throw new Error(`no offer e-mailed to ${email}`)
  return /\/next-owner\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
}

export async function openOffer(token: string, profileId?: string) {
  const cookie = profileId ? await sessionCookieFor(profileId) : undefined
  return settle(() => offerLoader(routeArgs(makeRequest(`/next-owner/${token}`, { cookie }), { token })))
}

/** The buyer's acceptance as the page posts it: the state, the three consents and the code read in the E-SIGN PDF. */
export function acceptanceForm(state = 'TX'): Record<string, string> {
  return { intent: 'accept', acceptTerms: 'on', acceptRenewal: 'on', acceptEsign: 'on', esignCode: esignPdfCode(), state }
}

export async function accept(token: string, profileId: string, form: Record<string, string> = acceptanceForm()) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => offerAction(routeArgs(makeRequest(`/next-owner/${token}`, { form, cookie }), { token })))
}

export async function pay(checkoutUrl: string, email: string) {
  const id = new URL(checkoutUrl).pathname.split('/').pop()!
  return settle(() => payAction(routeArgs(makeRequest(`/dev/checkout/${id}`, { form: { email, fullName: 'Robin Buyer' } }), { id })))
}

/** The whole transfer, seller to buyer, as each would do it; the policy is the buyer's once this returns. */
export async function transferPolicy(sellerId: string, policyId: string, buyer: { id: string; email: string }) {
  if ((await offer(sellerId, policyId, buyer.email)).status !== 302) throw new Error('the offer was refused')
  const accepted = await accept(tokenFor(buyer.email), buyer.id)
  if (accepted.status !== 303) throw new Error('the acceptance was refused')
  if ((await pay(accepted.headers.get('Location')!, buyer.email)).status !== 302) throw new Error('the payment was refused')
}
