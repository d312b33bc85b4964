import { z } from 'zod'

import { OPERATOR_ZONES, type OperatorZone } from '~/domain/calendar'
import { DAMAGE_TYPES } from '~/domain/claims'
import { MAX_OPERATOR_CREDIT_CENTS } from '~/domain/credits'
import { AUTOMATIC_APPROVAL_MODES, MAX_DAILY_CAP } from '~/domain/decision-rules'
import { formatPrice } from '~/domain/format'
import {
  AUTOMATIC_APPROVAL_MESSAGES,
  CREDIT_MESSAGES,
  CUSTOMER_ADMIN_MESSAGES,
  OPERATOR_SETTINGS_MESSAGES,
  PAYOUT_MESSAGES,
  PROVIDER_CANCEL_MESSAGES,
  STATE_FACTS_MESSAGES,
} from '~/domain/messages'
import { STATE_SHOW, type StateShow } from '~/domain/operator'
import { PAYOUT_REFERENCE_MAX } from '~/domain/payouts'
import type { PlanType } from '~/domain/plans'
import { PROVIDER_CANCEL_GROUNDS } from '~/domain/provider-cancellation'

import { dayField } from './days'
import { dollarsField } from './dollars'
import { MAX_LENGTH, MAX_VALUE } from './limits'
import { vehicleSchema } from './policy-setup'
import { stateOfResidence } from './signup'
import { freeText, singleLineText } from './text'

/**
 * The operator console's list queries (?page=, filters, search) and forms. A bad query never breaks a page: the page
 * answers 400 with the message and shows its first page with the default filters.
 */

const page = z.coerce
  .number({ error: 'The page must be a whole number, 1 or more.' })
  .int('The page must be a whole number, 1 or more.')
  .min(1, 'The page must be a whole number, 1 or more.')
  .default(1)

const oneOf = <T extends string>(values: readonly T[], what: string) =>
  z.enum(values as [T, ...T[]], { error: `Unknown ${what}: choose one from the list.` })

export const QueueQuery = (statuses: readonly string[], shows: readonly string[], orders: readonly string[] = ['oldest']) =>
  z.object({
    page,
    status: oneOf(statuses, 'status').default(statuses[0]!),
    show: oneOf(shows, 'filter').default(shows[0]!),
    order: oneOf(orders, 'order').default(orders[0]!),
    damage: oneOf(DAMAGE_TYPES, 'damage type')
      .optional()
      .transform((value) => value ?? null),
    group: singleLineText()
      .max(MAX_LENGTH.recordId, 'Unknown partner group: choose one from the list.')
      .default('')
      .transform((value) => value || null),
  })

export const StatesQuery = (shows: readonly string[]) => z.object({ show: oneOf(shows, 'filter').default(shows[0]!) })

/** A plain paged list's query: only the page. */
export const PageQuery = z.object({ page })

export const SearchQuery = z.object({
  page,
  q: singleLineText().max(MAX_LENGTH.search, `Search for at most ${MAX_LENGTH.search} characters.`).default(''),
})

const isoDay = dayField('Dates are written YYYY-MM-DD.')

export const ActivityQuery = (logs: readonly string[], entityTypes: readonly string[], actions: readonly string[]) =>
  z
    .object({
      page,
      log: oneOf(logs, 'log').default(logs[0]!),
      entity: oneOf(entityTypes, 'kind of record')
        .optional()
        .transform((value) => value ?? null),
      id: singleLineText().max(MAX_LENGTH.activityId, `Ids are at most ${MAX_LENGTH.activityId} characters.`).default(''),
      action: oneOf(actions, 'action')
        .optional()
        .transform((value) => value ?? null),
      from: isoDay.default(''),
      to: isoDay.default(''),
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'The first day must not be after the last day.',
      path: ['from'],
    })

export const StatementQuery = z.object({
  group: singleLineText().max(MAX_LENGTH.recordId).default(''),
  month: singleLineText()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months are written YYYY-MM.')
    .optional(),
})

/** Reads a list query (an empty parameter counts as absent); on a bad value, the message and the defaults (so the page still shows its first page). */
export function parseQuery<T extends z.ZodType>(schema: T, url: URL): { query: z.output<T>; problem: string | null } {
  const raw = Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== ''))
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { query: parsed.data, problem: null }
  return { query: schema.parse({}), problem: parsed.error.issues[0]?.message ?? 'That is not a valid list query.' }
}

// --- the customer page's actions ---------------------------------------------------------------------------------

/** A note the operator must write (a reason, an explanation): `required` when it is blank, then the note's length. */
const operatorNote = (required: string, what = 'reason') =>
  freeText({ error: required }).min(1, required).max(MAX_LENGTH.note, `Keep the ${what} under ${MAX_LENGTH.note} characters.`)

const reason = operatorNote('Please give the reason.')

