import type { Profile } from '~/db/schema'
import { parseMailingAddress } from '~/domain/letters'
import { calibrationCertificatePath, claimPagePath } from '~/domain/paths'
import { reachInWords } from '~/domain/phones'
import { ownershipTransferAllowed, transferRefusal } from '~/domain/policies'
import { claimLiveStatus } from '~/models/claims/claims.server'
import { listClaimsForProfile } from '~/models/claims/claims-read.server'
import { lineAfterChoosing } from '~/models/claims/shop-choice.server'
import { creditsForProfile } from '~/models/money/credits.server'
import { heldLetterCount } from '~/models/people/letters.server'
import { textsStateOf } from '~/models/people/texts.server'
import { policiesWithoutState } from '~/models/policies/governing-state.server'
import { listPoliciesForProfile, policyPlanName } from '~/models/policies/policies.server'
import { upcomingPricesFor } from '~/models/policies/price-changes.server'
import { maySwitchToYearly } from '~/models/policies/yearly-switch.server'
import { claimsWithCalibrationProof } from '~/models/shops/calibration.server'

/**
 * What the customer's dashboard (routes/customer.tsx) shows: their plans with what each may do next, their claims
 * (a previous owner's by code and status only), credits, the texts card and whether to ask their state — read here, as
 * the operator's claim page reads its own (claim-review-page.server.ts), so the route only signs in and answers.
 */
export function customerDashboard(profile: Profile, now = new Date()) {
  const greetingName = greetingNameOf(profile)
  const owned = listPoliciesForProfile(profile.id)
  // Terms: a plan moves to a replacement vehicle once, when active.
  const transferable = owned.filter((policy) => transferRefusal(policy) === null).map((policy) => policy.id)
  // An active, set-up plan can pass to the vehicle's next owner.
  const sellable = owned.filter((policy) => ownershipTransferAllowed(policy)).map((policy) => policy.id)
  // A monthly payer may ask to be billed yearly from their next monthly renewal (the page says at what price).
  const switchable = owned.filter(maySwitchToYearly).map((policy) => policy.id)
  // Terms: a price change is announced 30 days ahead; the card shows it until it applies.
  const upcoming = upcomingPricesFor(owned.map((policy) => policy.id))
  const policies = owned.map((policy) => ({
    id: policy.id,
    policyNumber: policy.policyNumber,
    status: policy.status,
    planName: policyPlanName(policy),
    monthlyPriceCents: policy.monthlyPriceCents,
    billingInterval: policy.billingInterval,
    yearlySwitchAt: policy.yearlySwitchAt,
    initialTermEndsAt: policy.initialTermEndsAt,
    governingState: policy.governingState,
    createdAt: policy.createdAt,
    timeZone: policy.timeZone,
    windshieldPhotosUploaded: policy.windshieldPhotosUploaded,
    setupHold: policy.setupHold,
    upcomingPrice: upcoming.get(policy.id) ?? null,
    vehicle: policy.vehicle
      ? {
          id: policy.vehicle.id,
          year: policy.vehicle.year,
          make: policy.vehicle.make,
          model: policy.vehicle.model,
          licensePlate: policy.vehicle.licensePlate,
          licensePlateState: policy.vehicle.licensePlateState,
        }
      : null,
  }))
  // How a shop reaches the customer about a booking: their phone, or their e-mail when they gave none.
  const reachBy = reachInWords(profile)
  const ownClaims = listClaimsForProfile(profile.id)
  const codeOf = new Map(ownClaims.map((claim) => [claim.id, claim.confirmationCode]))
  const guaranteeTaken = new Set(
    ownClaims
      .filter((claim) => claim.repairFailureOfClaimId && claim.approvalStatus !== 'denied')
      .map((claim) => claim.repairFailureOfClaimId),
  )
  // The certificates hold no personal data: a previous owner's claim shows its certificate too (as the glass record does).
  const certified = claimsWithCalibrationProof(ownClaims.map((claim) => claim.id))
  const certificateHref = (claimId: string) => (certified.has(claimId) ? calibrationCertificatePath(claimId) : null)
  const claims = ownClaims.map((claim) =>
    claim.previousOwner
      ? // The previous owner's claim on a plan taken over: its code and status, nothing of theirs.
        {
          id: claim.id,
          approvalStatus: claim.approvalStatus,
          submittedAt: null,
          policy: { number: claim.policyNumber, planName: claim.policyPlanName },
          partnerGroupName: null,
          confirmationCode: claim.confirmationCode,
          certificateHref: certificateHref(claim.id),
          // Its status alone: nothing of the seller's booking (their street, for a mobile visit) and no actions.
          live: claimLiveStatus({
            id: claim.id,
            approvalStatus: claim.approvalStatus,
            partnerGroupName: null,
            assignedShop: null,
            denialReason: null,
            reviewedAt: null,
            appealedAt: null,
            completedAt: null,
          }),
        }
      : {
          id: claim.id,
          approvalStatus: claim.approvalStatus,
          submittedAt: claim.submittedAt,
          policy: { number: claim.policyNumber, planName: claim.policyPlanName },
          partnerGroupName: claim.partnerGroupName,
          confirmationCode: claim.confirmationCode,
          certificateHref: certificateHref(claim.id),
          pageHref: claimPagePath(claim.confirmationCode),
          live: {
            ...claimLiveStatus(claim),
            reachBy,
            line: lineAfterChoosing(claim),
            // The repair-failure guarantee: a claim under it names the repaired claim, and a repair with a guarantee
            // claim already open (or approved) offers no second one.
            reworkOf: claim.repairFailureOfClaimId ? (codeOf.get(claim.repairFailureOfClaimId) ?? null) : null,
            ...(guaranteeTaken.has(claim.id) ? { repairFailed: null } : {}),
          },
        },
  )
  // Plans bought before signup asked for the state: the dashboard asks once, for all of them.
  const askState = policiesWithoutState(profile.id) > 0
  return {
    greetingName,
    email: profile.email,
    reachBy,
    policies,
    transferable,
    sellable,
    switchable,
    claims,
    credits: creditsForProfile(profile.id),
    askState,
    texts: textsStateOf(profile.id),
    // Where paper notices go, and the letters waiting for it: the dashboard asks for the address while any wait.
    mailing: { address: parseMailingAddress(profile.mailingAddress), held: heldLetterCount(profile.id) },
    loadError: false as const,
    now: now.toISOString(),
  }
}

/** How the dashboard greets the customer: their name, else their e-mail. */
export function greetingNameOf(profile: Pick<Profile, 'fullName' | 'email'>) {
  return profile.fullName?.trim() || profile.email || 'Customer'
}
