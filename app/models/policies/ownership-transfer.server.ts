import crypto from 'node:crypto'

import { and, eq, inArray, lt } from 'drizzle-orm'

import { TOS_VERSION } from '~/content/terms'
import { db, transaction } from '~/db/client.server'
import {
  type ConsentFacts,
  type OwnershipTransfer,
  ownershipTransfers,
  policies,
  type Policy,
  policyPhotos,
  type Profile,
  profiles,
  type Refund as RefundRow,
  refunds,
  type Vehicle,
  vehicles,
} from '~/db/schema'
import { paidPeriodCarriedOver } from '~/domain/billing'
import { normalizeEmail } from '~/domain/email'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { type Message, OWNERSHIP_TRANSFER_MESSAGES, STATE_MESSAGES } from '~/domain/messages'
import { ownershipOfferPath } from '~/domain/paths'
import { isLookupKey, planName, policyEmailNames } from '~/domain/plans'
import { ownershipTransferAllowed } from '~/domain/policies'
import { isStateCode, rulesFor, type StateCode, stateName } from '~/domain/state-rules'
import { DAY_MS } from '~/domain/time'
import { vehicleName } from '~/domain/vehicles'
import { ownershipOfferEmail, ownershipTransferredEmail } from '~/emails/ownership-transfer'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import {
  createTransferRefund,
  explainRefund,
  payRefund,
  quoteTransferRefund,
  transferRefundKey,
  type TransferRefundQuote,
} from '~/models/money/refunds.server'
import { recordAudit } from '~/models/operations/audit.server'
import { isSoldIn } from '~/models/operations/sales-states.server'
import { recordConsent } from '~/models/people/consents.server'
import { startCheckout } from '~/models/policies/checkout.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { getPricing, priceFor } from '~/models/policies/pricing.server'
import { sendEmail } from '~/services/email.server'
import { payments } from '~/services/payments.server'
import { StagedFiles } from '~/services/staged-files.server'
import { deleteStored, readStored } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'

/**
 * Passing a policy to the vehicle's next owner (docs/decisions/052-policy-passes-to-the-next-owner-on-payment.md).
 * The seller names the buyer's address; the buyer opens the e-mailed link, signs in as that address, accepts the
 * current terms with their state of residence, and pays for the same plan. Only the payment moves anything: until
 * then the policy, its vehicle and photos stay the seller's, whatever happens to the offer.
 */

/** How long an offer's link works, where the seller's state sets no longer time (`offerOpenDays`). */
export const OFFER_TTL_DAYS = 14

/**
 * How long an offer to the next owner stays open: the product's 14 days, or the longer time the seller's state gives
 * the assignment (Florida: at least 15 days after the vehicle's sale, which the offer is made on or after).
 */
export function offerOpenDays(governingState: string | null) {
  return Math.max(OFFER_TTL_DAYS, rulesFor(governingState).nextOwnerAssignment?.openDaysAfterSale ?? 0)
}

type Tx = Parameters<Parameters<typeof transaction>[0]>[0]

/** Keyed hash of the link's token: the database alone never yields a working link. */
function hashToken(token: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(`ownership-offer:${token}`).digest('hex')
}

const OPEN_STATUSES = ['offered', 'accepted'] as const

/** Marks offers whose link has run out (an accepted offer waits for its payment; see completeOwnershipTransfer). */
function expireStaleOffers(tx: Tx, policyId: string, now: Date) {
  tx.update(ownershipTransfers)
    .set({ status: 'expired' })
    .where(
      and(
        eq(ownershipTransfers.policyId, policyId),
        eq(ownershipTransfers.status, 'offered'),
        lt(ownershipTransfers.expiresAt, now.toISOString()),
      ),
    )
    .run()
}

function openOfferOf(tx: Tx, policyId: string) {
  return tx
    .select()
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.policyId, policyId), inArray(ownershipTransfers.status, OPEN_STATUSES)))
    .get()
}

