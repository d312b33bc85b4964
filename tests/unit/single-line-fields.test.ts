import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import * as auth from '~/validation/auth'
import * as claims from '~/validation/claims'
import * as invoice from '~/validation/invoice'
import * as operator from '~/validation/operator'
import * as ownershipTransfer from '~/validation/ownership-transfer'
import * as partners from '~/validation/partners'
import * as policySetup from '~/validation/policy-setup'
import * as priceSchedule from '~/validation/price-schedule'
import * as prices from '~/validation/prices'
import * as privacy from '~/validation/privacy'
import * as shops from '~/validation/shops'
import * as signup from '~/validation/signup'
import { foldLines, singleLineText } from '~/validation/text'

/**
 * Every field of every form schema, each posted with a line break in it: a single-line field either folds the break
 * into a space (the value is accepted, on one line) or refuses the value with a message on that field alone. Only the
 * fields listed as multi-line keep their line breaks (the e-mails quote them instead: tests/unit/email-text.test.ts).
 */

const BREAKS = { CR: '\r', LF: '\n', CRLF: '\r\n', 'U+2028': '\u2028', 'U+2029': '\u2029' } as const
const LINE_BREAK = /[\r\n\u2028\u2029]/

const MODULES = {
  auth,
  claims,
  invoice,
  operator,
  'ownership-transfer': ownershipTransfer,
  partners,
  'policy-setup': policySetup,
  'price-schedule': priceSchedule,
  prices,
  privacy,
  shops,
  signup,
}

type FormCase = { schema: z.ZodObject; sample: Record<string, unknown>; multiLine?: string[] }

const vehicle = { licensePlate: 'ABC 123', licensePlateState: 'UT', year: '2020', make: 'Toyota', model: 'Camry', vin: '4T1BF1FK0CU123456' }
const prices5 = {
  chip_only: '9.99',
  comprehensive_car_adas_false: '19.99',
  comprehensive_car_adas_true: '24.99',
  comprehensive_trucksuv_adas_false: '21.99',
  comprehensive_trucksuv_adas_true: '26.99',
  chip_only_yearly: '99.90',
  comprehensive_car_adas_false_yearly: '199.90',
  comprehensive_car_adas_true_yearly: '249.90',
  comprehensive_trucksuv_adas_false_yearly: '219.90',
  comprehensive_trucksuv_adas_true_yearly: '269.90',
}
const group = { name: 'Wasatch Glass', email: 'shop@example.com', phone: '(801) 555-0100' }
const location = {
  partnerGroupId: 'grp1',
  name: 'Main Street',
  slug: 'main-street',
  address: '200 S Main St',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84101',
  phone: '(801) 555-0100',
  hours: 'Mon–Fri 8–6',
  offersChipRepair: 'on',
}

