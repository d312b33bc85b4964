/**
 * One example of every e-mail, with made-up data: shown by the preview at /dev/emails and rendered by the template
 * tests (tests/unit/email-templates.test.ts), so both see the same thing. Branches a reader would want to see
 * (renewal on or off, a first denial or an appeal's) get an example each.
 */

import { cancelTerms, renewalTerms } from '~/content/contract'
import { contractDisclosures } from '~/content/disclosures'
import { CREDIT_MESSAGES, INVOICE_REJECTION_REASONS } from '~/domain/messages'
import { HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import { SAMPLE_STATE_FACTS } from '~/domain/state-readiness'
import { stateRules } from '~/domain/state-rules'

import { appointmentEmail, rescheduleRequestedEmail } from './appointments'
import { arbitrationOptOutEmail } from './arbitration-opt-out'
import { choiceReminderEmail } from './choice-reminder'
import { claimMessageEmail, photoRequestEmail } from './claim-messages'
import { claimTextEmail } from './claim-text'
import {
  claimAppealReceivedEmail,
  claimApprovedEmail,
  claimCompletedEmail,
  claimDeniedEmail,
  claimReceivedEmail,
  operatorClaimEmail,
  shopAssignedEmail,
} from './claims'
import { creditEmail } from './credit'
import { finishSetupEmail } from './finish-setup'
import { disputeAnsweredEmail, disputeOpenedEmail, invoiceRejectedEmail } from './invoice-review'
import type { RenderedEmail } from './layout'
import { ownershipOfferEmail, ownershipTransferredEmail, type OwnershipTransferredEmailProps } from './ownership-transfer'
import { paymentFailedEmail } from './payment-failed'
import { planTransferredEmail } from './plan-transferred'
import { policyActivatedEmail } from './policy-activated'
import { policyEndedByOperatorEmail } from './policy-ended-by-operator'
import { priceChangeEmail, type PriceChangeEmailProps } from './price-change'
import { priceScheduleEmail } from './price-schedule'
import { accountDeletedEmail, accountDeletionCodeEmail, emailChangedEmail, emailChangeLinkEmail, esignWithdrawnEmail } from './privacy'
import { providerCancellationEmail } from './provider-cancellation'
import { ratingRequestEmail } from './ratings'
import { refundEmail } from './refund'
import { remittanceEmail } from './remittance'
import { renewalNoticeEmail } from './renewal-notice'
import { applicationApprovedEmail, applicationDeclinedEmail, applicationReceivedEmail } from './shop-application'
import { signInEmail } from './sign-in'
import { yearlyReminderEmail } from './yearly-reminder'

/** A made-up origin, so the examples (and the tests' snapshots) do not depend on this machine's APP_URL. */
const SITE = 'https://glassplan.example'
const SUPPORT_EMAIL = 'support@glassplan.example'

export type EmailSample = {
  /** The URL segment of its preview: /dev/emails/<id>. */
  id: string
  /** Which e-mail, and which case of it. */
  name: string
  /** The template function (tests check that each one has an example) and its props, as a caller passes them. */
  template: unknown
  props: unknown
  render: () => Promise<RenderedEmail>
  /** The template with other props (the tests pass hostile values). */
  renderWith: (props: unknown) => Promise<RenderedEmail>
}

function sample<Props>(id: string, name: string, template: (props: Props) => Promise<RenderedEmail>, props: Props): EmailSample {
  return { id, name, template, props, render: () => template(props), renderWith: (other) => template(other as Props) }
}

const contractTerms = {
  monthlyPrice: '$19.99',
  commitmentEnds: 'November 21, 2027',
  rules: stateRules('TX'),
  purchasedAt: '2026-11-21T15:00:00.000Z',
  zone: 'America/Chicago',
  cancelUrl: `${SITE}/customer/policies/pol_8f3k2m/cancel`,
  supportEmail: SUPPORT_EMAIL,
}

// The props of an e-mail with more than one case: each further case spreads them and sets what makes it that case.

const ownershipTransferred = {
  side: 'buyer',
  planName: 'Comprehensive — Car',
  policyNumber: 'GP-7KQ4MX',
  vehicle: '2019 Toyota Camry (UT ABC123)',
  monthlyPrice: '$19.99',
  commitmentEnds: 'November 21, 2027',
  dashboardUrl: `${SITE}/customer`,
  supportEmail: SUPPORT_EMAIL,
} satisfies OwnershipTransferredEmailProps

const priceChange = {
  planName: 'Comprehensive — Car',
  policyNumber: 'GP-7KQ4MX',
  oldPrice: '$19.99',
  newPrice: '$21.99',
  startsOn: 'March 3, 2027',
  inCommitment: true,
  cancelUrl: `${SITE}/customer/policies/pol_8f3k2m/cancel`,
  supportEmail: SUPPORT_EMAIL,
} satisfies PriceChangeEmailProps

const approvedChooseShop = {
  confirmationCode: 'CS-7K2M9Q',
  partnerGroup: 'our partner shop',
  partnerPhone: null,
  partnerEmail: null,
  claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  chooseShopUrl: `${SITE}/customer/claims/clm_4t9w1c/shop`,
} satisfies Parameters<typeof claimApprovedEmail>[0]

const shopAssigned = {
  partnerGroup: 'Wasatch Auto Glass',
  confirmationCode: 'CS-7K2M9Q',
  damageType: 'crack',
  vehicle: '2019 Toyota Camry (UT ABC123)',
  customerName: 'Gina Gee',
  completeUrl: `${SITE}/partner/complete-claim?code=CS-7K2M9Q`,
} satisfies Parameters<typeof shopAssignedEmail>[0]

export const EMAIL_SAMPLES: EmailSample[] = [
  sample('sign-in', 'Sign-in link and code', signInEmail, {
    url: `${SITE}/auth/verify?token=q8Zx3vN1sample`,
    code: '482916',
    expiresInMinutes: 15,
  }),
  sample('finish-setup', 'Payment received: finish setting up', finishSetupEmail, {
    planName: 'Comprehensive — Car',
    monthlyPrice: '$19.99',
    url: `${SITE}/auth/verify?token=k2Pm7wR4sample`,
    code: '730514',
    expiresInMinutes: 15,
    supportEmail: SUPPORT_EMAIL,
    renewalTerms: renewalTerms(contractTerms),
    cancelTerms: cancelTerms(contractTerms),
    disclosures: contractDisclosures(
      {
        name: 'Glass Plan LLC',
        address: '2150 South 1300 East, Suite 500, Salt Lake City, UT 84106',
        insurer: null,
        supportPhone: '(801) 555-0142',
        stateFacts: SAMPLE_STATE_FACTS,
      },
      'TX',
    ),
    contractUrl: `${SITE}/customer/policies/pol_8f3k2m/contract`,
  }),
  sample('policy-activated', 'Coverage is active', policyActivatedEmail, {
    planName: 'Comprehensive — Car',
    policyNumber: 'GP-7KQ4MX',
    vehicle: '2019 Toyota Camry (UT ABC123)',
    coverageStart: 'November 21, 2026',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
    supportPhone: '(801) 555-0142',
  }),
  sample('payment-failed', 'Payment failed', paymentFailedEmail, {
    planName: 'Comprehensive — Car',
    monthlyPrice: '$19.99',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('plan-transferred', 'Plan moved to a new vehicle', planTransferredEmail, {
    planName: 'Chip Repair Only',
    policyNumber: 'GP-7KQ4MX',
    newVehicle: '2024 Honda CR-V (UT XYZ789)',
    oldVehicle: '2019 Toyota Camry (UT ABC123)',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('ownership-offer', 'Plan offered to the next owner of the vehicle', ownershipOfferEmail, {
    planName: 'Comprehensive — Car',
    vehicle: '2019 Toyota Camry',
    monthlyPrice: '$19.99',
    commitmentEnds: 'November 21, 2027',
    expiresOn: 'December 5, 2026',
    url: `${SITE}/next-owner/Zq7sample`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('ownership-transferred-buyer', 'Plan taken over (to the new owner)', ownershipTransferredEmail, ownershipTransferred),
  sample('ownership-transferred-seller', 'Plan taken over (to the previous owner)', ownershipTransferredEmail, {
    ...ownershipTransferred,
    side: 'seller',
  }),
  sample('renewal-notice', 'Renewal notice (renews)', renewalNoticeEmail, {
    planName: 'Comprehensive — Car',
    monthlyPrice: '$19.99',
    termEndDate: 'November 21, 2027',
    renewalOff: false,
    actBy: 'November 20, 2027',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('renewal-notice-ending', 'Renewal notice (renewal turned off)', renewalNoticeEmail, {
    planName: 'Comprehensive — Car',
    monthlyPrice: '$19.99',
    termEndDate: 'November 21, 2027',
    renewalOff: true,
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('refund', 'Refund on cancellation', refundEmail, {
    planName: 'Comprehensive — Car',
    policyNumber: 'GP-7KQ4MX',
    amount: '$19.99',
    explanation: 'You are within the 30-day free look: you get back everything you paid ($19.99).',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('service-credit', 'Credit for a missed service promise', creditEmail, {
    amount: '$19.99',
    reason: CREDIT_MESSAGES.missedPromise('CS-7K2M9Q'),
    howPaid: CREDIT_MESSAGES.howPaid.stripe_balance,
    dashboardUrl: `${SITE}/customer#credits`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('claim-choice-reminder', 'Reminder to choose a shop', choiceReminderEmail, {
    confirmationCode: 'CS-7K2M9Q',
    chooseShopUrl: `${SITE}/customer/claims/claim-1/shop`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('price-change', 'Price change notice', priceChangeEmail, priceChange),
  sample('yearly-reminder', 'Yearly reminder of the subscription', yearlyReminderEmail, {
    planName: 'Comprehensive — Car',
    policyNumber: 'GP-7KQ4MX',
    since: 'November 21, 2025',
    price: '$19.99',
    yearly: false,
    commitmentEnds: null,
    nextCharge: { on: 'December 21, 2026', actBy: 'December 20, 2026' },
    cancelUrl: `${SITE}/customer/policies/pol_8f3k2m/cancel`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('price-change-consent', 'Price change notice (a higher price needing consent)', priceChangeEmail, {
    ...priceChange,
    inCommitment: false,
    acceptUrl: `${SITE}/price-change/Xy4sample`,
  }),
  sample('arbitration-opt-out', 'Arbitration opt-out confirmed', arbitrationOptOutEmail, {
    planName: 'Comprehensive — Car',
    policyNumber: 'GP-7KQ4MX',
    optedOutAt: 'November 22, 2026',
    tosVersion: '2026-01-01',
    contractUrl: `${SITE}/customer/policies/pol_8f3k2m/contract`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('policy-ended-by-operator', 'Cancelled by the operator, at once', policyEndedByOperatorEmail, {
    planName: 'Chip Repair Only',
    ends: { now: true },
    reason: 'Asked by phone on November 20.\nThe car was sold.',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('policy-ended-by-operator-at-commitment-end', 'Renewal turned off by the operator', policyEndedByOperatorEmail, {
    planName: 'Comprehensive — Car',
    ends: { now: false, on: 'November 21, 2027' },
    reason: 'Asked by e-mail.',
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('provider-cancellation', 'Cancelled by the provider, with notice', providerCancellationEmail, {
    planName: 'Comprehensive — Car',
    policyNumber: 'GP-7KQ4MX',
    ground: 'Nonpayment of the price',
    explanation: 'The payments for October and November were declined and not made up.',
    endsOn: 'December 6, 2026',
    noticeDays: 10,
    refundWithinDays: null,
    dashboardUrl: `${SITE}/customer`,
    supportEmail: SUPPORT_EMAIL,
    supportPhone: '(801) 555-0142',
  }),
  sample('claim-received', 'Claim received', claimReceivedEmail, {
    confirmationCode: 'CS-7K2M9Q',
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('claim-submitted-operator', 'To the operator: a new claim', operatorClaimEmail, {
    kind: 'new',
    claimId: 'clm_4t9w1c',
    confirmationCode: 'CS-7K2M9Q',
    customer: 'Gina Gee',
    planType: 'comprehensive',
    damageType: 'crack',
    vehicle: '2019 Toyota Camry',
    filedLate: false,
    reviewUrl: `${SITE}/admin/claims/clm_4t9w1c`,
  }),
  sample('claim-appeal-operator', 'To the operator: an appeal, filed late', operatorClaimEmail, {
    kind: 'appeal',
    claimId: 'clm_4t9w1c',
    confirmationCode: 'CS-7K2M9Q',
    customer: 'gina@example.com',
    planType: 'chip_only',
    damageType: 'chip',
    vehicle: null,
    filedLate: true,
    reviewUrl: `${SITE}/admin/claims/clm_4t9w1c`,
  }),
  sample('claim-approved', 'Claim approved', claimApprovedEmail, {
    confirmationCode: 'CS-7K2M9Q',
    partnerGroup: 'Wasatch Auto Glass',
    partnerPhone: '(801) 555-0100',
    partnerEmail: 'shop@wasatch-glass.example',
    partnerPlaces: [{ name: 'Wasatch — Ogden', address: '2549 Washington Blvd, Ogden, UT 84401' }],
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('claim-approved-choose-shop', 'Claim approved: the customer chooses the shop', claimApprovedEmail, approvedChooseShop),
  sample('claim-approved-by-rules', 'Claim approved at once by the decision rules: the customer chooses the shop', claimApprovedEmail, {
    ...approvedChooseShop,
    decidedByRules: { version: '1', rulesUrl: `${SITE}${HOW_CLAIMS_ARE_DECIDED_PATH}` },
  }),
  sample('claim-assigned-shop-chosen', 'To the shop: the customer chose it, with a day and a place', shopAssignedEmail, {
    ...shopAssigned,
    booking: {
      location: 'Wasatch — Ogden',
      preferredDate: '2026-12-08',
      preferredSlot: 'morning',
      place: 'Mobile service at 12 Elm St, Ogden',
      customerPhone: '(801) 555-0123',
    },
  }),
  sample('appointment-confirmed', 'To the customer: the shop confirmed a time', appointmentEmail, {
    confirmationCode: 'CS-7K2M9Q',
    shop: 'Wasatch — Ogden',
    shopPhone: '(801) 555-0100',
    appointmentAt: '2026-12-08T09:30',
    proposed: false,
    place: 'At the shop, 2450 Washington Blvd, Ogden, UT 84401',
    rescheduleUrl: `${SITE}/customer/claims/clm_4t9w1c/reschedule`,
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('appointment-proposed', 'To the customer: the shop proposes another time (already re-asked once)', appointmentEmail, {
    confirmationCode: 'CS-7K2M9Q',
    shop: 'Wasatch — Ogden',
    shopPhone: '(801) 555-0100',
    appointmentAt: '2026-12-09T14:00',
    proposed: true,
    place: 'Mobile service at 12 Elm St, Ogden',
    rescheduleUrl: null,
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('reschedule-requested', 'To the shop: the customer asks for another time', rescheduleRequestedEmail, {
    partnerGroup: 'Wasatch Auto Glass',
    confirmationCode: 'CS-7K2M9Q',
    customerName: 'Gina Gee',
    customerPhone: '(801) 555-0123',
    previous: '2026-12-08T09:30',
    preferredDate: '2026-12-10',
    preferredSlot: 'afternoon',
    jobUrl: `${SITE}/shop/jobs/clm_4t9w1c`,
  }),
  sample('claim-message', "A new message on a claim's thread (to the customer, the shop or the operator)", claimMessageEmail, {
    confirmationCode: 'CS-7K2M9Q',
    from: 'Wasatch Auto Glass',
    body: 'We can come an hour earlier if that suits you.\nReply here and we will confirm.',
    replyUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('photo-request', 'The operator asks for more photos (a link that works once, no sign-in)', photoRequestEmail, {
    confirmationCode: 'CS-7K2M9Q',
    note: 'A photo of the whole windshield from the outside, and one close-up of the chip with a coin beside it.',
    uploadUrl: `${SITE}/photo-requests/CS-7K2M9Q/req_5h2k?exp=1796000000&sig=sample`,
    expiresAt: new Date('2026-12-03T12:00:00Z'),
  }),
  sample('shop-application-received', 'To a shop that applied to join: received', applicationReceivedEmail, {
    businessName: 'Wasatch Auto Glass',
    supportEmail: 'partners@glassplan.example',
  }),
  sample('shop-application-approved', 'To a shop that applied to join: approved', applicationApprovedEmail, {
    businessName: 'Wasatch Auto Glass',
    signInUrl: `${SITE}/auth`,
    locations: ['Wasatch Auto Glass Ogden, Ogden, UT'],
  }),
  sample('shop-application-declined', 'To a shop that applied to join: declined, with the reason', applicationDeclinedEmail, {
    businessName: 'Wasatch Auto Glass',
    reason: 'Your liability insurance must cover at least $1,000,000 per occurrence.',
    supportEmail: 'partners@glassplan.example',
  }),
  sample('claim-assigned-shop', 'To the shop: a claim assigned to it', shopAssignedEmail, shopAssigned),
  sample('payout-remittance', 'To the shop: a payout paid, with its jobs and the transfer reference', remittanceEmail, {
    partnerGroup: 'Wasatch Auto Glass',
    paidOn: 'December 1, 2026',
    reference: 'ACH 2026-12-01 #4471',
    total: '$409.00',
    jobs: [
      { code: 'CS-7K2M9Q', completedOn: 'November 3, 2026', amount: '$89.00' },
      { code: 'CS-4HT8WP', completedOn: 'November 17, 2026', amount: '$320.00' },
    ],
    payoutNumber: 'PY-7KQ2MX',
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('price-schedule-notice', 'To every shop: a new version of the price schedule, with 30 days’ notice', priceScheduleEmail, {
    partnerGroup: 'Wasatch Auto Glass',
    version: 2,
    effectiveOn: 'January 4, 2027',
    lines: ['Chip repair: $65.00', 'Replacement, car, no ADAS: $360.00', 'Static calibration: $260.00', 'Mobile service surcharge: $30.00'],
    shopUrl: `${SITE}/shop#price-schedule`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('invoice-rejected', 'To the shop: its invoice rejected, with the reason and the note', invoiceRejectedEmail, {
    partnerGroup: 'Wasatch Auto Glass',
    code: 'CS-7K2M9Q',
    vehicle: '2019 Toyota Camry (UT ABC123)',
    reason: INVOICE_REJECTION_REASONS.part_number,
    note: 'A 2019 Camry with the camera takes FW04567 GTN, not FW04566.',
    jobUrl: `${SITE}/shop/jobs/clm_sample`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('invoice-dispute-operator', 'To the operator: a shop disputes a rejection or a short-pay', disputeOpenedEmail, {
    partnerGroup: 'Wasatch Auto Glass',
    code: 'CS-7K2M9Q',
    kind: 'Short-pay',
    message: 'The moulding was part of the job: the old one broke coming off.\nPhoto attached.',
    dueOn: 'December 3, 2026',
    claimUrl: `${SITE}/admin/claims/clm_sample`,
  }),
  sample('invoice-dispute-answered', 'To the shop: the answer to its dispute', disputeAnsweredEmail, {
    partnerGroup: 'Wasatch Auto Glass',
    code: 'CS-7K2M9Q',
    kind: 'Short-pay',
    upheld: true,
    accepted: '$355.00',
    answer: 'Agreed: the moulding is paid. It goes into your next payout.',
    jobUrl: `${SITE}/shop/jobs/clm_sample`,
  }),
  sample('claim-denied', 'Claim denied (may be appealed)', claimDeniedEmail, {
    confirmationCode: 'CS-7K2M9Q',
    reason: 'The photos show a crack longer than 6 inches.\nYour plan covers chips only.',
    appealUntil: new Date('2026-12-05T12:00:00Z'),
    appealUrl: `${SITE}/customer/claims/clm_4t9w1c/appeal`,
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('claim-denied-appeal-decided', 'Claim denied on appeal (final)', claimDeniedEmail, {
    confirmationCode: 'CS-7K2M9Q',
    reason: 'The damage happened before coverage started.',
    appealUntil: null,
    appealUrl: `${SITE}/customer/claims/clm_4t9w1c/appeal`,
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('claim-appeal-received', 'Appeal received', claimAppealReceivedEmail, {
    confirmationCode: 'CS-7K2M9Q',
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('claim-completed', 'Claim completed', claimCompletedEmail, {
    confirmationCode: 'CS-7K2M9Q',
    repairType: 'replacement',
    partnerGroup: 'Wasatch Auto Glass',
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('claim-text-by-email', "A claim's text by e-mail (the day's texts used up)", claimTextEmail, {
    confirmationCode: 'CS-7K2M9Q',
    words: 'Glass Plan: the technician from Wasatch Auto Glass is on the way for claim CS-7K2M9Q.',
    claimUrl: `${SITE}/customer/claims/CS-7K2M9Q`,
  }),
  sample('shop-rating-request', 'Rate the shop (once, after the job)', ratingRequestEmail, {
    confirmationCode: 'CS-7K2M9Q',
    shop: 'Wasatch Auto Glass — Sandy',
    rateUrl: `${SITE}/customer/claims/clm_4t9w1c/rating`,
  }),
  sample('email-change', 'Confirm a new e-mail address', emailChangeLinkEmail, {
    url: `${SITE}/customer/privacy/confirm-email?token=n5Vb8sample`,
    expiresInMinutes: 15,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('email-changed', 'E-mail address changed (to the old address)', emailChangedEmail, {
    newEmail: 'gina.new@example.com',
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('account-deletion', 'Code to delete the account', accountDeletionCodeEmail, {
    code: '615203',
    expiresInMinutes: 15,
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('account-deleted', 'Account deleted', accountDeletedEmail, {
    deletedOn: 'November 23, 2026',
    supportEmail: SUPPORT_EMAIL,
  }),
  sample('esign-withdrawn', 'Paper copies requested (to the operator)', esignWithdrawnEmail, {
    customer: 'Gina Gee <gina@example.com>',
    withdrawnOn: 'November 23, 2026',
    policies: ['Comprehensive — Car, pol_8f3k2m'],
    customerUrl: `${SITE}/admin/customers/prof_2k9d`,
  }),
]

export function emailSample(id: string) {
  return EMAIL_SAMPLES.find((sample) => sample.id === id) ?? null
}