/** The seller's policy; another's or an unknown one is notFound() (the same answer). */
function sellersPolicy(profileId: string, policyId: string) {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) notFound()
  return policy
}

export type SellerView = {
  policy: Policy & { vehicle: Vehicle | null }
  /** Why the plan cannot be offered, or null. */
  refusal: Message | null
  openOffer: Pick<OwnershipTransfer, 'id' | 'buyerEmail' | 'status' | 'expiresAt' | 'createdAt'> | null
  /** Where the seller's state keeps the paid period with the plan: when it ends (the buyer's first charge), else null. */
  paidPeriodCarriedUntil: Date | null
}

/** What the seller's page shows: the plan, whether it may be offered, and the open offer if any. */
export function sellerView(profileId: string, policyId: string, now = new Date()): SellerView {
  const policy = sellersPolicy(profileId, policyId)
  const openOffer = transaction((tx) => {
    expireStaleOffers(tx, policy.id, now)
    return openOfferOf(tx, policy.id) ?? null
  })
  return {
    policy,
    refusal: ownershipTransferAllowed(policy) ? null : OWNERSHIP_TRANSFER_MESSAGES.notAvailable,
    paidPeriodCarriedUntil: paidPeriodCarriedOver(policy, now),
    openOffer: openOffer
      ? {
          id: openOffer.id,
          buyerEmail: openOffer.buyerEmail,
          status: openOffer.status,
          expiresAt: openOffer.expiresAt,
          createdAt: openOffer.createdAt,
        }
      : null,
  }
}

/**
 * What becomes of the period the seller has paid for when the buyer pays, for the seller's page before they offer the
 * plan (docs/decisions/104-money-owed-said-before-it-happens.md): it stays with the plan until a date (Florida), or it
 * is refunded pro rata, with what that would come to today when the payments provider can say.
 */
export async function sellersPaidPeriod(
  policy: Policy & { timeZone?: string },
  now = new Date(),
): Promise<{ kind: 'carried'; until: Date } | { kind: 'refunded'; today: TransferRefundQuote | null }> {
  const carried = paidPeriodCarriedOver(policy, now)
  if (carried) return { kind: 'carried', until: carried }
  try {
    return { kind: 'refunded', today: await quoteTransferRefund(policy, now) }
  } catch (error) {
    logger.warn({ policyId: policy.id, err: error }, "the seller's refund could not be worked out for the page; the words stand without it")
    return { kind: 'refunded', today: null }
  }
}

/** The toast's sentence on the seller's paid period. */
export function paidPeriodNote(policy: Policy, now = new Date()) {
  const carried = paidPeriodCarriedOver(policy, now)
  return carried
    ? OWNERSHIP_TRANSFER_MESSAGES.paidPeriodCarriedShort(formatLongDate(carried))
    : OWNERSHIP_TRANSFER_MESSAGES.paidPeriodRefundedShort
}

/**
 * Offers the seller's policy to the buyer's address: one open offer per policy, never to the seller's own address,
 * only for an active plan that is set up. The buyer gets the link by e-mail; the row keeps only its hash.
 */
