/**
 * Where a shop's completed job stands on the way to the shop's bank account (safe in the browser): completed but not
 * yet approved for payment, approved, in a payout the operator has created, or paid with a bank reference.
 */
import { endOfBusinessDaysAfter } from './calendar'
import { CODE_ALPHABET, randomCode } from './claims'
import { DAY_MS } from './time'

export const PAYOUT_STATES = ['not_approved', 'approved', 'in_payout', 'paid'] as const
export type PayoutStateName = (typeof PAYOUT_STATES)[number]

export const PAYOUT_STATE_NAMES: Record<PayoutStateName, string> = {
  not_approved: 'Not approved for payment yet',
  approved: 'Approved for payment',
  in_payout: 'In a payout, not paid yet',
  paid: 'Paid',
}

export type PayoutState =
  | { state: 'not_approved' | 'approved'; payoutId: null; paidAt: null; reference: null }
  | { state: 'in_payout'; payoutId: string; paidAt: null; reference: null }
  | { state: 'paid'; payoutId: string; paidAt: string; reference: string }

/** The columns of a job and of its payout (when it has one) that say where its payment stands. */
export type PayoutFacts = {
  paymentApprovedAt: string | null
  payoutId: string | null
  payout?: { paidAt: string | null; reference: string | null } | null
}

/** A completed job's payout state; a job not completed yet has none (null). */
export function payoutStateOf(claim: PayoutFacts & { completedAt: string | null }): PayoutState | null {
  if (!claim.completedAt) return null
  if (claim.payoutId) {
    const { paidAt, reference } = claim.payout ?? { paidAt: null, reference: null }
    return paidAt
      ? { state: 'paid', payoutId: claim.payoutId, paidAt, reference: reference ?? '' }
      : { state: 'in_payout', payoutId: claim.payoutId, paidAt: null, reference: null }
  }
  return { state: claim.paymentApprovedAt ? 'approved' : 'not_approved', payoutId: null, paidAt: null, reference: null }
}

// --- payout numbers ----------------------------------------------------------------------------------------------

/**
 * The number a shop quotes about a payment (its remittance e-mail names it) and the operator reads on the payouts page:
 * 'PY-' and six characters of the confirmation codes' alphabet, like a policy's 'GP-' number. The random id stays in
 * forms and URLs. docs/decisions/063-policy-numbers-and-customer-phones.md.
 */
export const PAYOUT_NUMBER_PATTERN = new RegExp(`^PY-[${CODE_ALPHABET}]{6}$`)

export function generatePayoutNumber() {
  return randomCode('PY-')
}

// --- paid within five business days ------------------------------------------------------------------------------

/** The network pays a shop's accepted job within this many business days of its acceptance, with no fee. */
export const PAYMENT_BUSINESS_DAYS = 5

/**
 * How long before a job's clock runs out the daily job pays it: two days, so a transfer Stripe refuses on the first try
 * has the next run to go through before the clock ends. Until then a group's accepted jobs wait to be paid together.
 */
export const PAYMENT_RETRY_MARGIN_MS = 2 * DAY_MS

/** When a job accepted at `acceptedAt` must be paid by: the end of its fifth business day (holidays do not count). */
export function paymentDueBy(acceptedAt: Date): Date {
  return endOfBusinessDaysAfter(acceptedAt, PAYMENT_BUSINESS_DAYS)
}

/** Whether a group whose oldest unpaid accepted job was accepted at `oldestAcceptedAt` is paid on a run at `now`. */
export function isPaymentDue(oldestAcceptedAt: Date, now: Date): boolean {
  return paymentDueBy(oldestAcceptedAt).getTime() - PAYMENT_RETRY_MARGIN_MS <= now.getTime()
}

/**
 * Whether a partner group is paid through Stripe Connect: an account whose onboarding Stripe says is complete. Its
 * payouts go as transfers from the daily job, never by the operator's bank payment (both would reach the shop).
 */
export function paidThroughStripe(group: { stripeAccountId: string | null; stripePayoutsEnabled: boolean }) {
  return Boolean(group.stripeAccountId && group.stripePayoutsEnabled)
}

/** A payment's bank reference: what the operator types when marking a payout, or a penalty paid by hand, paid. */
export const PAYOUT_REFERENCE_MAX = 80

/**
 * How many jobs of each kind the payouts page lists for a group (the oldest first); a payout takes the ones listed.
 * At 200 the page of a group with 500 unpaid jobs weighed 170 KB (the scale benchmark); 50 keeps it near 60 KB.
 */
export const JOBS_LISTED = 50

// --- invoice ceilings ---------------------------------------------------------------------------------------------

/** The work an invoice is for, as its ceiling tells them apart. */
export const INVOICE_WORKS = ['chip_repair', 'replacement_car', 'replacement_trucksuv'] as const
export type InvoiceWork = (typeof INVOICE_WORKS)[number]
/** A service as held invoices record it (`claims.invoice_held_for`): the work, and `+adas` when a calibration was done. */
export type InvoiceService = InvoiceWork | `${InvoiceWork}+adas`

const INVOICE_WORK_NAMES: Record<InvoiceWork, string> = {
  chip_repair: 'chip repair',
  replacement_car: 'windshield replacement (car)',
  replacement_trucksuv: 'windshield replacement (truck/SUV)',
}

export type InvoiceFacts = {
  repairType: 'repair' | 'replacement'
  /** The policy's vehicle class; unknown counts as the larger one (a hold needs a clear outlier). */
  vehicleType: 'car' | 'trucksuv' | null
  adasCalibration: 'none' | 'static' | 'dynamic' | 'both' | null
}

/** The service an invoice is for. */
export function invoiceServiceOf({ repairType, vehicleType, adasCalibration }: InvoiceFacts): InvoiceService {
  const work: InvoiceWork = repairType === 'repair' ? 'chip_repair' : vehicleType === 'car' ? 'replacement_car' : 'replacement_trucksuv'
  return adasCalibration && adasCalibration !== 'none' ? `${work}+adas` : work
}

/** 'chip repair', 'windshield replacement (car) with ADAS calibration'. */
export function invoiceServiceName(service: InvoiceService) {
  const [work, adas] = service.split('+') as [InvoiceWork, string | undefined]
  return `${INVOICE_WORK_NAMES[work] ?? work}${adas ? ' with ADAS calibration' : ''}`
}

/**
 * The service whose ceiling an invoice total is above (it is held for the operator), or null when it is not. The
 * ceiling is the job's price under the published schedule (app/domain/price-schedule.ts, fixed at completion): an
 * invoice above what the network agreed to pay waits for the operator. A job priced by no schedule (none was published
 * yet) has no ceiling.
 */
export function heldInvoiceService(
  facts: InvoiceFacts & { actualCostCents: number | null; priceCents: number | null },
): InvoiceService | null {
  if (facts.actualCostCents === null || facts.priceCents === null) return null
  return facts.actualCostCents > facts.priceCents ? invoiceServiceOf(facts) : null
}

/** Whether a job's invoice waits for the operator's release before it may be approved for payment. */
export function isInvoiceHeld(claim: { invoiceHeldFor: string | null; invoiceReleasedAt: string | null }) {
  return claim.invoiceHeldFor !== null && claim.invoiceReleasedAt === null
}
