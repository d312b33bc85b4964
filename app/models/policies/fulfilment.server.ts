import { and, eq, isNull } from 'drizzle-orm'

import { cancelTerms, renewalTerms } from '~/content/contract'
import { contractDisclosures } from '~/content/disclosures'
import { transaction } from '~/db/client.server'
import { type ConsentFacts, partnerLocations, policies, type Policy, type Profile, profiles } from '~/db/schema'
import { anniversary } from '~/domain/calendar'
import { normalizeEmail } from '~/domain/email'
import { formatPrice } from '~/domain/format'
import { contractPath } from '~/domain/paths'
import { intervalOf, type LookupKey, planForLookupKey, planName } from '~/domain/plans'
import { isStateCode } from '~/domain/state-rules'
import { finishSetupEmail } from '~/emails/finish-setup'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { recordConsent } from '~/models/people/consents.server'
import { issueSignInLink, LINK_TTL_MINUTES } from '~/models/people/sign-in-links.server'
import { contractProvider, contractWording } from '~/models/policies/contract.server'
import { completeOwnershipTransfer } from '~/models/policies/ownership-transfer.server'
import { unusedPolicyNumber } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { foldLines } from '~/validation/text'

export type FulfilCheckoutInput = {
  /** Stripe's checkout session id, or the local checkout's id: what makes fulfilment idempotent. */
  checkoutSessionId: string
  email: string
  fullName: string | null
  lookupKey: LookupKey
  /** The price charged each billing interval (the lookup key says which interval). */
  monthlyPriceCents: number
  partnerLocationId: string | null
  tosVersion: string
  tosAcceptedAt: string
  /** The buyer's state of residence from signup (null for a checkout started before signup asked). */
  governingState?: string | null
  /** What the buyer consented to at signup: written as the policy's consent record (none on older checkouts). */
  consent?: ConsentFacts | null
  /** The signed-in buyer (Stripe's client_reference_id), if any; wins over the e-mail when it still exists. */
  profileId?: string | null
  stripeCustomerId?: string | null
  stripeSubscriptionId?: string | null
  /** Set when the checkout pays for an offer from the vehicle's previous owner: the policy moves, none is created. */
  ownershipTransferId?: string | null
}

/** The plan commitment: 12 months from the start (from a Feb 29, until Mar 1 of the next year). */
export function initialTermEnd(start: Date) {
  return anniversary(start, 1)
}

/**
 * A paid checkout, whichever kind: an offer from the vehicle's previous owner moves that policy to the buyer
 * (ownership-transfer.server.ts; policy null when the offer could no longer be taken), any other creates a policy.
 */
export async function fulfilPaidCheckout(
  input: FulfilCheckoutInput,
  now = new Date(),
): Promise<{ policy: Policy | null; created: boolean }> {
  if (input.ownershipTransferId) {
    const outcome = await completeOwnershipTransfer(
      {
        transferId: input.ownershipTransferId,
        checkoutSessionId: input.checkoutSessionId,
        amountCents: input.monthlyPriceCents,
        stripeCustomerId: input.stripeCustomerId ?? null,
        stripeSubscriptionId: input.stripeSubscriptionId ?? null,
        consent: input.consent ?? null,
      },
      now,
    )
    return outcome.kind === 'refused' ? { policy: null, created: false } : { policy: outcome.policy, created: false }
  }
  return fulfilCheckout(input, now)
}

/**
 * Turns a paid checkout into a policy. Used by the local test checkout's Pay button and by Stripe's
 * `checkout.session.completed` webhook alike. The same session twice gives the same policy and one e-mail.
 */