export async function offerToNextOwner(seller: Profile, policyId: string, rawBuyerEmail: string, now = new Date()) {
  const policy = sellersPolicy(seller.id, policyId)
  if (!ownershipTransferAllowed(policy)) throw RuleError.from(OWNERSHIP_TRANSFER_MESSAGES.notAvailable, { status: 409 })
  const buyerEmail = normalizeEmail(rawBuyerEmail)
  if (buyerEmail === normalizeEmail(seller.email)) {
    throw RuleError.from(OWNERSHIP_TRANSFER_MESSAGES.ownAddress, { field: 'buyerEmail' })
  }
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + offerOpenDays(policy.governingState) * DAY_MS)
  const offer = transaction((tx) => {
    expireStaleOffers(tx, policy.id, now)
    if (openOfferOf(tx, policy.id)) throw RuleError.from(OWNERSHIP_TRANSFER_MESSAGES.openOffer, { status: 409 })
    const row = tx
      .insert(ownershipTransfers)
      .values({
        policyId: policy.id,
        sellerProfileId: seller.id,
        buyerEmail,
        tokenHash: hashToken(token),
        expiresAt: expiresAt.toISOString(),
        createdAt: now.toISOString(),
      })
      .returning()
      .get()
    recordAudit(tx, {
      actor: seller.id,
      action: 'policy.ownership_offered',
      entityId: policy.id,
      detail: { transferId: row.id, buyerEmail, expiresAt: row.expiresAt },
    })
    return row
  })

  const config = env()
  const message = await ownershipOfferEmail({
    planName: planName(policy),
    // The buyer learns the vehicle's name, not its plate (they can read that on the car).
    vehicle: policy.vehicle ? vehicleName(policy.vehicle) : 'vehicle',
    monthlyPrice: formatPrice(await buyerPriceCents(policy)),
    commitmentEnds: formatLongDate(policy.initialTermEndsAt),
    expiresOn: formatLongDate(expiresAt),
    url: `${config.APP_URL}${ownershipOfferPath(token)}`,
    supportEmail: config.SUPPORT_EMAIL,
  })
  // The buyer has no account yet, perhaps: the log row names none rather than guessing one from the address.
  await sendEmail({ to: buyerEmail, ...message, tag: 'ownership-offer', profileId: null })
  return offer
}

/** Withdraws the open offer (offered or accepted, not yet paid): its link stops working at once. */
export function withdrawOffer(seller: Profile, policyId: string, now = new Date()) {
  const policy = sellersPolicy(seller.id, policyId)
  return transaction((tx) => {
    const open = openOfferOf(tx, policy.id)
    if (!open) throw RuleError.from(OWNERSHIP_TRANSFER_MESSAGES.nothingToWithdraw, { status: 409 })
    tx.update(ownershipTransfers)
      .set({ status: 'canceled', canceledAt: now.toISOString() })
      .where(and(eq(ownershipTransfers.id, open.id), inArray(ownershipTransfers.status, OPEN_STATUSES)))
      .run()
    recordAudit(tx, { actor: seller.id, action: 'policy.ownership_offer_withdrawn', entityId: policy.id, detail: { transferId: open.id } })
    return open
  })
}

/** Today's price of the plan for a new subscriber: what the buyer's checkout will charge. */
async function buyerPriceCents(policy: Policy) {
  try {
    const prices = await getPricing()
    const cents = isLookupKey(policy.lookupKey) ? priceFor(prices, policy.lookupKey) : 0
    return cents > 0 ? cents : policy.monthlyPriceCents
  } catch {
    return policy.monthlyPriceCents
  }
}

// --- the buyer's side ------------------------------------------------------------------------------------------

export type OfferLookup =
  | { kind: 'open'; transfer: OwnershipTransfer; policy: Policy; vehicle: Vehicle | null }
  | { kind: 'unknown' | 'withdrawn' | 'expired' | 'used' | 'ended' }

/** The offer a link leads to and whether it can still be taken (an expired offer is marked so on the way). */
export function findOffer(token: string, now = new Date()): OfferLookup {
  if (!token || token.length > 200) return { kind: 'unknown' }
  const transfer = db()
    .select()
    .from(ownershipTransfers)
    .where(eq(ownershipTransfers.tokenHash, hashToken(token)))
    .get()
  if (!transfer) return { kind: 'unknown' }
  if (transfer.status === 'paid') return { kind: 'used' }
  if (transfer.status === 'canceled') return { kind: 'withdrawn' }
  if (transfer.status === 'expired') return { kind: 'expired' }
  if (transfer.status === 'offered' && transfer.expiresAt < now.toISOString()) {
    transaction((tx) => expireStaleOffers(tx, transfer.policyId, now))
    return { kind: 'expired' }
  }
  const policy = db().select().from(policies).where(eq(policies.id, transfer.policyId)).get()
  if (!(policy && policy.profileId === transfer.sellerProfileId && ownershipTransferAllowed(policy))) return { kind: 'ended' }
  const vehicle = policy.vehicleId ? (db().select().from(vehicles).where(eq(vehicles.id, policy.vehicleId)).get() ?? null) : null
  return { kind: 'open', transfer, policy, vehicle }
}