export const CancelOnBehalfSchema = z.object({
  intent: z.literal('cancel-policy'),
  policyId: singleLineText().min(1).max(MAX_LENGTH.recordId),
  when: z.enum(['now', 'end_of_commitment'], { error: 'Choose when the policy ends.' }),
  reason,
})

/** The operator adds a credit to one of the customer's policies: an amount in dollars and the reason the customer reads. */
export const AddCreditSchema = z.object({
  intent: z.literal('add-credit'),
  policyId: singleLineText().min(1).max(MAX_LENGTH.recordId),
  amount: dollarsField({
    min: 1,
    max: MAX_OPERATOR_CREDIT_CENTS,
    message: CREDIT_MESSAGES.amountInvalid(formatPrice(MAX_OPERATOR_CREDIT_CENTS)),
  }),
  reason: operatorNote(CREDIT_MESSAGES.reasonRequired),
  /** The form's one-time token (customerPage renders a fresh one): a second post of the same form adds nothing. */
  formToken: singleLineText({ error: CREDIT_MESSAGES.formExpired }).min(1, CREDIT_MESSAGES.formExpired).max(MAX_LENGTH.recordId),
})

/** The operator waives a credit not yet paid, with a reason. */
export const WaiveCreditSchema = z.object({
  intent: z.literal('waive-credit'),
  creditId: singleLineText().min(1).max(MAX_LENGTH.recordId),
  reason: operatorNote(CREDIT_MESSAGES.waiveReasonRequired),
})

/** The operator recording a late penalty paid by hand (the part a card refund could not carry), with its reference. */
export const PenaltyPaidSchema = z.object({
  intent: z.literal('penalty-paid'),
  refundId: singleLineText().min(1).max(MAX_LENGTH.recordId),
  reference: singleLineText({ error: CUSTOMER_ADMIN_MESSAGES.penaltyReferenceRequired })
    .min(1, CUSTOMER_ADMIN_MESSAGES.penaltyReferenceRequired)
    .max(PAYOUT_REFERENCE_MAX, PAYOUT_MESSAGES.referenceTooLong(PAYOUT_REFERENCE_MAX)),
})

/** The provider cancelling a policy: on which ground (the state decides which are permitted), explained to the customer. */
export const ProviderCancelSchema = z.object({
  intent: z.literal('provider-cancel'),
  policyId: singleLineText().min(1).max(MAX_LENGTH.recordId),
  ground: z.enum(PROVIDER_CANCEL_GROUNDS, { error: PROVIDER_CANCEL_MESSAGES.chooseGround }),
  explanation: operatorNote(PROVIDER_CANCEL_MESSAGES.explain, 'explanation'),
})

/** Where a customer's paper mail goes, as they gave it to the operator. */
export const MailingAddressSchema = z.object({
  intent: z.literal('mailing-address'),
  name: singleLineText({ error: 'Enter the name on the letter.' }).min(1, 'Enter the name on the letter.').max(MAX_LENGTH.letterLine),
  line1: singleLineText({ error: 'Enter the street address.' }).min(1, 'Enter the street address.').max(MAX_LENGTH.letterLine),
  line2: singleLineText()
    .max(MAX_LENGTH.letterLine)
    .optional()
    .transform((value) => value || null),
  city: singleLineText({ error: 'Enter the city.' }).min(1, 'Enter the city.').max(MAX_LENGTH.letterCity),
  state: stateOfResidence(),
  zip: singleLineText({ error: 'Enter the ZIP code.' }).regex(/^\d{5}(-\d{4})?$/, 'Enter the five-digit ZIP code, like 10001.'),
})

export const ResendSchema = z.object({
  intent: z.literal('resend'),
  policyId: singleLineText().max(MAX_LENGTH.recordId).optional(),
})

/** The operator's correction of a policy's state of residence, and why. */
export const CorrectStateSchema = z.object({
  intent: z.literal('correct-state'),
  policyId: singleLineText().min(1).max(MAX_LENGTH.recordId),
  governingState: stateOfResidence(),
  reason,
})

/** /admin/states: open or close sales in one state. */
/** The operator's settings: the zone the console shows times in. */
export const OperatorSettingsSchema = z.object({
  timeZone: z.enum(OPERATOR_ZONES.map(([zone]) => zone) as [OperatorZone, ...OperatorZone[]], {
    error: OPERATOR_SETTINGS_MESSAGES.chooseZone,
  }),
})

/** The operator's settings for the published decision rules: what they may approve, and how many a day. */
export const AutomaticApprovalSchema = z.object({
  intent: z.literal('automatic-approval'),
  automaticApproval: z.enum(AUTOMATIC_APPROVAL_MODES, { error: AUTOMATIC_APPROVAL_MESSAGES.chooseMode }),
  dailyCap: z.coerce
    .number({ error: AUTOMATIC_APPROVAL_MESSAGES.dailyCap(MAX_DAILY_CAP) })
    .int(AUTOMATIC_APPROVAL_MESSAGES.dailyCap(MAX_DAILY_CAP))
    .min(0, AUTOMATIC_APPROVAL_MESSAGES.dailyCap(MAX_DAILY_CAP))
    .max(MAX_DAILY_CAP, AUTOMATIC_APPROVAL_MESSAGES.dailyCap(MAX_DAILY_CAP)),
})

