/**
 * The rules of a policy, pure and safe in the browser: the dashboard's policy card (and the
 * demo's) decides which buttons to show with the same functions the server uses to refuse.
 */

import { customerZone, dayOf } from './calendar'
import { CODE_ALPHABET, randomCode } from './claims'
import { commitmentBinds, commitmentBindsFrom, freeLookLastDay, inFreeLook, rulesFor } from './state-rules'
import { DAY_MS } from './time'

/** A policy's status: waiting for setup, active, a payment failed, ended. */
export const POLICY_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const
export type PolicyStatus = (typeof POLICY_STATUSES)[number]

/** Each policy status in the words every page shows (the customer's card, the operator's lists and filters). */
export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  incomplete: 'Incomplete',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
}

/**
 * A policy's passing to a new owner (ownership_transfers.status): offered by its owner, accepted by the buyer, paid
 * (the policy has passed), or canceled or expired before that.
 */
export const OWNERSHIP_TRANSFER_STATUSES = ['offered', 'accepted', 'paid', 'canceled', 'expired'] as const
export type OwnershipTransferStatus = (typeof OWNERSHIP_TRANSFER_STATUSES)[number]

/**
 * Why a setup waits for the operator instead of activating: its VIN is already on another active policy, so a
 * person checks it before coverage starts ('vin_review'), or the operator asked the customer to correct the vehicle
 * ('vin_correction': the wizard is open again). Null: nothing holds it.
 */
export const SETUP_HOLDS = ['vin_review', 'vin_correction'] as const
export type SetupHold = (typeof SETUP_HOLDS)[number]

export type PolicyRuleFields = {
  status: PolicyStatus
  initialTermEndsAt: string | null
  windshieldPhotosUploaded: boolean
  vehicleId: string | null
  coverageStartDate: string | null
}

function toTime(now: Date | string | number) {
  return now instanceof Date ? now.getTime() : new Date(now).getTime()
}

export function isCanceled(policy: Pick<PolicyRuleFields, 'status'>) {
  return policy.status === 'canceled'
}

/** Within the 12-month initial commitment (whether or not the customer's state lets it stop a cancellation). */
export function isInInitialTerm(policy: Pick<PolicyRuleFields, 'initialTermEndsAt'>, now: Date | string | number = new Date()) {
  if (!policy.initialTermEndsAt) return false
  return toTime(now) < new Date(policy.initialTermEndsAt).getTime()
}

/**
 * What the commitment rule needs to know of a policy: its state (null: not known yet), when it was bought and the
 * customer's zone its days are counted in (`timeZone`, found on the server from the customer's ZIP; without it, the
 * state's zone). Data without a purchase time (the demo's sample policies) follows the product's own rule: the
 * commitment binds for its 12 months.
 */
export type CommitmentFields = Pick<PolicyRuleFields, 'initialTermEndsAt'> & {
  governingState?: string | null
  createdAt?: string
  timeZone?: string | null
}

/** The zone a policy's contract days are counted in. */
export function zoneOfPolicy(policy: { governingState?: string | null; timeZone?: string | null }) {
  return policy.timeZone ?? customerZone(policy.governingState)
}

/**
 * Whether the 12-month commitment stops a cancellation now: only where the customer's state lets a contract restrict
 * cancellation, and not in its free look (app/domain/state-rules.ts). Elsewhere the customer may cancel at any time.
 */
export function commitmentHolds(policy: CommitmentFields, now: Date | string | number = new Date()) {
  if (policy.createdAt === undefined) return isInInitialTerm(policy, now)
  return commitmentBinds(
    rulesFor(policy.governingState),
    { purchasedAt: policy.createdAt, initialTermEndsAt: policy.initialTermEndsAt, zone: zoneOfPolicy(policy) },
    new Date(toTime(now)),
  )
}

/**
 * What the dashboard tells a customer of their rights by date, as days of their own calendar (YYYY-MM-DD): the last day
 * a cancellation refunds in full (while it has not passed), and the day from which the commitment binds (where it does,
 * until it does). Null for data without a purchase time.
 */