/** The page's words for a link that cannot be used. */
export function offerRefusal(kind: Exclude<OfferLookup['kind'], 'open'>): { message: Message; status: 404 | 410 } {
  switch (kind) {
    case 'unknown':
      return { message: OWNERSHIP_TRANSFER_MESSAGES.linkUnknown, status: 404 }
    case 'withdrawn':
      return { message: OWNERSHIP_TRANSFER_MESSAGES.linkWithdrawn, status: 410 }
    case 'expired':
      return { message: OWNERSHIP_TRANSFER_MESSAGES.linkExpired, status: 410 }
    case 'used':
      return { message: OWNERSHIP_TRANSFER_MESSAGES.linkUsed, status: 410 }
    case 'ended':
      return { message: OWNERSHIP_TRANSFER_MESSAGES.planEnded, status: 410 }
  }
}

/** The commitment a buyer takes over: the rest of the seller's, then month to month (the offer page and the checkout). */
export function commitmentTakenOver(policy: Pick<Policy, 'initialTermEndsAt'>, now = new Date()) {
  return policy.initialTermEndsAt > now.toISOString()
    ? `until ${formatLongDate(policy.initialTermEndsAt)}, then month to month`
    : 'month to month'
}

/** What the buyer reads about the plan: never the seller's name, address or plate. */
export async function describeOffer(offer: Extract<OfferLookup, { kind: 'open' }>, now = new Date()) {
  const carriedUntil = paidPeriodCarriedOver(offer.policy, now)
  return {
    /** The seller's paid period that comes with the plan (Florida): the buyer's first charge is on this day. */
    paidPeriodCarriedUntil: carriedUntil ? formatLongDate(carriedUntil) : null,
    planName: planName(offer.policy),
    vehicle: offer.vehicle ? vehicleName(offer.vehicle) : null,
    monthlyPrice: formatPrice(await buyerPriceCents(offer.policy)),
    interval: offer.policy.billingInterval,
    commitment: commitmentTakenOver(offer.policy),
    expiresOn: formatLongDate(offer.transfer.expiresAt),
  }
}

/** Who may accept: the account of the invited address only. Null when this one may. */
export function acceptRefusal(offer: Extract<OfferLookup, { kind: 'open' }>, profile: Pick<Profile, 'id' | 'email'>): Message | null {
  if (profile.id === offer.transfer.sellerProfileId) return OWNERSHIP_TRANSFER_MESSAGES.sellerCannotAccept
  if (normalizeEmail(profile.email) !== offer.transfer.buyerEmail) return OWNERSHIP_TRANSFER_MESSAGES.otherAccount
  return null
}

/**
 * The one place the buyer's state of residence is checked: a state or DC from the list. Where the product is not sold
 * (closed sales) belongs here too, so that a buyer from a closed state is refused like a signup from one.
 */
export function buyerStateRefusal(state: string): string | null {
  if (!isStateCode(state)) return OWNERSHIP_TRANSFER_MESSAGES.stateRequired
  if (!isSoldIn(state)) return STATE_MESSAGES.notSold(stateName(state)).description
  return null
}

/**
 * The buyer accepts the terms and names their state, then goes to checkout for the same plan at today's price. A
 * second submit (a double click, Back) records the same acceptance again and opens a new checkout; only one payment
 * can move the policy (completeOwnershipTransfer). A refusal of the link itself (unknown, used, withdrawn, expired, not
 * for this buyer) concerns no field of the form: its field is 'link', and the page shows only why.
 */