export const SalesStateSchema = z.object({
  intent: z.literal('set-sales'),
  code: stateOfResidence(),
  open: z.enum(['true', 'false']),
  /** The filter the operator was looking at, to return to. */
  show: z.enum(Object.keys(STATE_SHOW) as [StateShow, ...StateShow[]]).default('all'),
})

export const CorrectVehicleReason = reason

/** The operator's correction of a vehicle: the setup wizard's vehicle fields (the plan decides the makes), and why. */
export function CorrectVehicleSchema(planType: PlanType) {
  return vehicleSchema(planType).omit({ intent: true }).extend({ reason: CorrectVehicleReason })
}

// --- the payouts page ---------------------------------------------------------------------------------------------

export const PayoutsQuery = z.object({ group: singleLineText().max(MAX_LENGTH.recordId, PAYOUT_MESSAGES.unknownGroup).default('') })

/** Ticked jobs: one checkbox or hidden field per job, so one value arrives as a string and several as a list. */
const jobIds = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      singleLineText({ error: PAYOUT_MESSAGES.unknownJob })
        .min(1, PAYOUT_MESSAGES.unknownJob)
        .max(MAX_LENGTH.recordId, PAYOUT_MESSAGES.unknownJob),
      {
        error: PAYOUT_MESSAGES.chooseJobs,
      },
    )
    .min(1, PAYOUT_MESSAGES.chooseJobs)
    .max(MAX_VALUE.payoutJobs, PAYOUT_MESSAGES.chooseJobs),
)

export const PayoutSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve-payment'), claimId: jobIds }),
  z.object({
    intent: z.literal('create-payout'),
    groupId: singleLineText({ error: PAYOUT_MESSAGES.unknownGroup })
      .min(1, PAYOUT_MESSAGES.unknownGroup)
      .max(MAX_LENGTH.recordId, PAYOUT_MESSAGES.unknownGroup),
    claimId: jobIds,
  }),
  z.object({
    intent: z.literal('mark-paid'),
    payoutId: singleLineText({ error: PAYOUT_MESSAGES.nothingToPay.description }).min(1).max(MAX_LENGTH.recordId),
    reference: singleLineText({ error: PAYOUT_MESSAGES.referenceRequired })
      .trim()
      .min(1, PAYOUT_MESSAGES.referenceRequired)
      .max(PAYOUT_REFERENCE_MAX, PAYOUT_MESSAGES.referenceTooLong(PAYOUT_REFERENCE_MAX)),
  }),
])

/** A state's fact as typed: blank is "not filled in" (null); its shape is the model's to judge, beside the field. */
const stateFact = (max: number) =>
  singleLineText()
    .max(max, `Keep it under ${max} characters.`)
    .optional()
    .transform((value) => value || null)

/** /admin/states/:code: a state's registration and insurer facts, saved or saved and opened. */
export const StateFactsSchema = z.object({
  intent: z.enum(['save', 'save-and-open']),
  registrationNumber: stateFact(MAX_LENGTH.registrationNumber),
  insurerName: stateFact(MAX_LENGTH.businessName),
  insurerAddress: stateFact(MAX_LENGTH.postalAddress),
  insurerPhone: stateFact(MAX_LENGTH.phone),
  administratorName: stateFact(MAX_LENGTH.businessName),
  administratorRegistration: stateFact(MAX_LENGTH.registrationNumber),
  // One of FINANCIAL_SECURITY_KINDS, judged by factProblem (app/domain/state-readiness.ts) with the other facts' shapes.
  financialSecurityKind: stateFact(MAX_LENGTH.recordId),
  financialSecurityDetail: stateFact(MAX_LENGTH.postalAddress),
})

/** The terms version filed with a state's regulator, the day it was received and its reference (/admin/states/:code). */
export const FormFilingSchema = z.object({
  intent: z.literal('record-filing'),
  tosVersion: singleLineText({ error: STATE_FACTS_MESSAGES.filingVersionUnknown.description }).max(
    MAX_LENGTH.termsVersion,
    STATE_FACTS_MESSAGES.filingVersionUnknown.description,
  ),
  filedOn: dayField(STATE_FACTS_MESSAGES.filingDay),
  reference: stateFact(MAX_LENGTH.insurancePolicyNumber),
})

/** The operator's decision on a setup held because its VIN is on another active policy (routes/admin.setups.tsx). */
export const SetupDecisionSchema = z.object({
  intent: z.enum(['approve', 'correct']),
  policyId: singleLineText().min(1).max(MAX_LENGTH.recordId),
})
