/**
 * Pure policy rules, safe in the browser: the dashboard's policy card (and the demo's) decides which buttons to show
 * with the same functions the server uses to refuse. `policies.server.ts` re-exports them.
 */

export type PolicyRuleFields = {
  status: string
  initialTermEndsAt: string | null
  windshieldPhotosUploaded: boolean
}

function toTime(now: Date | string | number) {
  return now instanceof Date ? now.getTime() : new Date(now).getTime()
}

export function isCanceled(policy: Pick<PolicyRuleFields, 'status'>) {
  // 'cancelled' is the demo data's spelling (SPEC §3).
  return policy.status === 'canceled' || policy.status === 'cancelled'
}

/** Within the 12-month initial commitment: cancellation is not offered and is refused. */
export function isInInitialTerm(policy: Pick<PolicyRuleFields, 'initialTermEndsAt'>, now: Date | string | number = new Date()) {
  if (!policy.initialTermEndsAt) return false
  return toTime(now) < new Date(policy.initialTermEndsAt).getTime()
}

export function canCancel(policy: Pick<PolicyRuleFields, 'status' | 'initialTermEndsAt'>, now: Date | string | number = new Date()) {
  return !isCanceled(policy) && !isInInitialTerm(policy, now)
}

/** Paid for but setup (photos, vehicle) not done. 'pending' is the demo data's word for it. */
export function needsSetup(policy: Pick<PolicyRuleFields, 'status'>) {
  return policy.status === 'incomplete' || policy.status === 'pending'
}

/** SPEC §4: a claim may be filed only when the policy is active and its photos are uploaded. */
export function canFileClaim(policy: Pick<PolicyRuleFields, 'status' | 'windshieldPhotosUploaded'>) {
  return policy.status === 'active' && policy.windshieldPhotosUploaded
}