export async function acceptOffer(
  token: string,
  buyer: Profile,
  state: StateCode,
  consent: ConsentFacts,
  now = new Date(),
): Promise<{ checkoutUrl: string }> {
  const offer = findOffer(token, now)
  if (offer.kind !== 'open')
    throw RuleError.from(offerRefusal(offer.kind).message, { field: 'link', status: offerRefusal(offer.kind).status })
  const refusal = acceptRefusal(offer, buyer)
  if (refusal) throw RuleError.from(refusal, { field: 'link', status: 403 })
  const stateProblem = buyerStateRefusal(state)
  if (stateProblem) throw RuleError.from({ title: 'Validation Error', description: stateProblem }, { field: 'state' })

  const accepted = transaction((tx) => {
    const row = tx
      .update(ownershipTransfers)
      .set({
        status: 'accepted',
        buyerProfileId: buyer.id,
        governingState: state,
        tosVersion: TOS_VERSION,
        tosAcceptedAt: now.toISOString(),
        acceptedAt: offer.transfer.acceptedAt ?? now.toISOString(),
      })
      .where(and(eq(ownershipTransfers.id, offer.transfer.id), inArray(ownershipTransfers.status, OPEN_STATUSES)))
      .returning()
      .get()
    if (!row) throw RuleError.from(OWNERSHIP_TRANSFER_MESSAGES.linkWithdrawn, { field: 'link', status: 410 })
    if (offer.transfer.status === 'offered') {
      recordAudit(tx, {
        actor: buyer.id,
        action: 'policy.ownership_offer_accepted',
        entityId: offer.policy.id,
        detail: { transferId: row.id, governingState: state, tosVersion: TOS_VERSION },
      })
    }
    return row
  })

  if (!isLookupKey(offer.policy.lookupKey)) throw new Error(`policy ${offer.policy.id} has an unknown lookup key`)
  // Where the seller's state keeps the paid period with the plan, the buyer's subscription starts with it free.
  const carriedUntil = paidPeriodCarriedOver(offer.policy, now)
  const checkoutUrl = await startCheckout({
    lookupKey: offer.policy.lookupKey,
    partnerLocationId: offer.policy.partnerLocationId,
    tosAcceptedAt: accepted.tosAcceptedAt!,
    profile: { id: buyer.id, email: buyer.email },
    cancelPath: '/customer',
    ownershipTransferId: accepted.id,
    firstChargeAt: carriedUntil?.toISOString() ?? null,
    governingState: state,
    consent,
  })
  return { checkoutUrl }
}

// --- payment: the move -----------------------------------------------------------------------------------------

export type TransferPayment = {
  transferId: string
  /** Stripe's checkout session id or the local checkout's id. */
  checkoutSessionId: string
  amountCents: number
  stripeCustomerId?: string | null
  stripeSubscriptionId?: string | null
  /** What the buyer consented to when accepting (renewal terms, electronic delivery): their consent record. */
  consent?: ConsentFacts | null
}

export type TransferOutcome = { kind: 'moved' | 'already'; policy: Policy } | { kind: 'refused'; reason: string }

/** `policy-photos/<owner>/<policy>/…` → the same file under the new owner's folder. */
function movedPath(relPath: string, buyerId: string) {
  const parts = relPath.split('/')
  if (parts[0] !== 'policy-photos' || parts.length < 4) return relPath
  return ['policy-photos', buyerId, ...parts.slice(2)].join('/')
}

async function readBytes(relPath: string) {
  const stored = await readStored(relPath)
  return stored ? Buffer.from(await new Response(stored.body).arrayBuffer()) : null
}

