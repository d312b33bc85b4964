/**
 * When an account may be deleted (privacy notice "Your rights"): not while a plan's 12-month commitment binds (the
 * contract still runs; only where the customer's state lets it bind, after the free look — app/domain/state-rules.ts)
 * nor while a claim is open (a shop may be working on it). Elsewhere deleting the account cancels its plans, with the
 * refund their state gives. Pure. See docs/decisions/028-account-deletion-keeps-accounting.md.
 */
import { anniversary, dayAfter, dayOf, startOfDayIn } from './calendar'
import type { ApprovalStatus } from './claims'
import { formatLongDate } from './format'
import { type CommitmentFields, commitmentHolds, isCanceled, type PolicyStatus } from './policies'
import type { RecordKept } from './state-rules'

export function deletionBlockers(
  policies: Array<{ id: string; status: PolicyStatus; initialTermEndsAt: string } & CommitmentFields>,
  openClaims: Array<{ confirmationCode: string; approvalStatus: ApprovalStatus }>,
  now: Date | string | number = new Date(),
): string[] {
  const reasons: string[] = []
  for (const policy of policies) {
    if (!isCanceled(policy) && commitmentHolds(policy, now)) {
      reasons.push(
        `Policy ${policy.id} is inside its 12-month commitment until ${formatLongDate(policy.initialTermEndsAt)}. You can turn off its renewal now and delete your account after that date.`,
      )
    }
  }
  for (const claim of openClaims) {
    reasons.push(
      `Claim ${claim.confirmationCode} is ${claim.approvalStatus === 'approved' ? 'approved and waiting for the shop' : 'waiting for our decision'}. You can delete your account once it is closed.`,
    )
  }
  return reasons
}

/**
 * The first day a kept record may go (YYYY-MM-DD, UTC days as the product stores them): the day after the later of
 * the anniversary of the day coverage ended `yearsAfterCoverageEnds` years on and, where the rule counts the consent,
 * the anniversary of the consent `yearsAfterConsent` years on. Kept through that last day, removed from the next.
 */
export function keptRecordMayGoOn(rule: RecordKept, facts: { coverageEndedOn: string; consentedAt: string | null }): string {
  const lastDays = [dayOf(anniversary(startOfDayIn(facts.coverageEndedOn), rule.yearsAfterCoverageEnds))]
  if (rule.yearsAfterConsent !== null && facts.consentedAt) {
    lastDays.push(dayOf(anniversary(new Date(facts.consentedAt), rule.yearsAfterConsent)))
  }
  return dayAfter(lastDays.sort().at(-1)!)
}

/** Whether a kept record's day has come at `now`: from the start of its `mayGoOn` day. */
export function keptRecordIsDue(mayGoOn: string, now: Date): boolean {
  return dayOf(now) >= mayGoOn
}

const DELETED_ACCOUNT_DOMAIN = '@deleted.invalid'

/** The address a deleted account keeps (docs/decisions/028-account-deletion-keeps-accounting.md): unique, never deliverable. */
export function deletedAccountEmail(profileId: string) {
  return `deleted-${profileId}${DELETED_ACCOUNT_DOMAIN}`
}

/** Whether the account is gone: nobody is left to write to, or to show as a person. */
export function isDeletedAccount(profile: { email: string }) {
  return profile.email.endsWith(DELETED_ACCOUNT_DOMAIN)
}

/** How a claim's claimant is named once their account is deleted (their name and address are gone). */
export const CLAIMANT_GONE = 'Former customer (account deleted)'
/** How a claim is named whose claimant no record holds (filed before its policy passed on, the sale unrecorded). */
export const CLAIMANT_UNKNOWN = 'Customer not on record'

/** How shops, the operator and e-mails name a claim's claimant: their name, else their address. */
export function claimantName(profile: { fullName: string | null; email: string } | null) {
  if (!profile) return CLAIMANT_UNKNOWN
  if (isDeletedAccount(profile)) return CLAIMANT_GONE
  return profile.fullName || profile.email
}