export async function fulfilCheckout(input: FulfilCheckoutInput, now = new Date()): Promise<{ policy: Policy; created: boolean }> {
  // Stripe's checkout hands back what the buyer typed there: kept to one line like every field of our own forms.
  const email = normalizeEmail(foldLines(input.email))
  const plan = planForLookupKey(input.lookupKey)

  const outcome = transaction((tx) => {
    const existing = tx.select().from(policies).where(eq(policies.stripeCheckoutSessionId, input.checkoutSessionId)).get()
    if (existing) return { policy: existing, profile: null, created: false as const }

    const profile = findOrCreateBuyer(tx, { email, fullName: input.fullName, profileId: input.profileId ?? null })
    // The checkout names the location by id; one that no longer exists (or never did) must not block a paid policy.
    const partnerLocationId = input.partnerLocationId
      ? (tx.select({ id: partnerLocations.id }).from(partnerLocations).where(eq(partnerLocations.id, input.partnerLocationId)).get()?.id ??
        null)
      : null
    if (input.stripeCustomerId && !profile.stripeCustomerId) {
      const taken = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.stripeCustomerId, input.stripeCustomerId)).get()
      if (!taken) tx.update(profiles).set({ stripeCustomerId: input.stripeCustomerId }).where(eq(profiles.id, profile.id)).run()
    }

    const policy = tx
      .insert(policies)
      .values({
        policyNumber: unusedPolicyNumber(tx),
        profileId: profile.id,
        status: 'incomplete',
        planType: plan.planType,
        vehicleType: plan.vehicleType,
        hasAdas: plan.hasAdas,
        lookupKey: input.lookupKey,
        monthlyPriceCents: input.monthlyPriceCents,
        billingInterval: intervalOf(input.lookupKey),
        initialTermEndsAt: initialTermEnd(now).toISOString(),
        partnerLocationId,
        tosVersion: input.tosVersion,
        tosAcceptedAt: input.tosAcceptedAt,
        // Only a known state governs; anything else leaves the most protective rule in force until it is set.
        governingState: isStateCode(input.governingState) ? input.governingState : null,
        stripeCustomerId: input.stripeCustomerId ?? null,
        stripeSubscriptionId: input.stripeSubscriptionId ?? null,
        stripeCheckoutSessionId: input.checkoutSessionId,
        createdAt: now.toISOString(),
      })
      .returning()
      .get()

    if (input.consent) {
      recordConsent(tx, {
        policyId: policy.id,
        profileId: profile.id,
        tosVersion: input.tosVersion,
        priceCents: input.monthlyPriceCents,
        governingState: policy.governingState,
        consent: input.consent,
      })
    }

    recordAudit(tx, {
      actor: profile.id,
      action: 'policy.created',
      entityId: policy.id,
      detail: {
        checkoutSessionId: input.checkoutSessionId,
        lookupKey: input.lookupKey,
        monthlyPriceCents: input.monthlyPriceCents,
        partnerLocationId,
        tosVersion: input.tosVersion,
        governingState: isStateCode(input.governingState) ? input.governingState : null,
        via: input.stripeSubscriptionId ? 'stripe' : 'local',
      },
    })
    return { policy, profile, created: true as const }
  })

  if (outcome.created) await sendFinishSetupEmail(outcome.profile, outcome.policy)
  return { policy: outcome.policy, created: outcome.created }
}

type Tx = Parameters<Parameters<typeof transaction>[0]>[0]

function findOrCreateBuyer(tx: Tx, buyer: { email: string; fullName: string | null; profileId: string | null }): Profile {
  const fullName = (buyer.fullName && foldLines(buyer.fullName).trim()) || null
  const known =
    (buyer.profileId ? tx.select().from(profiles).where(eq(profiles.id, buyer.profileId)).get() : undefined) ??
    tx.select().from(profiles).where(eq(profiles.email, buyer.email)).get()
  if (!known) return tx.insert(profiles).values({ email: buyer.email, fullName }).returning().get()
  if (fullName && !known.fullName) {
    return (
      tx
        .update(profiles)
        .set({ fullName })
        .where(and(eq(profiles.id, known.id), isNull(profiles.fullName)))
        .returning()
        .get() ?? known
    )
  }
  return known
}

/**
 * What the purchase e-mail repeats of the contract (automatic-renewal laws): renewal, cancelling, the contract link,
 * and the disclosures the contract prints (the provider, and the policy's state).
 */
function acknowledgmentTerms(policy: Policy) {
  const wording = contractWording(policy)
  return {
    renewalTerms: renewalTerms(wording),
    cancelTerms: cancelTerms(wording),
    disclosures: contractDisclosures(contractProvider(policy.governingState), policy.governingState),
    contractUrl: `${env().APP_URL}${contractPath(policy.id)}`,
  }
}

/**
 * 'Finish setting up your coverage': a sign-in link straight into this policy's setup wizard, and the code. Sent after
 * checkout, and again when the operator resends it. True when it went out; a failure is logged, never thrown.
 */
export async function sendFinishSetupEmail(profile: Profile, policy: Policy): Promise<boolean> {
  try {
    const link = await issueSignInLink({ email: profile.email, redirectTo: `/customer/complete-policy?policy_id=${policy.id}` })
    const message = await finishSetupEmail({
      planName: planName(policy),
      monthlyPrice: formatPrice(policy.monthlyPriceCents),
      yearly: policy.billingInterval === 'year',
      url: link.url,
      code: link.code,
      expiresInMinutes: LINK_TTL_MINUTES,
      supportEmail: env().SUPPORT_EMAIL,
      ...acknowledgmentTerms(policy),
    })
    return (await sendEmail({ to: profile.email, ...message, tag: 'finish-setup', trackLinks: false })) !== null
  } catch (error) {
    // The policy exists and is paid; a lost e-mail must not undo that. The customer can ask for a login link on /auth.
    logger.error({ policyId: policy.id, err: error }, 'finish-setup e-mail failed')
    return false
  }
}