/**
 * A paid checkout for an offer: the policy, its vehicle and its photos pass to the buyer in one transaction with the
 * audit entry (the photo files are copied first and made visible with the rows); the policy keeps its commitment end
 * and coverage, and takes the buyer's subscription, state and accepted terms. Then both sides are e-mailed and the
 * seller's subscription ends at once, without a fee. The same checkout twice is a no-op (it only retries ending the
 * seller's subscription if that failed). A payment that cannot move the policy any more (offer withdrawn, plan ended)
 * ends the buyer's new subscription and is logged for the operator.
 */
export async function completeOwnershipTransfer(payment: TransferPayment, now = new Date()): Promise<TransferOutcome> {
  const transfer = db().select().from(ownershipTransfers).where(eq(ownershipTransfers.id, payment.transferId)).get()
  if (!transfer) return refuse(payment, 'unknown offer')
  if (transfer.status === 'paid') {
    const policy = db().select().from(policies).where(eq(policies.id, transfer.policyId)).get()!
    if (transfer.checkoutSessionId !== payment.checkoutSessionId) return refuse(payment, 'offer already paid by another checkout')
    if (!transfer.sellerSubscriptionEndedAt) await endSellersSubscription(transfer, now)
    return { kind: 'already', policy }
  }
  if (transfer.status !== 'accepted' || !transfer.buyerProfileId) return refuse(payment, `offer is ${transfer.status}`)
  const before = db().select().from(policies).where(eq(policies.id, transfer.policyId)).get()
  if (!(before && before.profileId === transfer.sellerProfileId && ownershipTransferAllowed(before))) {
    return refuse(payment, 'the plan can no longer pass to the buyer')
  }
  const buyerId = transfer.buyerProfileId

  // Copy the photo files under the buyer's folder first; they become visible with the rows.
  const photos = db().select().from(policyPhotos).where(eq(policyPhotos.policyId, before.id)).all()
  const staged = new StagedFiles()
  const oldPaths: string[] = []
  try {
    for (const photo of photos) {
      for (const relPath of [photo.filePath, photo.thumbPath]) {
        if (!relPath || movedPath(relPath, buyerId) === relPath) continue
        const bytes = await readBytes(relPath)
        if (bytes) await staged.add(movedPath(relPath, buyerId), bytes)
        oldPaths.push(relPath)
      }
    }

    const moved = transaction((tx) => {
      const claimed = tx
        .update(ownershipTransfers)
        .set({
          status: 'paid',
          paidAt: now.toISOString(),
          checkoutSessionId: payment.checkoutSessionId,
          sellerSubscriptionId: before.stripeSubscriptionId,
          sellerSubscriptionEndedAt: before.stripeSubscriptionId ? null : now.toISOString(),
        })
        .where(and(eq(ownershipTransfers.id, transfer.id), eq(ownershipTransfers.status, 'accepted')))
        .returning()
        .get()
      if (!claimed) return null
      const policy = tx
        .update(policies)
        .set({
          profileId: buyerId,
          ownedSince: now.toISOString(),
          governingState: transfer.governingState,
          tosVersion: transfer.tosVersion ?? TOS_VERSION,
          tosAcceptedAt: transfer.tosAcceptedAt ?? now.toISOString(),
          // The buyer's own contract: their own opt-out window, their price, their subscription.
          arbitrationOptedOutAt: null,
          monthlyPriceCents: payment.amountCents,
          stripeCustomerId: payment.stripeCustomerId ?? null,
          stripeSubscriptionId: payment.stripeSubscriptionId ?? null,
          cancelAt: null,
          renewalNoticeSentAt: null,
          updatedAt: now.toISOString(),
        })
        .where(and(eq(policies.id, before.id), eq(policies.profileId, transfer.sellerProfileId), eq(policies.status, 'active')))
        .returning()
        .get()
      // Rolls the claim on the offer back too: the plan changed meanwhile.
      if (!policy) throw new PlanChanged()
      if (before.vehicleId) tx.update(vehicles).set({ profileId: buyerId }).where(eq(vehicles.id, before.vehicleId)).run()
      for (const photo of photos) {
        tx.update(policyPhotos)
          .set({ filePath: movedPath(photo.filePath, buyerId), thumbPath: photo.thumbPath ? movedPath(photo.thumbPath, buyerId) : null })
          .where(eq(policyPhotos.id, photo.id))
          .run()
      }
      if (payment.stripeCustomerId) {
        const buyer = tx.select().from(profiles).where(eq(profiles.id, buyerId)).get()
        const taken = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.stripeCustomerId, payment.stripeCustomerId)).get()
        if (buyer && !buyer.stripeCustomerId && !taken) {
          tx.update(profiles).set({ stripeCustomerId: payment.stripeCustomerId }).where(eq(profiles.id, buyerId)).run()
        }
      }
      if (payment.consent) {
        recordConsent(tx, {
          policyId: before.id,
          profileId: buyerId,
          tosVersion: policy.tosVersion,
          priceCents: payment.amountCents,
          governingState: transfer.governingState,
          consent: payment.consent,
        })
      }
      recordAudit(tx, {
        actor: buyerId,
        action: 'policy.ownership_transferred',
        entityId: before.id,
        detail: {
          transferId: transfer.id,
          fromProfileId: transfer.sellerProfileId,
          toProfileId: buyerId,
          checkoutSessionId: payment.checkoutSessionId,
          monthlyPriceCents: payment.amountCents,
          governingState: transfer.governingState,
          via: payment.stripeSubscriptionId ? 'stripe' : 'local',
        },
      })
      staged.commit()
      return policy
    })
    if (!moved) return completeOwnershipTransfer(payment, now) // paid meanwhile: answer as a repeat
    deleteStored(oldPaths)
    const owed = await recordSellersRefund(transfer.id, before, now)
    await emailBothSides(transfer, moved, sellersPaidPeriodWords(before, owed, now))
    await endSellersSubscription({ ...transfer, sellerSubscriptionId: before.stripeSubscriptionId }, now, before)
    if (owed?.status === 'pending') await payRefund(owed, moved, now)
    return { kind: 'moved', policy: moved }
  } catch (error) {
    if (error instanceof PlanChanged) return refuse(payment, 'the plan changed before the payment arrived')
    throw error
  } finally {
    staged.discard()
  }
}

