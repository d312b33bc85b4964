/**
 * When an account may be deleted (privacy notice "Your rights"): not while a plan is inside its
 * 12-month commitment (the contract still runs) nor while a claim is open (a shop may be working on it). Pure.
 * See docs/decisions/028-account-deletion-keeps-accounting.md.
 */
import { formatLongDate } from './format'
import { isCanceled, isInInitialTerm } from './policies'

export function deletionBlockers(
  policies: Array<{ id: string; status: string; initialTermEndsAt: string }>,
  openClaims: Array<{ confirmationCode: string; approvalStatus: string }>,
  now: Date | string | number = new Date(),
): string[] {
  const reasons: string[] = []
  for (const policy of policies) {
    if (!isCanceled(policy) && isInInitialTerm(policy, now)) {
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