/** Keyed by module and export (a union's option by its intent; a schema factory by its arguments). */
const FORMS: Record<string, FormCase> = {
  'auth.SendLinkSchema': { schema: auth.SendLinkSchema, sample: { intent: 'send', email: 'gina@example.com', redirect: '/customer' } },
  'auth.SignInCodeSchema': {
    schema: auth.SignInCodeSchema,
    sample: { intent: 'code', email: 'gina@example.com', code: '123456', redirect: '/customer' },
  },
  'claims.SubmitClaimSchema': {
    schema: claims.SubmitClaimSchema,
    sample: {
      policyId: 'pol1',
      damageType: 'chip',
      description: 'A rock hit it.',
      damageDate: '2026-01-02',
      damageSize: 'under_quarter',
      inLineOfSight: 'no',
      chipCount: 'one',
      damageZone: 'center',
    },
    multiLine: ['description'],
  },
  'claims.AppealSchema': {
    schema: claims.AppealSchema,
    sample: { appealText: 'The crack was there from the chip.' },
    multiLine: ['appealText'],
  },
  'claims.RepairFailureSchema': {
    schema: claims.RepairFailureSchema,
    sample: { description: 'The repaired chip grew into a crack.', damageDate: '2026-01-02', inLineOfSight: 'no', damageZone: 'passenger' },
    multiLine: ['description'],
  },
  'claims.ClaimMessageSchema': { schema: claims.ClaimMessageSchema, sample: { body: 'Can you come earlier?' }, multiLine: ['body'] },
  'claims.PhotoRequestSchema': {
    schema: claims.PhotoRequestSchema,
    sample: { audience: 'customer', note: 'A close-up of the chip, please.' },
    multiLine: ['note'],
  },
  'operator.AddCreditSchema': {
    schema: operator.AddCreditSchema,
    sample: { intent: 'add-credit', policyId: 'pol1', amount: '19.99', reason: 'The shop was late.', formToken: 'tok1' },
    multiLine: ['reason'],
  },
  'operator.WaiveCreditSchema': {
    schema: operator.WaiveCreditSchema,
    sample: { intent: 'waive-credit', creditId: 'crd1', reason: 'Paid by check instead.' },
    multiLine: ['reason'],
  },
  'operator.SetupDecisionSchema': { schema: operator.SetupDecisionSchema, sample: { intent: 'approve', policyId: 'pol1' } },
  'operator.PenaltyPaidSchema': {
    schema: operator.PenaltyPaidSchema,
    sample: { intent: 'penalty-paid', refundId: 'ref1', reference: 'Cheque 10442' },
  },
  'claims.ReviewSchema[approve]': { schema: option(claims.ReviewSchema, 'approve'), sample: { intent: 'approve', partnerGroupId: 'grp1' } },
  'claims.ReviewSchema[approve-payment]': { schema: option(claims.ReviewSchema, 'approve-payment'), sample: { intent: 'approve-payment' } },
  'claims.ReviewSchema[release-invoice]': { schema: option(claims.ReviewSchema, 'release-invoice'), sample: { intent: 'release-invoice' } },
  'claims.ReviewSchema[reject-invoice]': {
    schema: option(claims.ReviewSchema, 'reject-invoice'),
    sample: { intent: 'reject-invoice', reason: 'part_number', note: 'The part is for another model.' },
    multiLine: ['note'],
  },
  'claims.ReviewSchema[answer-dispute]': {
    schema: option(claims.ReviewSchema, 'answer-dispute'),
    sample: { intent: 'answer-dispute', disputeId: 'd1', outcome: 'upheld', answer: 'Agreed.', acceptedAmount: '250.00' },
    multiLine: ['answer'],
  },
  'claims.ReviewSchema[deny]': {
    schema: option(claims.ReviewSchema, 'deny'),
    sample: { intent: 'deny', reason: 'Not covered.' },
    multiLine: ['reason'],
  },
  'claims.ReviewSchema[reverse]': {
    schema: option(claims.ReviewSchema, 'reverse'),
    sample: { intent: 'reverse', ground: 'photos_differ', reason: 'The photos show an older crack.' },
    multiLine: ['reason'],
  },
  'invoice.CompleteClaimSchema': {
    schema: invoice.CompleteClaimSchema,
    sample: { code: 'CS-ABC123', repairType: 'repair', actualCost: '89.50', partnerNotes: 'Done.' },
    multiLine: ['partnerNotes'],
  },
  'operator.QueueQuery': {
    schema: operator.QueueQuery(['waiting', 'approved'], ['all', 'late']),
    sample: { page: '2', status: 'waiting', show: 'all', damage: 'chip', group: 'grp1' },
  },
  'operator.SearchQuery': { schema: operator.SearchQuery, sample: { page: '1', q: 'Gina Gee' } },
  'operator.PageQuery': { schema: operator.PageQuery, sample: { page: '2' } },
  'operator.StatesQuery': { schema: operator.StatesQuery(['all', 'open']), sample: { show: 'open' } },
  'operator.OperatorSettingsSchema': { schema: operator.OperatorSettingsSchema, sample: { timeZone: 'America/Denver' } },
  'operator.AutomaticApprovalSchema': {
    schema: operator.AutomaticApprovalSchema,
    sample: { intent: 'automatic-approval', automaticApproval: 'chips', dailyCap: '500' },
  },
  'operator.ActivityQuery': {
    schema: operator.ActivityQuery(['audit', 'email'], ['claim', 'policy'], ['claim.approved', 'claim.denied']),
    sample: { page: '1', log: 'audit', entity: 'claim', id: 'clm1', action: 'claim.approved', from: '2026-01-01', to: '2026-01-31' },
  },
  'operator.StatementQuery': { schema: operator.StatementQuery, sample: { group: 'grp1', month: '2026-01' } },
  'operator.CancelOnBehalfSchema': {
    schema: operator.CancelOnBehalfSchema,
    sample: { intent: 'cancel-policy', policyId: 'pol1', when: 'now', reason: 'Asked by phone.' },
    multiLine: ['reason'],
  },
  'operator.ResendSchema': { schema: operator.ResendSchema, sample: { intent: 'resend', policyId: 'pol1' } },
  'operator.SalesStateSchema': { schema: operator.SalesStateSchema, sample: { intent: 'set-sales', code: 'TX', open: 'false' } },
  'operator.StateFactsSchema': {
    schema: operator.StateFactsSchema,
    sample: {
      intent: 'save',
      registrationNumber: 'UT-2041',
      insurerName: 'Example Insurer',
      insurerAddress: '1 Insurance Plaza, Hartford, CT 06103',
      insurerPhone: '888-555-0199',
      administratorName: 'Example Administrators',
      administratorRegistration: 'ADM-7',
    },
  },
  'operator.FormFilingSchema': {
    schema: operator.FormFilingSchema,
    sample: { intent: 'record-filing', tosVersion: '1.0.6', filedOn: '2026-12-01', reference: 'CDI-2026-0412' },
  },
  'operator.ProviderCancelSchema': {
    schema: operator.ProviderCancelSchema,
    sample: { intent: 'provider-cancel', policyId: 'pol1', ground: 'nonpayment', explanation: 'Two payments declined.' },
    multiLine: ['explanation'],
  },
  'operator.MailingAddressSchema': {
    schema: operator.MailingAddressSchema,
    sample: {
      intent: 'mailing-address',
      name: 'Jamie Rivera',
      line1: '1 Main St',
      line2: 'Apt 2',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  },
  'operator.CorrectStateSchema': {
    schema: operator.CorrectStateSchema,
    sample: { intent: 'correct-state', policyId: 'pol1', governingState: 'TX', reason: 'Moved before buying.' },
    multiLine: ['reason'],
  },
  'operator.CorrectVehicleSchema': {
    // The operator's vehicle correction: the setup step's fields and the reason (a note).
    schema: operator.CorrectVehicleSchema('comprehensive'),
    sample: { ...vehicle, reason: 'Typo in the plate.' },
    multiLine: ['reason'],
  },
  'operator.PayoutsQuery': { schema: operator.PayoutsQuery, sample: { group: 'grp1' } },
  'operator.PayoutSchema[approve-payment]': {
    schema: option(operator.PayoutSchema, 'approve-payment'),
    sample: { intent: 'approve-payment', claimId: ['clm1', 'clm2'] },
  },
  'operator.PayoutSchema[create-payout]': {
    schema: option(operator.PayoutSchema, 'create-payout'),
    sample: { intent: 'create-payout', groupId: 'grp1', claimId: 'clm1' },
  },
  'operator.PayoutSchema[mark-paid]': {
    schema: option(operator.PayoutSchema, 'mark-paid'),
    sample: { intent: 'mark-paid', payoutId: 'pay1', reference: 'ACH 2026-11-30 #4471' },
  },
  'ownership-transfer.OwnershipOfferSchema': {
    schema: ownershipTransfer.OwnershipOfferSchema,
    sample: { intent: 'offer', buyerEmail: 'buyer@example.com' },
  },
  'ownership-transfer.WithdrawOfferSchema': { schema: ownershipTransfer.WithdrawOfferSchema, sample: { intent: 'withdraw' } },
  'ownership-transfer.AcceptOfferSchema': {
    schema: ownershipTransfer.AcceptOfferSchema,
    sample: { intent: 'accept', acceptTerms: true, acceptRenewal: true, acceptEsign: true, esignCode: 'ABC234', state: 'TX' },
  },
  'partners.PartnerConsoleSchema[create-group]': {
    schema: option(partners.PartnerConsoleSchema, 'create-group'),
    sample: { intent: 'create-group', ...group },
  },
  'partners.PartnerConsoleSchema[create-location]': {
    schema: option(partners.PartnerConsoleSchema, 'create-location'),
    sample: { intent: 'create-location', ...location },
  },
  'partners.PartnerConsoleSchema[edit-group]': {
    schema: option(partners.PartnerConsoleSchema, 'edit-group'),
    sample: { intent: 'edit-group', id: 'grp1', ...group },
  },
  'partners.PartnerConsoleSchema[edit-location]': {
    schema: option(partners.PartnerConsoleSchema, 'edit-location'),
    sample: { intent: 'edit-location', id: 'loc1', ...location },
  },
  'partners.PartnerConsoleSchema[set-group-active]': {
    schema: option(partners.PartnerConsoleSchema, 'set-group-active'),
    sample: { intent: 'set-group-active', id: 'grp1', active: 'true' },
  },
  'partners.PartnerConsoleSchema[set-location-active]': {
    schema: option(partners.PartnerConsoleSchema, 'set-location-active'),
    sample: { intent: 'set-location-active', id: 'loc1', active: 'false' },
  },
  'partners.PartnerConsoleSchema[add-staff]': {
    schema: option(partners.PartnerConsoleSchema, 'add-staff'),
    sample: { intent: 'add-staff', id: 'grp1', email: 'desk@shop.example' },
  },
  'partners.PartnerConsoleSchema[remove-staff]': {
    schema: option(partners.PartnerConsoleSchema, 'remove-staff'),
    sample: { intent: 'remove-staff', id: 'stf1' },
  },
  'policy-setup.vehicleSchema': { schema: policySetup.vehicleSchema('comprehensive'), sample: { intent: 'complete', ...vehicle } },
  'policy-setup.modelLookupSchema': { schema: policySetup.modelLookupSchema(null), sample: { year: '2020', make: 'Toyota' } },
  'policy-setup.vinLookupSchema': { schema: policySetup.vinLookupSchema(), sample: { vin: '1HGCM82633A004352' } },
  'policy-setup.setupVehicleSchema': {
    schema: policySetup.setupVehicleSchema('comprehensive'),
    sample: { intent: 'complete', ...vehicle, phone: '801 555 0142' },
  },
  'policy-setup.transferVehicleSchema': {
    schema: policySetup.transferVehicleSchema('comprehensive'),
    sample: { intent: 'complete', ...vehicle, vehicleType: 'car', hasAdas: 'true' },
  },
  'price-schedule.PriceScheduleSchema': {
    schema: priceSchedule.PriceScheduleSchema,
    sample: {
      chipRepair: '60.00',
      replacementCar: '350.00',
      replacementCarAdas: '420.00',
      replacementTrucksuv: '400.00',
      replacementTrucksuvAdas: '470.00',
      calibrationStatic: '250.00',
      calibrationDynamic: '200.00',
      mobileSurcharge: '25.00',
      effectiveOn: '2027-01-04',
    },
  },
  'price-schedule.ScheduleAnswerSchema': {
    schema: priceSchedule.ScheduleAnswerSchema,
    sample: { intent: 'accept-schedule', scheduleId: 'sch1' },
  },
  'prices.PricesSchema': { schema: prices.PricesSchema, sample: prices5 },
  'prices.PriceChangeSchema': {
    schema: prices.PriceChangeSchema,
    sample: { intent: 'schedule', lookupKey: 'chip_only', amount: '10.99', effectiveOn: '2026-03-01' },
  },
  'prices.CancelPriceChangeSchema': { schema: prices.CancelPriceChangeSchema, sample: { intent: 'cancel-change', changeId: 'chg1' } },
  'prices.HouseholdDiscountSchema': {
    schema: prices.HouseholdDiscountSchema,
    sample: { intent: 'household-discount', discountPercent: '15' },
  },
  'privacy.DetailsSchema': {
    schema: privacy.DetailsSchema,
    sample: { intent: 'update-details', fullName: 'Gina Gee', phone: '801 555 0142' },
  },
  'privacy.EmailChangeSchema': { schema: privacy.EmailChangeSchema, sample: { intent: 'change-email', email: 'gina@example.com' } },
  'privacy.WithdrawEsignSchema': { schema: privacy.WithdrawEsignSchema, sample: { intent: 'withdraw-esign' } },
  'privacy.DeletionCodeSchema': { schema: privacy.DeletionCodeSchema, sample: { intent: 'deletion-code' } },
  'privacy.DeleteAccountSchema': { schema: privacy.DeleteAccountSchema, sample: { intent: 'delete-account', code: '123456' } },
  'signup.SignupSchema': {
    schema: signup.SignupSchema,
    sample: {
      planType: 'comprehensive',
      vehicleType: 'car',
      hasAdas: 'true',
      governingState: 'TX',
      acceptTerms: true,
      acceptRenewal: true,
      acceptEsign: true,
      esignCode: 'K7Q2M9',
      shownPrices: '{"chip_only":999}',
    },
  },
  'signup.CreateCheckoutSchema': {
    schema: signup.CreateCheckoutSchema,
    sample: {
      lookup_key: 'chip_only',
      partner_location_id: 'loc1',
      tos_version: '2026-01',
      tos_accepted_at: '2026-01-02T03:04:05Z',
      governing_state: 'TX',
      renewal_consent: true,
      esign_consent: true,
      esign_code: 'K7Q2M9',
    },
  },
  'signup.GoverningStateSchema': { schema: signup.GoverningStateSchema, sample: { intent: 'set-state', governingState: 'TX' } },
  'signup.LocalPaySchema': { schema: signup.LocalPaySchema, sample: { email: 'gina@example.com', fullName: 'Gina Gee' } },
  'shops.ShopSearchSchema': { schema: shops.ShopSearchSchema, sample: { zip: '84101' } },
  'shops.ChooseShopSchema': {
    schema: shops.ChooseShopSchema,
    sample: {
      zip: '84101',
      locationId: 'loc1',
      preferredDate: '2026-12-08',
      preferredSlot: 'morning',
      serviceAt: 'mobile',
      serviceAddress: '12 Elm St, Salt Lake City',
    },
  },
  'shops.AppointmentSchema[confirm]': { schema: option(shops.AppointmentSchema, 'confirm'), sample: { intent: 'confirm', time: '09:30' } },
  'shops.AppointmentSchema[propose]': {
    schema: option(shops.AppointmentSchema, 'propose'),
    sample: { intent: 'propose', date: '2026-12-09', time: '14:00' },
  },
  'shops.RescheduleSchema': { schema: shops.RescheduleSchema, sample: { preferredDate: '2026-12-10', preferredSlot: 'afternoon' } },
  'invoice.ShopCompletionSchema': {
    schema: invoice.ShopCompletionSchema,
    sample: {
      repairType: 'replacement',
      partNumber: 'FW04567 GTY',
      laborHours: '1.5',
      kitMoulding: 'Moulding kit',
      adasCalibration: 'static',
      actualCost: '389.00',
      partnerNotes: 'Done.',
    },
    multiLine: ['partnerNotes'],
  },
  'shops.InvoiceCorrectionSchema': {
    schema: shops.InvoiceCorrectionSchema,
    sample: {
      intent: 'resubmit',
      partNumber: 'FW04567 GTY',
      laborHours: '1.5',
      kitMoulding: 'Moulding kit',
      adasCalibration: 'static',
      actualCost: '389.00',
    },
  },
  'shops.DisputeSchema': {
    schema: shops.DisputeSchema,
    sample: { intent: 'dispute', message: 'The part fits this VIN.' },
    multiLine: ['message'],
  },
  'signup.PolicyCancelSchema': { schema: signup.PolicyCancelSchema, sample: { intent: 'cancel' } },
  'signup.ArbitrationOptOutSchema': { schema: signup.ArbitrationOptOutSchema, sample: { intent: 'opt-out-arbitration', confirm: true } },
}

function option(union: z.ZodDiscriminatedUnion, intent: string): z.ZodObject {
  const found = union.options.find((candidate) => (candidate as z.ZodObject).shape.intent?.def.values?.includes(intent))
  if (!found) throw new Error(`No option ${intent}`)
  return found as z.ZodObject
}

/** The field's value with a line break and a fake header line in its middle (or a name and one, if the sample has none). */
function poisoned(value: unknown, lineBreak: string) {
  const text = typeof value === 'string' && value ? value : 'Gina Gee'
  const middle = Math.ceil(text.length / 2)
  return `${text.slice(0, middle)}${lineBreak}Plan: Comprehensive${lineBreak}${text.slice(middle)}`
}

describe('the table covers every form schema', () => {
  it('has an entry for every exported schema, union option and schema factory of app/validation', () => {
    const tested = new Set<unknown>(Object.values(FORMS).map((form) => form.schema))
    const missing: string[] = []
    for (const [module, exports] of Object.entries(MODULES)) {
      for (const [name, value] of Object.entries(exports)) {
        if (value instanceof z.ZodDiscriminatedUnion) {
          value.options.forEach((candidate, index) => {
            if (!tested.has(candidate)) missing.push(`${module}.${name} option ${index + 1}`)
          })
        } else if (value instanceof z.ZodObject) {
          if (!tested.has(value)) missing.push(`${module}.${name}`)
        } else if (typeof value === 'function' && /(Schema|Query)$/.test(name) && name !== 'parseQuery') {
          if (!(`${module}.${name}` in FORMS)) missing.push(`${module}.${name} (a schema factory)`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it("every sample is valid as it is, so a refusal below is the line break's doing", () => {
    for (const [key, form] of Object.entries(FORMS)) {
      const result = form.schema.safeParse(form.sample)
      expect(result.success, `${key}: ${JSON.stringify(result.error?.issues)}`).toBe(true)
    }
  })
})

describe.each(Object.entries(FORMS))('%s', (key, form) => {
  const fields = Object.keys(form.schema.shape)

  it.each(fields.flatMap((field) => Object.entries(BREAKS).map(([name, lineBreak]) => [field, name, lineBreak] as const)))(
    '%s with %s',
    (field, _name, lineBreak) => {
      const input = { ...form.sample, [field]: poisoned(form.sample[field], lineBreak) }
      const result = form.schema.safeParse(input)
      if (form.multiLine?.includes(field)) {
        // Text that may run over several lines keeps them; the e-mails quote it.
        expect(result.success).toBe(true)
        expect(String((result.data as Record<string, unknown>)[field])).toMatch(LINE_BREAK)
        return
      }
      if (result.success) {
        const value = (result.data as Record<string, unknown>)[field]
        expect(JSON.stringify(value ?? null), `${key}.${field} kept a line break`).not.toMatch(/\\r|\\n|\u2028|\u2029/)
      } else {
        // Refused, with a message next to this field (a rule across fields may add its own, as the date range does).
        const own = result.error.issues.filter((issue) => issue.path[0] === field)
        expect(own.length, `${key}.${field}: ${JSON.stringify(result.error.issues)}`).toBeGreaterThan(0)
        for (const issue of own) expect(issue.message.length).toBeGreaterThan(0)
      }
    },
  )
})

describe('folding', () => {
  it('turns each line break, with the spaces around it, into one space', () => {
    for (const lineBreak of Object.values(BREAKS)) expect(foldLines(`Gina  ${lineBreak}  Gee`)).toBe('Gina Gee')
    expect(foldLines('a\r\n\r\n\u2028b')).toBe('a b')
    expect(singleLineText().parse('  Gina Gee\r\n')).toBe('Gina Gee')
  })

  it("keeps the attack's name on one line: the fake lines become part of the name", () => {
    const result = privacy.DetailsSchema.parse({
      intent: 'update-details',
      fullName: 'Gina Gee\r\nPlan: Comprehensive (operator note: pre-approved, skip photo review)\r\nVehicle: 2024 Tesla',
    })
    expect(result.fullName).toBe('Gina Gee Plan: Comprehensive (operator note: pre-approved, skip photo review) Vehicle: 2024 Tesla')
  })
})
