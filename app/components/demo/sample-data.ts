import type { ClaimCardData } from '~/components/claim-card'
import type { ClaimLiveStatusData } from '~/components/claims/claim-live-status'
import type { PolicyCardData } from '~/components/policy-card'
import { planName, type PlanType, type VehicleType } from '~/domain/plans'
import type { PolicyStatus } from '~/domain/policies'
import { DAY_MS } from '~/domain/time'

/**
 * The demo area's sample data: one made-up customer with two policies and a few claims.
 * Plain constants, safe in the browser; the demo never reads or writes the database (docs/decisions/012-demo.md).
 */

/** How long each simulated step of the demo takes, in milliseconds. */
export const DEMO_DELAYS = { load: 1000, cancel: 1500, upload: 2000, submit: 2000, redirect: 2000 } as const

export const DEMO_BANNER = 'Demo — sample data, nothing is saved.'

export const DEMO_CUSTOMER = { fullName: 'Alex Morgan', email: 'alex.morgan@example.com' } as const

/** The demo data uses its own words for plans ('premium', 'basic') and statuses ('pending', 'cancelled'). */
export type DemoPlanType = 'premium' | 'basic'
export type DemoPolicyStatus = 'active' | 'pending' | 'cancelled'

const PLAN_TYPES: Record<DemoPlanType, PlanType> = { premium: 'comprehensive', basic: 'chip_only' }

export type DemoPolicy = {
  id: string
  policyNumber: string
  status: DemoPolicyStatus
  planType: DemoPlanType
  vehicleType: VehicleType | null
  hasAdas: boolean
  monthlyPriceCents: number
  billingInterval: 'month' | 'year'
  windshieldPhotosUploaded: boolean
  vehicle: { year: number; make: string; model: string; licensePlate: string; licensePlateState: string } | null
}

export const DEMO_POLICIES: readonly DemoPolicy[] = [
  {
    id: 'demo-pol-7c2k9d',
    policyNumber: 'GP-H7RW3K',
    status: 'active',
    planType: 'premium',
    vehicleType: 'car',
    hasAdas: true,
    monthlyPriceCents: 2999,
    billingInterval: 'month',
    windshieldPhotosUploaded: true,
    vehicle: { year: 2021, make: 'Honda', model: 'Accord', licensePlate: 'DEMO 21', licensePlateState: 'UT' },
  },
  {
    id: 'demo-pol-4m8q2x',
    policyNumber: 'GP-Q4XN8D',
    status: 'pending',
    planType: 'basic',
    vehicleType: null,
    hasAdas: false,
    monthlyPriceCents: 1999,
    billingInterval: 'month',
    windshieldPhotosUploaded: false,
    vehicle: null,
  },
]

type DemoClaim = {
  id: string
  policyId: string
  approvalStatus: 'pending_review' | 'approved' | 'denied' | 'completed'
  /** Days before today the claim was submitted (the sample stays fresh). */
  submittedDaysAgo: number
  confirmationCode: string
  partnerGroupName: string | null
  denialReason: string | null
  completedDaysAgo: number | null
}

const DEMO_CLAIMS: readonly DemoClaim[] = [
  {
    id: 'demo-clm-9h3w6n',
    policyId: 'demo-pol-7c2k9d',
    approvalStatus: 'pending_review',
    submittedDaysAgo: 0,
    confirmationCode: 'CS-7KQ4MX',
    partnerGroupName: null,
    denialReason: null,
    completedDaysAgo: null,
  },
  {
    id: 'demo-clm-5r8t2p',
    policyId: 'demo-pol-7c2k9d',
    approvalStatus: 'approved',
    submittedDaysAgo: 6,
    confirmationCode: 'CS-R8TZ2P',
    partnerGroupName: 'Sample Auto Glass',
    denialReason: null,
    completedDaysAgo: null,
  },
  {
    id: 'demo-clm-3v6b4e',
    policyId: 'demo-pol-7c2k9d',
    approvalStatus: 'completed',
    submittedDaysAgo: 41,
    confirmationCode: 'CS-H3WN6D',
    partnerGroupName: 'Sample Auto Glass',
    denialReason: null,
    completedDaysAgo: 38,
  },
  {
    id: 'demo-clm-8y2c7j',
    policyId: 'demo-pol-7c2k9d',
    approvalStatus: 'denied',
    submittedDaysAgo: 97,
    confirmationCode: 'CS-9VBC5E',
    partnerGroupName: null,
    denialReason: 'The photos show a crack that was there before coverage started.',
    completedDaysAgo: null,
  },
]

/** The code the demo's claim form "issues" (CS- and six characters without look-alikes, like a real one). */
export const DEMO_SUBMITTED_CODE = 'CS-DM4Q7X'

export function findDemoPolicy(id: string | null | undefined): DemoPolicy | null {
  return DEMO_POLICIES.find((policy) => policy.id === id) ?? null
}