class PlanChanged extends Error {}

/**
 * Where the seller's paid period does not stay with the plan, records its refund (pending with its amount, or unsettled
 * when the provider cannot be asked now: the daily job works it out as of this moment). `seller` is the policy as it
 * was before the move: the seller's subscription, state and ZIP. Null when nothing is owed (or the period stays).
 */
async function recordSellersRefund(transferId: string, seller: Policy, now: Date): Promise<RefundRow | null> {
  if (paidPeriodCarriedOver(seller, now)) return null
  let quote: TransferRefundQuote | null = null
  try {
    quote = await quoteTransferRefund(seller, now)
  } catch (error) {
    logger.error({ transferId, policyId: seller.id, err: error }, "working out the seller's refund failed; the daily job settles it")
  }
  if (quote && quote.amountCents <= 0) return null
  return (
    transaction((tx) => createTransferRefund(tx, { transferId, seller, quote, now })) ??
    db()
      .select()
      .from(refunds)
      .where(eq(refunds.idempotencyKey, transferRefundKey(transferId)))
      .get() ??
    null
  )
}

/** The seller's e-mail line on their paid period: kept with the plan, refunded (how much and why), or to be worked out. */
function sellersPaidPeriodWords(seller: Policy, owed: RefundRow | null, now: Date) {
  const carried = paidPeriodCarriedOver(seller, now)
  if (carried) return OWNERSHIP_TRANSFER_MESSAGES.paidPeriodCarried(formatLongDate(carried))
  if (!owed) return OWNERSHIP_TRANSFER_MESSAGES.sellerNothingToRefund
  if (owed.status === 'unsettled') return OWNERSHIP_TRANSFER_MESSAGES.sellerRefundLater
  return OWNERSHIP_TRANSFER_MESSAGES.sellerRefund(formatPrice(owed.amountCents), explainRefund(owed))
}

