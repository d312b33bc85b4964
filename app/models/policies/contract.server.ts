import { and, eq } from 'drizzle-orm'

import { cancelTerms, firstTermEndLabel, renewalTerms } from '~/content/contract'
import { contractDisclosures, type ContractProvider } from '~/content/disclosures'
import { VEHICLE_TYPE_NAMES } from '~/content/marketing'
import { type LegalParties, siteTermsVersion } from '~/content/site-legal'
import { termsVersion } from '~/content/terms-versions'
import { db, transaction } from '~/db/client.server'
import { policies, type Policy, profiles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { OPT_OUT_MESSAGES } from '~/domain/messages'
import { cancelPath, contractPath } from '~/domain/paths'
import { planName, policyEmailNames, pricePer } from '~/domain/plans'
import { arbitrationOptOutEndsAt, arbitrationOptOutRefusal } from '~/domain/policies'
import { isStateCode, rulesFor, stateName } from '~/domain/state-rules'
import { vehicleName } from '~/domain/vehicles'
import { arbitrationOptOutEmail } from '~/emails/arbitration-opt-out'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { effectiveFacts } from '~/models/operations/sales-states.server'
import { getPolicyForProfile, zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'

/**
 * A customer's plan documents: the contract as agreed, with the full text of the terms version they
 * accepted, for the page at /customer/policies/:policyId/contract and its PDF. Another customer's policy is null.
 */
export type Contract = NonNullable<ReturnType<typeof policyContract>>

/** The facts content/contract.ts words the renewal and cancel terms with. */
export function contractWording(
  policy: Pick<Policy, 'id' | 'profileId' | 'monthlyPriceCents' | 'initialTermEndsAt' | 'billingInterval' | 'governingState' | 'createdAt'>,
) {
  const config = env()
  return {
    rules: rulesFor(policy.governingState),
    purchasedAt: policy.createdAt,
    zone: zoneOfCustomerPolicy(policy),
    monthlyPrice: formatPrice(policy.monthlyPriceCents),
    yearly: policy.billingInterval === 'year',
    commitmentEnds: formatLongDate(policy.initialTermEndsAt),
    cancelUrl: `${config.APP_URL}${cancelPath(policy.id)}`,
    supportEmail: config.SUPPORT_EMAIL,
  }
}

/** Who the terms and the privacy notice name (content/site-legal.ts): the provider the contract names, and support. */
export function legalParties(): LegalParties {
  const config = env()
  return { supportEmail: config.SUPPORT_EMAIL, companyName: config.PROVIDER_NAME, postalAddress: config.PROVIDER_ADDRESS }
}

/** The provider the contract's disclosures name, from the configuration, with the facts filled in for the policy's state. */
export function contractProvider(governingState: string | null | undefined): ContractProvider {
  const config = env()
  return {
    name: config.PROVIDER_NAME,
    address: config.PROVIDER_ADDRESS,
    insurer: config.PROVIDER_INSURER ?? null,
    supportPhone: config.SUPPORT_PHONE,
    stateFacts: governingState && isStateCode(governingState) ? effectiveFacts(governingState) : null,
  }
}

export function policyContract(profileId: string, policyId: string, now = new Date()) {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) return null
  const customer = db()
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .get()
  const config = env()
  const terms = termsVersion(policy.tosVersion)
  // A version we never published cannot be shown: say so rather than show another text (logged: it is a data error).
  if (!terms)
    logger.error({ policyId: policy.id, tosVersion: policy.tosVersion }, 'a policy records a terms version that is not in TERMS_VERSIONS')
  const wording = contractWording(policy)
  const optOutEndsAt = arbitrationOptOutEndsAt(policy)
  return {
    policyId: policy.id,
    /** What the contract names the plan by for the customer (GP-…); the id above is for links only. */
    policyNumber: policy.policyNumber,
    status: policy.status,
    planName: planName(policy),
    vehicleClass: policy.vehicleType ? VEHICLE_TYPE_NAMES[policy.vehicleType] : null,
    hasAdas: policy.planType === 'comprehensive' ? Boolean(policy.hasAdas) : null,
    monthlyPrice: wording.monthlyPrice,
    /** 'Monthly price' and '$19.99 / month', or 'Yearly price' and '$199.90 / year'. */
    price: { label: wording.yearly ? 'Yearly price' : 'Monthly price', text: pricePer(policy.monthlyPriceCents, policy.billingInterval) },
    billing: wording.yearly ? 'Annual' : 'Monthly',
    purchasedAt: policy.createdAt,
    coverageStartDate: policy.coverageStartDate,
    commitmentEndsAt: policy.initialTermEndsAt,
    /** 'Commitment ends', or 'First term ends' where the policy's state never lets the commitment bind. */
    commitmentEndsLabel: firstTermEndLabel(rulesFor(policy.governingState)),
    renewalOffUntil: policy.cancelAt,
    canceledAt: policy.canceledAt,
    vehicle: policy.vehicle ? vehicleName(policy.vehicle, { withPlate: true }) : null,
    vin: policy.vehicle?.vin ?? null,
    customer: { name: customer?.fullName ?? null, email: customer?.email ?? '' },
    company: config.PROVIDER_NAME,
    /** The state whose law governs the plan, by name; null until the customer or the operator sets it. */
    governingState: policy.governingState && isStateCode(policy.governingState) ? stateName(policy.governingState) : null,
    renewal: renewalTerms(wording),
    cancelling: cancelTerms(wording),
    cancelPath: cancelPath(policy.id),
    disclosures: contractDisclosures(contractProvider(policy.governingState), policy.governingState),
    terms: {
      version: policy.tosVersion,
      acceptedAt: policy.tosAcceptedAt,
      lastUpdated: terms?.lastUpdated ?? null,
      document: siteTermsVersion(policy.tosVersion, legalParties()),
    },
    arbitration: {
      optedOutAt: policy.arbitrationOptedOutAt,
      windowEndsAt: optOutEndsAt.toISOString(),
      open: arbitrationOptOutRefusal(policy, now) === null,
    },
  }
}

/**
 * Records the customer's arbitration opt-out (terms: within 30 days of accepting them), audited in the same
 * transaction, then confirms it by e-mail. Refused after the window or a second time; another customer's policy is 404.
 */
export async function optOutOfArbitration(profileId: string, policyId: string, now = new Date()): Promise<Policy> {
  const updated = transaction((tx) => {
    const policy = tx
      .select()
      .from(policies)
      .where(and(eq(policies.id, policyId), eq(policies.profileId, profileId)))
      .get()
    if (!policy) notFound()
    const refusal = arbitrationOptOutRefusal(policy, now)
    if (refusal === 'already_opted_out') throw RuleError.from(OPT_OUT_MESSAGES.already, { status: 409 })
    if (refusal === 'window_closed') {
      throw RuleError.from(OPT_OUT_MESSAGES.windowClosed(arbitrationOptOutEndsAt(policy).toISOString()), { status: 409 })
    }
    const row = tx
      .update(policies)
      .set({ arbitrationOptedOutAt: now.toISOString(), updatedAt: now.toISOString() })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
    recordAudit(tx, {
      actor: profileId,
      action: 'policy.arbitration_opted_out',
      entityId: policy.id,
      detail: { tosVersion: policy.tosVersion, tosAcceptedAt: policy.tosAcceptedAt },
    })
    return row
  })
  const customer = db().select({ email: profiles.email }).from(profiles).where(eq(profiles.id, profileId)).get()
  if (customer) {
    const config = env()
    const email = await arbitrationOptOutEmail({
      ...policyEmailNames(updated),
      optedOutAt: formatLongDate(updated.arbitrationOptedOutAt),
      tosVersion: updated.tosVersion,
      contractUrl: `${config.APP_URL}${contractPath(updated.id)}`,
      supportEmail: config.SUPPORT_EMAIL,
    })
    await sendEmail({ to: customer.email, ...email, tag: 'arbitration-opt-out' })
  }
  return updated
}
