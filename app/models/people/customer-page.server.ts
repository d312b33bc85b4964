import { randomUUID } from 'node:crypto'

import { firstTermEndLabel } from '~/content/contract'
import { US_STATES } from '~/content/vehicles'
import { formatPrice } from '~/domain/format'
import { parseMailingAddress } from '~/domain/letters'
import { offerInWords } from '~/domain/operator'
import { planName } from '~/domain/plans'
import { commitmentHolds, needsSetup } from '~/domain/policies'
import { isStateCode, rulesFor, stateName } from '~/domain/state-rules'
import { creditsForPolicies } from '~/models/money/credits.server'
import { customerForOperator } from '~/models/people/customer-admin.server'
import { lettersOf } from '~/models/people/letters.server'
import { isAdmin } from '~/models/people/operator.server'
import { providerCancelOptions } from '~/models/policies/provider-cancellation.server'
import { fileUrl } from '~/utils/file-url'

/**
 * What the operator's customer page (/admin/customers/:profileId) shows: the profile, policies, vehicles, claims,
 * e-mails, letters, payments, refunds, credits and the audit trail. Built here, not in the route, so the page's
 * sections (beside the route) read its type from the model. Null for an unknown account.
 */
export function customerPage(profileId: string, now = new Date()) {
  const customer = customerForOperator(profileId)
  if (!customer) return null
  return {
    profile: { ...customer.profile, mailingAddress: parseMailingAddress(customer.profile.mailingAddress) },
    policies: customer.policies.map((policy) => ({
      id: policy.id,
      policyNumber: policy.policyNumber,
      plan: planName(policy),
      status: policy.status,
      monthly: formatPrice(policy.monthlyPriceCents),
      createdAt: policy.createdAt,
      initialTermEndsAt: policy.initialTermEndsAt,
      coverageStartDate: policy.coverageStartDate,
      cancelAt: policy.cancelAt,
      canceledAt: policy.canceledAt,
      tosVersion: policy.tosVersion,
      tosAcceptedAt: policy.tosAcceptedAt,
      governingState: policy.governingState,
      governingStateName: policy.governingState && isStateCode(policy.governingState) ? stateName(policy.governingState) : null,
      arbitrationOptedOutAt: policy.arbitrationOptedOutAt,
      transferUsedAt: policy.transferUsedAt,
      stripeSubscriptionId: policy.stripeSubscriptionId,
      providerCancel: providerCancelOptions(policy, now),
      inCommitment: commitmentHolds(policy, now),
      commitmentEndsLabel: firstTermEndLabel(rulesFor(policy.governingState)),
      stateRule: rulesFor(policy.governingState).source,
      needsSetup: needsSetup(policy),
      vehicleId: policy.vehicleId,
      offers: policy.offers.map((offer) => ({
        id: offer.id,
        parties: offer.fromThisCustomer ? `To ${offer.buyerEmail}` : `From ${offer.sellerEmail} to ${offer.buyerEmail}`,
        state: offerInWords(offer, now),
      })),
      photos: policy.photos.map((photo) => ({
        id: photo.id,
        type: photo.photoType,
        at: photo.createdAt,
        full: fileUrl(photo.filePath),
        thumb: fileUrl(photo.thumbPath ?? photo.filePath),
      })),
    })),
    vehicles: customer.vehicles,
    claims: customer.claims.map((claim) => ({
      id: claim.id,
      code: claim.confirmationCode,
      status: claim.approvalStatus,
      damageType: claim.damageType,
      submittedAt: claim.submittedAt,
      partnerGroup: claim.partnerGroup,
      documents: claim.documents.map((doc) => ({ id: doc.id, type: doc.documentType, name: doc.fileName, url: fileUrl(doc.filePath) })),
    })),
    emails: customer.emails,
    letters: lettersOf(customer.profile.id).map((letter) => ({
      id: letter.id,
      template: letter.template,
      status: letter.status,
      certified: letter.certified,
      late: letter.late,
      provider: letter.provider,
      attempts: letter.attempts,
      lastError: letter.lastError,
      trackingNumber: letter.trackingNumber,
      costCents: letter.costCents,
      createdAt: letter.createdAt,
      sentAt: letter.sentAt,
      mailedAt: letter.mailedAt,
    })),
    payments: customer.payments,
    refunds: customer.refunds.map((refund) => ({
      id: refund.id,
      policyId: refund.policyId,
      /** What the operator reads and a customer quotes; a refund of a policy that has passed on is named by its id. */
      policyNumber: customer.policies.find((policy) => policy.id === refund.policyId)?.policyNumber ?? refund.policyId,
      amount: formatPrice(refund.amountCents + refund.penaltyCents),
      penalty: refund.penaltyCents > 0 ? formatPrice(refund.penaltyCents) : null,
      penaltyByHand: refund.penaltyByHandCents > 0 ? formatPrice(refund.penaltyByHandCents) : null,
      penaltyByHandPaidAt: refund.penaltyByHandPaidAt,
      penaltyByHandReference: refund.penaltyByHandReference,
      status: refund.status,
      rule: refund.rule,
      state: refund.state,
      createdAt: refund.createdAt,
      attempts: refund.attempts,
      lastError: refund.lastError,
      stripeRefundId: refund.stripeRefundId,
      dueBy: refund.dueBy,
    })),
    credits: creditsForPolicies(customer.policies.map((policy) => policy.id)),
    /** A fresh one-time token for each render of the "Add a credit" form: the same form posted twice adds one credit. */
    creditFormToken: randomUUID(),
    trail: customer.trail.map((row) => ({
      ...row,
      operator: row.actorEmail ? isAdmin({ email: row.actorEmail, role: row.actorRole ?? 'customer' }) : false,
    })),
    states: US_STATES.map((state) => state.code),
  }
}