/**
 * The seller's subscription ends at once, without a fee and without a refund of the period already paid (the plan
 * covered the vehicle until today). A failure is thrown after logging so that Stripe's retry of the event tries again.
 */
async function endSellersSubscription(transfer: OwnershipTransfer, now: Date, policyBefore?: Policy) {
  if (!transfer.sellerSubscriptionId) return
  const policy = policyBefore ?? db().select().from(policies).where(eq(policies.id, transfer.policyId)).get()!
  try {
    await (await payments()).cancelSubscriptionNow({ ...policy, stripeSubscriptionId: transfer.sellerSubscriptionId })
  } catch (error) {
    logger.error({ transferId: transfer.id, err: error }, "ownership transfer: the seller's subscription could not be ended")
    throw error
  }
  db().update(ownershipTransfers).set({ sellerSubscriptionEndedAt: now.toISOString() }).where(eq(ownershipTransfers.id, transfer.id)).run()
}

/** A payment that cannot take the policy: nothing moves; the buyer's new subscription is ended so it never charges again. */
async function refuse(payment: TransferPayment, reason: string): Promise<TransferOutcome> {
  const facts = { transferId: payment.transferId, checkoutSessionId: payment.checkoutSessionId, reason }
  if (!payment.stripeSubscriptionId) {
    // The local test checkout charges nothing: there is nothing to undo.
    logger.warn(facts, 'ownership transfer: a test checkout was paid for an offer that cannot be completed; nothing moved')
    return { kind: 'refused', reason }
  }
  logger.error(
    facts,
    'ownership transfer: a payment arrived for an offer that cannot be completed; its subscription is ended (refund the first charge by hand)',
  )
  await (await payments()).cancelSubscriptionNow({ stripeSubscriptionId: payment.stripeSubscriptionId } as Policy)
  return { kind: 'refused', reason }
}

async function emailBothSides(transfer: OwnershipTransfer, policy: Policy, sellersPaidPeriod: string) {
  const config = env()
  const vehicle = policy.vehicleId ? db().select().from(vehicles).where(eq(vehicles.id, policy.vehicleId)).get() : undefined
  const common = {
    ...policyEmailNames(policy),
    vehicle: vehicle ? vehicleName(vehicle, { withPlate: true }) : 'vehicle',
    monthlyPrice: formatPrice(policy.monthlyPriceCents),
    commitmentEnds: formatLongDate(policy.initialTermEndsAt),
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
  }
  const people = db()
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(inArray(profiles.id, [transfer.sellerProfileId, policy.profileId]))
    .all()
  for (const side of ['buyer', 'seller'] as const) {
    const person = people.find((row) => row.id === (side === 'buyer' ? policy.profileId : transfer.sellerProfileId))
    if (!person) continue
    const message = await ownershipTransferredEmail({ side, ...common, paidPeriod: side === 'seller' ? sellersPaidPeriod : null })
    await sendEmail({
      to: person.email,
      ...message,
      tag: side === 'buyer' ? 'ownership-transferred-buyer' : 'ownership-transferred-seller',
      profileId: person.id,
    })
  }
}

/** True for a subscription a transfer ended: its later Stripe events have no policy and need none. */
export function endedByOwnershipTransfer(subscriptionId: string) {
  return (
    db()
      .select({ id: ownershipTransfers.id })
      .from(ownershipTransfers)
      .where(and(eq(ownershipTransfers.sellerSubscriptionId, subscriptionId), eq(ownershipTransfers.status, 'paid')))
      .get() !== undefined
  )
}