/** The product's plan type behind the demo's word for it. */
export function demoPlanType(policy: Pick<DemoPolicy, 'planType'>): PlanType {
  return PLAN_TYPES[policy.planType]
}

export function demoPlanName(policy: Pick<DemoPolicy, 'planType' | 'vehicleType' | 'hasAdas'>): string {
  return planName({ planType: demoPlanType(policy), vehicleType: policy.vehicleType, hasAdas: policy.hasAdas })
}

/** The demo's words for a status, as the real card shows them: its 'pending' is waiting for setup. */
const DEMO_STATUS_SHOWN: Record<DemoPolicyStatus, PolicyStatus> = { active: 'active', pending: 'incomplete', cancelled: 'canceled' }

/** A sample policy in the real statuses, for the rules of app/domain/policies (needsSetup, canFileClaim…). */
export function demoPolicyShown<Policy extends Pick<DemoPolicy, 'status'>>(
  policy: Policy,
): Omit<Policy, 'status'> & { status: PolicyStatus } {
  return { ...policy, status: DEMO_STATUS_SHOWN[policy.status] }
}

/** In the demo, cancelling moves an active or pending policy to cancelled after the confirmation (no 12-month rule). */
export function canCancelDemoPolicy(policy: Pick<DemoPolicy, 'status'>): boolean {
  return policy.status === 'active' || policy.status === 'pending'
}

/** The sample policies as the real policy card shows them; `cancelledIds` are shown as cancelled. */
export function demoPolicyCards(cancelledIds: readonly string[] = []): PolicyCardData[] {
  return DEMO_POLICIES.map((policy) => ({
    id: policy.id,
    policyNumber: policy.policyNumber,
    status: cancelledIds.includes(policy.id) && canCancelDemoPolicy(policy) ? 'canceled' : DEMO_STATUS_SHOWN[policy.status],
    planName: demoPlanName(policy),
    monthlyPriceCents: policy.monthlyPriceCents,
    billingInterval: policy.billingInterval,
    // No commitment in the demo: cancelling is always offered for active or pending policies.
    initialTermEndsAt: null,
    windshieldPhotosUploaded: policy.windshieldPhotosUploaded,
    vehicle: policy.vehicle,
  }))
}

export type DemoClaimCard = ClaimCardData & { live: ClaimLiveStatusData }

/** The sample claims as the real claim card shows them, dated relative to `now`. */
export function demoClaimCards(now: Date = new Date()): DemoClaimCard[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
  return DEMO_CLAIMS.map((claim) => {
    const policy = findDemoPolicy(claim.policyId)
    return {
      id: claim.id,
      approvalStatus: claim.approvalStatus,
      submittedAt: daysAgo(claim.submittedDaysAgo),
      policy: policy ? { number: policy.policyNumber, planName: demoPlanName(policy) } : null,
      partnerGroupName: claim.partnerGroupName,
      confirmationCode: claim.confirmationCode,
      live: {
        approvalStatus: claim.approvalStatus,
        partnerGroupName: claim.partnerGroupName,
        denialReason: claim.denialReason,
        // The appeal window of the sample denial is long over: no Appeal button to a page the demo doesn't have.
        appealUntil: null,
        appealHref: null,
        appealedAt: null,
        completedAt: claim.completedDaysAgo === null ? null : daysAgo(claim.completedDaysAgo),
      },
    }
  })
}

// --- where the demo's pages are ---------------------------------------------------------------------------------

/**
 * The demo dashboard. Without JavaScript the cancellations made so far travel in the URL (`cancelled`), since nothing is
 * saved; `cancel` asks to confirm cancelling one more.
 */
export function demoDashboardPath(cancelledIds: readonly string[] = [], confirmCancelId?: string): string {
  const query = new URLSearchParams()
  if (confirmCancelId) query.set('cancel', confirmCancelId)
  for (const id of cancelledIds) query.append('cancelled', id)
  const search = query.toString()
  return search ? `/demo/customer?${search}` : '/demo/customer'
}

/** The ids in a URL's `cancelled` list that name a sample policy the demo lets you cancel. */
export function demoCancelledIds(url: URL): string[] {
  const ids = url.searchParams.getAll('cancelled')
  return DEMO_POLICIES.filter((policy) => ids.includes(policy.id) && canCancelDemoPolicy(policy)).map((policy) => policy.id)
}

export function demoWizardPath(policyId: string, step?: 'vehicle'): string {
  return `/demo/complete-policy?policy_id=${encodeURIComponent(policyId)}${step ? `&step=${step}` : ''}`
}

export function demoSubmitClaimPath(policyId: string, submitted = false): string {
  return `/demo/submit-claim?policy_id=${encodeURIComponent(policyId)}${submitted ? '&submitted=1' : ''}`
}
