import { z } from 'zod'

import { type ConnectGroup, payoutTransferGroup, type PayoutTransferInput } from '~/services/payments-adapter.server'
import { expandableIdOf, stripe } from '~/services/stripe-client.server'

/** The shops' side of Stripe (Connect): their express accounts, onboarding links, and the transfers that pay them. */

const AccountSchema = z.object({
  id: z.string(),
  payouts_enabled: z.boolean().nullish(),
  capabilities: z.object({ transfers: z.string().nullish() }).nullish(),
})

/** A connected account can receive our transfers once its transfers capability is active and Stripe pays it out. */
export function isAccountReady(account: z.infer<typeof AccountSchema>) {
  return account.payouts_enabled === true && account.capabilities?.transfers === 'active'
}

export async function createConnectedAccount(group: ConnectGroup, idempotencyKey: string) {
  const created = await stripe().accounts.create(
    {
      type: 'express',
      country: 'US',
      ...(group.email ? { email: group.email } : {}),
      business_profile: { name: group.name },
      capabilities: { transfers: { requested: true } },
      metadata: { partner_group_id: group.id },
    },
    { idempotencyKey },
  )
  return { accountId: AccountSchema.parse(created).id }
}

export async function createAccountLink(accountId: string, { refreshUrl, returnUrl }: { refreshUrl: string; returnUrl: string }) {
  const link = await stripe().accountLinks.create({
    account: accountId,
    refresh_url: refreshUrl,
    return_url: returnUrl,
    type: 'account_onboarding',
  })
  return { url: z.object({ url: z.string().url() }).parse(link).url }
}

/** The connected account as Stripe has it now (for the webhook's re-read, and the shop's return from onboarding). */
export async function retrieveAccount(accountId: string) {
  return AccountSchema.parse(await stripe().accounts.retrieve(accountId))
}

const TransferSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  destination: expandableIdOf().nullish(),
  transfer_group: z.string().nullish(),
  reversed: z.boolean().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
})
const TransferListSchema = z.object({ data: z.array(TransferSchema) })
export type StripeTransfer = z.infer<typeof TransferSchema>

/**
 * A payout's transfer: first the transfers already made for it (its transfer group), so an attempt whose answer was
 * lost, or whose idempotency key has expired, is found rather than paid again; then a new one. Each attempt has its own
 * key: Stripe replays a refused request's answer for its key, so a retry under the same key could never succeed.
 */
export async function transferPayout({ payoutId, accountId, amountCents, attempt }: PayoutTransferInput) {
  const group = payoutTransferGroup(payoutId)
  const earlier = TransferListSchema.parse(await stripe().transfers.list({ transfer_group: group, limit: 10 })).data
  const made = earlier.find((transfer) => !transfer.reversed)
  if (made) return { transferId: made.id }
  const created = await stripe().transfers.create(
    { amount: amountCents, currency: 'usd', destination: accountId, transfer_group: group, metadata: { payout_id: payoutId } },
    { idempotencyKey: `payout-${payoutId}-${attempt}` },
  )
  return { transferId: TransferSchema.parse(created).id }
}

/** Stripe's copy of a transfer, for the webhook (events are re-read, never trusted as delivered). */
export async function retrieveTransfer(transferId: string) {
  return TransferSchema.parse(await stripe().transfers.retrieve(transferId))
}