export function freeLookDates(policy: CommitmentFields, now: Date | string | number = new Date()) {
  if (policy.createdAt === undefined) return null
  const rules = rulesFor(policy.governingState)
  const zone = zoneOfPolicy(policy)
  const at = new Date(toTime(now))
  const open = inFreeLook(rules, policy.createdAt, at, zone)
  const bindsFrom = commitmentBindsFrom(rules, { purchasedAt: policy.createdAt, initialTermEndsAt: policy.initialTermEndsAt, zone })
  return {
    fullRefundUntil: open ? freeLookLastDay(rules, policy.createdAt, zone) : null,
    commitmentBindsFrom: bindsFrom && bindsFrom.getTime() > at.getTime() ? dayOf(bindsFrom, zone) : null,
  }
}

export function canCancel(policy: Pick<PolicyRuleFields, 'status'> & CommitmentFields, now: Date | string | number = new Date()) {
  return !isCanceled(policy) && !commitmentHolds(policy, now)
}

/** Whether cancelling now may give a refund: the card then leads to the page that states it before the customer confirms. */
export function cancellationMayRefund(
  policy: { governingState?: string | null; createdAt?: string; timeZone?: string | null },
  now: Date | string | number = new Date(),
) {
  if (policy.createdAt === undefined) return false
  const rules = rulesFor(policy.governingState)
  return inFreeLook(rules, policy.createdAt, new Date(toTime(now)), zoneOfPolicy(policy)) || rules.laterRefund !== 'none'
}

/** Turning renewal off (Stripe's cancel_at = end of the commitment) is for a live policy whose commitment binds. */
export function canTurnRenewalOff(policy: Pick<PolicyRuleFields, 'status'> & CommitmentFields, now: Date | string | number = new Date()) {
  return !isCanceled(policy) && commitmentHolds(policy, now)
}

/**
 * Setup is done once the photos, the vehicle and the coverage start are in: the setup flow saves the coverage start
 * last, in the same transaction as the vehicle, so this is the one test of "set up". The policy's status follows it
 * (incomplete → active), and `needsSetup` reads that status where only the status is at hand (the demo's data).
 */
export function isSetupDone(policy: Pick<PolicyRuleFields, 'windshieldPhotosUploaded' | 'vehicleId' | 'coverageStartDate'>) {
  return policy.windshieldPhotosUploaded && policy.vehicleId !== null && policy.coverageStartDate !== null
}

/** A setup waiting for the operator's check (SETUP_HOLDS): the wizard is closed to the customer meanwhile. */
export function isSetupHeld(policy: { setupHold?: string | null }) {
  return policy.setupHold === 'vin_review'
}

/** Paid for but setup (photos, vehicle) not done, by its status. */
export function needsSetup(policy: Pick<PolicyRuleFields, 'status'>) {
  return policy.status === 'incomplete'
}

/**
 * The plan card in a wallet: offered on the dashboard for a policy in force with its vehicle set up (active, or past
 * due: it still covers once paid). A card already in a wallet can be fetched again whatever the status: an ended
 * plan's card then says so (app/models/policies/wallet-card.server.ts); a policy not set up has no card.
 */
export function offersWalletCard(policy: Pick<PolicyRuleFields, 'status'> & { vehicle: unknown }) {
  return (policy.status === 'active' || policy.status === 'past_due') && Boolean(policy.vehicle)
}

export function hasWalletCard(policy: Pick<PolicyRuleFields, 'status'> & { vehicle: unknown }) {
  return policy.status !== 'incomplete' && Boolean(policy.vehicle)
}

export type FilingRefusal = 'not_found' | 'not_active'

/**
 * Claim access: a claim may be filed on the customer's own policy, active, with its photos uploaded (not
 * incomplete, past_due or canceled). Without `profileId` only the policy's state is judged (the card's button).
 */
export function claimFilingRefusal(
  policy: (Pick<PolicyRuleFields, 'status' | 'windshieldPhotosUploaded'> & { profileId?: string }) | null | undefined,
  profileId?: string,
): FilingRefusal | null {
  // Unknown and another customer's policy are refused alike: nothing says whether it exists.
  if (!policy || (profileId !== undefined && policy.profileId !== profileId)) return 'not_found'
  if (policy.status !== 'active' || !policy.windshieldPhotosUploaded) return 'not_active'
  return null
}

export function canFileClaim(policy: Pick<PolicyRuleFields, 'status' | 'windshieldPhotosUploaded'>) {
  return claimFilingRefusal(policy) === null
}

// --- the promises of the terms: arbitration opt-out, one transfer ---------------------------------------------------

/** Terms "Binding arbitration": a customer may opt out within 30 days of accepting the terms (of this plan). */
export const ARBITRATION_OPT_OUT_DAYS = 30

export function arbitrationOptOutEndsAt(policy: { tosAcceptedAt: string }) {
  return new Date(Date.parse(policy.tosAcceptedAt) + ARBITRATION_OPT_OUT_DAYS * DAY_MS)
}

export type ArbitrationOptOutRefusal = 'already_opted_out' | 'window_closed'

export function arbitrationOptOutRefusal(
  policy: { tosAcceptedAt: string; arbitrationOptedOutAt: string | null },
  now: Date | string | number = new Date(),
): ArbitrationOptOutRefusal | null {
  if (policy.arbitrationOptedOutAt) return 'already_opted_out'
  if (toTime(now) > arbitrationOptOutEndsAt(policy).getTime()) return 'window_closed'
  return null
}

/** Terms "Transfers": a plan moves to a replacement vehicle one time. */
export type TransferRefusal = 'not_active' | 'already_used'

export function transferRefusal(
  policy: Pick<PolicyRuleFields, 'status' | 'windshieldPhotosUploaded'> & { transferUsedAt: string | null },
): TransferRefusal | null {
  if (policy.transferUsedAt) return 'already_used'
  if (policy.status !== 'active' || !policy.windshieldPhotosUploaded) return 'not_active'
  return null
}

/** A policy may pass to the vehicle's next owner once it is active and set up (the buyer needs no second setup). */
export function ownershipTransferAllowed(
  policy: Pick<PolicyRuleFields, 'status' | 'windshieldPhotosUploaded' | 'vehicleId' | 'coverageStartDate'>,
) {
  return policy.status === 'active' && isSetupDone(policy)
}

/** A claim filed before the current owner took the policy over is the previous owner's: only its code and status show. */
export function isPreviousOwnersClaim(policy: { ownedSince: string | null }, claim: { submittedAt: string }) {
  return policy.ownedSince !== null && claim.submittedAt < policy.ownedSince
}

/**
 * Whether a claim on a policy the customer owns is theirs to see in full and act on: they filed it, and not before the
 * policy passed to them. Anything else (a previous owner's claim) shows its code and status only.
 */
export function isOwnClaim(
  profileId: string,
  policy: { ownedSince: string | null },
  claim: { submittedAt: string; filedByProfileId: string | null },
) {
  return claim.filedByProfileId === profileId && !isPreviousOwnersClaim(policy, claim)
}

/** The windshield photos that show a claim's vehicle as covered: the transfer's (1) for a claim filed after it, else setup's (0). */
export function photoGenerationOfClaim(policy: { transferUsedAt: string | null }, claim: { submittedAt: string }): 0 | 1 {
  return policy.transferUsedAt && claim.submittedAt >= policy.transferUsedAt ? 1 : 0
}

// --- policy numbers ----------------------------------------------------------------------------------------------

/**
 * The number a customer reads and says on the phone: 'GP-' and six characters of the confirmation codes' alphabet (no
 * 0/O, 1/I/L), so it is read and typed as easily as the claim's code beside it. The random id stays internal.
 */
export const POLICY_NUMBER_PATTERN = new RegExp(`^GP-[${CODE_ALPHABET}]{6}$`)

export function generatePolicyNumber() {
  return randomCode('GP-')
}

/** What someone typed or read out, tidied: upper case, no spaces, 'GP-' added when left out. Null when it cannot be one. */
export function normalizePolicyNumber(input: string): string | null {
  let number = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
  // Six characters are the number without its prefix (which may itself start with 'GP').
  if (number.length === 8 && number.startsWith('GP')) number = number.slice(2)
  number = `GP-${number}`
  return POLICY_NUMBER_PATTERN.test(number) ? number : null
}
