import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

import { CALIBRATION_FILE_TYPES, CALIBRATION_METHODS, CALIBRATION_RESULTS } from '../domain/calibration'
import { APPROVAL_STATUSES, CHIP_COUNTS, DAMAGE_SIZES, DAMAGE_TYPES, WINDSHIELD_ZONES } from '../domain/claims'
import { CREDIT_KINDS, CREDIT_METHODS, CREDIT_STATES } from '../domain/credits'
import { AUTOMATIC_APPROVAL_MODES, DEFAULT_AUTOMATIC_APPROVAL_MODE, DEFAULT_DAILY_CAP } from '../domain/decision-rules'
import { DISPUTE_KINDS, DISPUTE_OUTCOMES, INVOICE_OUTCOMES } from '../domain/invoice'
import { LETTER_STATUSES } from '../domain/letters'
import { generatePayoutNumber } from '../domain/payouts'
import { INTEGRITY_FLAG_KINDS } from '../domain/photo-integrity'
import { BILLING_INTERVALS, PLAN_TYPES, VEHICLE_TYPES } from '../domain/plans'
import { OWNERSHIP_TRANSFER_STATUSES, POLICY_STATUSES, SETUP_HOLDS } from '../domain/policies'
import { PROVIDER_CANCEL_GROUNDS } from '../domain/provider-cancellation'
import { HIGHEST_RATING_SCORE, LOWEST_RATING_SCORE, RATING_HIDE_REASONS } from '../domain/ratings'
import { REFUND_RULES, REFUND_STATUSES } from '../domain/refunds'
import { ADAS_CALIBRATIONS, SERVICE_PLACES, SHOP_APPLICATION_STATUSES, TIME_SLOTS } from '../domain/shops'
import { KEPT_RECORD_KINDS } from '../domain/state-rules'
import { TEXT_MESSAGE_STATUSES } from '../domain/texts'
import { createId } from './ids'

// Conventions: ids are random text; money is integer cents; times are ISO-8601 UTC text; booleans are 0/1.
const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => createId())
const now = () => new Date().toISOString()
const createdAt = () => text('created_at').notNull().$defaultFn(now)
const updatedAt = () => text('updated_at').notNull().$defaultFn(now).$onUpdateFn(now)
/**
 * A stored photo's perceptual hash (domain/photo-integrity) and what the upload's EXIF said: when it was taken (wall
 * clock, with the offset when the camera gave one) and by what camera. Kept in the row, never in the served file; null
 * while a photo stored before hashing waits for the backfill (phash), or when the EXIF said nothing.
 */
const photoFacts = () => ({
  phash: text('phash'),
  /**
   * The hashes the photo is filed under for the reuse check that a mirror, a turn, a small crop or a border does not
   * escape (domain/photo-integrity orientedHashes), space-separated, the one a lookup probes with first; null while a
   * photo stored before them waits for the backfill. docs/decisions/098-photo-reuse-through-edits-and-own-claims.md.
   */
  orientedHashes: text('oriented_hashes'),
  capturedAt: text('captured_at'),
  camera: text('camera'),
})

/** What a link or code proves: a sign-in, the ownership of a new e-mail address, or the wish to delete the account. */
export const VERIFICATION_PURPOSES = ['sign_in', 'change_email', 'delete_account'] as const
export const PHOTO_TYPES = ['head_on', 'inside_drivers', 'inside_passengers', 'other'] as const
export const DOCUMENT_TYPES = ['damage_photo', 'invoice', 'repair_photo', 'calibration_report', ...CALIBRATION_FILE_TYPES] as const
export const REPAIR_TYPES = ['repair', 'replacement'] as const

export const profiles = sqliteTable('profiles', {
  id: id(),
  email: text('email').notNull().unique(), // stored lower case
  fullName: text('full_name'),
  phone: text('phone'),
  /** The ZIP the customer looks for shops near: asked once, when they first choose a shop. */
  zip: text('zip'),
  role: text('role', { enum: ['customer', 'admin'] })
    .notNull()
    .default('customer'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  /**
   * The customer withdrew their consent to electronic delivery (app/content/esign.ts): from then on the operator posts
   * paper copies of the contract and notices.
   */
  esignWithdrawnAt: text('esign_withdrawn_at'),
  /** Where paper mail goes (a JSON MailingAddress, app/domain/letters.ts); null until the customer or operator gives one. */
  mailingAddress: text('mailing_address'),
  /** An operator's: the IANA zone the console shows times in (/admin/settings); null reads DEFAULT_OPERATOR_ZONE. */
  timeZone: text('time_zone'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: text('last_seen_at').notNull().$defaultFn(now),
  },
  (t) => [
    index('sessions_profile_idx').on(t.profileId),
    // The daily job deletes the expired ones.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)

export const verifications = sqliteTable(
  'verifications',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull().default('sign_in'),
    /** The account a change of e-mail or a deletion is for (null for sign-in: the address is the key). */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    redirectTo: text('redirect_to'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    consumedAt: text('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_email_idx').on(t.email, t.createdAt)],
)

export const partnerGroups = sqliteTable('partner_groups', {
  id: id(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  /** The group's Stripe Connect (Express) account, once onboarding began; its payouts then go there by transfer. */
  stripeAccountId: text('stripe_account_id').unique(),
  /** Whether Stripe lets the connected account receive transfers (its onboarding is complete), as Stripe last said. */
  stripePayoutsEnabled: integer('stripe_payouts_enabled', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const partnerLocations = sqliteTable(
  'partner_locations',
  {
    id: id(),
    partnerGroupId: text('partner_group_id').references(() => partnerGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** Where the shop is: shown to the customer choosing a shop; the ZIP's centroid places it (no maps service). */
    address: text('address'),
    city: text('city'),
    state: text('state'), // two letters
    zip: text('zip'), // five digits; a location without one is not offered to customers
    phone: text('phone'),
    /** Opening hours as the shop says them ("Mon–Fri 8–6, Sat 9–1"): free text, shown as written. */
    hours: text('hours'),
    mobileService: integer('mobile_service', { mode: 'boolean' }).notNull().default(false),
    mobileRadiusMiles: integer('mobile_radius_miles'),
    /** The services offered, one flag each (see app/domain/shops.ts). */
    offersChipRepair: integer('offers_chip_repair', { mode: 'boolean' }).notNull().default(true),
    offersReplacement: integer('offers_replacement', { mode: 'boolean' }).notNull().default(true),
    offersCalibration: integer('offers_calibration', { mode: 'boolean' }).notNull().default(false),
    /** How many jobs the location takes a day, as the shop sets it; booking offers no more. Null: the shop set none. */
    dailyCapacity: integer('daily_capacity'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partner_locations_group_idx').on(t.partnerGroupId)],
)

/**
 * The people who work for a partner group: they sign in with the same e-mail link as customers and get the shop's
 * pages (/shop) for the group's jobs. One address belongs to at most one group; the operator adds and removes them.
 */
export const shopStaff = sqliteTable(
  'shop_staff',
  {
    id: id(),
    partnerGroupId: text('partner_group_id')
      .notNull()
      .references(() => partnerGroups.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(), // stored lower case
    addedBy: text('added_by').notNull(), // the operator's profile id
    createdAt: createdAt(),
  },
  (t) => [index('shop_staff_group_idx').on(t.partnerGroupId, t.email)],
)

/** A location's earlier signup links: /signup/{old} keeps working as a redirect after the slug changes. */
export const partnerSlugRedirects = sqliteTable('partner_slug_redirects', {
  slug: text('slug').primaryKey(),
  partnerLocationId: text('partner_location_id')
    .notNull()
    .references(() => partnerLocations.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

/** Local-mode prices, and the Stripe price id of each lookup key once known. */
export const prices = sqliteTable('prices', {
  lookupKey: text('lookup_key').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  stripePriceId: text('stripe_price_id'),
  updatedAt: updatedAt(),
})

/**
 * The household discount (app/domain/households.ts): the percent off each vehicle after a household's first, set by the
 * operator with the prices on /admin/prices. One row (id 1); no row reads DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT.
 */
export const householdPricing = sqliteTable('household_pricing', {
  id: integer('id').primaryKey(),
  discountPercent: integer('discount_percent').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
})

/**
 * A new monthly price for a lookup key, scheduled at least 30 days ahead (terms "Price changes"). New signups pay it
 * from `effective_on` (published to the catalogue that day); each existing subscriber is told once
 * (price_change_notices) and moves to it at their first renewal after the effective date and 30 days after the notice.
 */
export const priceChanges = sqliteTable(
  'price_changes',
  {
    id: id(),
    lookupKey: text('lookup_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The catalogue price when the change was scheduled: who pays it is told. */
    previousCents: integer('previous_cents').notNull(),
    effectiveOn: text('effective_on').notNull(), // YYYY-MM-DD
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    publishedAt: text('published_at'),
    stripePriceId: text('stripe_price_id'),
    canceledAt: text('canceled_at'),
  },
  (t) => [index('price_changes_key_idx').on(t.lookupKey, t.effectiveOn)],
)

/**
 * The network's price schedule for shops (app/domain/price-schedule.ts): what it pays per service, in cents. A version
 * is never edited once published; a new one replaces it from its effective time. `notice_sent_at` marks the one e-mail
 * to every group's staff (claimed before sending, so it goes once).
 */
export const priceSchedules = sqliteTable('price_schedules', {
  id: id(),
  version: integer('version').notNull().unique(),
  effectiveAt: text('effective_at').notNull(),
  chipRepair: integer('chip_repair_cents').notNull(),
  replacementCar: integer('replacement_car_cents').notNull(),
  replacementCarAdas: integer('replacement_car_adas_cents').notNull(),
  replacementTrucksuv: integer('replacement_trucksuv_cents').notNull(),
  replacementTrucksuvAdas: integer('replacement_trucksuv_adas_cents').notNull(),
  calibrationStatic: integer('calibration_static_cents').notNull(),
  calibrationDynamic: integer('calibration_dynamic_cents').notNull(),
  mobileSurcharge: integer('mobile_surcharge_cents').notNull(),
  publishedAt: text('published_at').notNull().$defaultFn(now),
  /** The operator who published it; null for the sample schedule the seed publishes. */
  publishedBy: text('published_by'),
  noticeSentAt: text('notice_sent_at'),
})

/**
 * A partner group's answer to a schedule version: accepted or refused, when, and by which staff member (null for the
 * seed's sample shop). One answer per group and version; a later answer replaces it (the audit log keeps each one).
 */
export const priceScheduleAnswers = sqliteTable(
  'price_schedule_answers',
  {
    id: id(),
    partnerGroupId: text('partner_group_id')
      .notNull()
      .references(() => partnerGroups.id, { onDelete: 'cascade' }),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => priceSchedules.id, { onDelete: 'restrict' }),
    accepted: integer('accepted', { mode: 'boolean' }).notNull(),
    answeredAt: text('answered_at').notNull(),
    answeredBy: text('answered_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('price_schedule_answers_group_schedule_idx').on(t.partnerGroupId, t.scheduleId),
    index('price_schedule_answers_schedule_idx').on(t.scheduleId, t.accepted),
  ],
)

/** One subscriber's notice of a price change (sent once) and when their policy moved to the new price. */
export const priceChangeNotices = sqliteTable(
  'price_change_notices',
  {
    priceChangeId: text('price_change_id')
      .notNull()
      .references(() => priceChanges.id, { onDelete: 'cascade' }),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    noticeSentAt: text('notice_sent_at').notNull(),
    appliedAt: text('applied_at'),
    /**
     * A higher price that the subscriber's state lets reach them only with their consent (app/domain/state-rules.ts):
     * the notice carries a link (its token, stored hashed) and the price moves only once `accepted_at` is set.
     */
    consentRequired: integer('consent_required', { mode: 'boolean' }).notNull().default(false),
    consentTokenHash: text('consent_token_hash').unique(),
    acceptedAt: text('accepted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.priceChangeId, t.policyId] }),
    index('price_change_notices_policy_idx').on(t.policyId),
    // The daily job's "still to apply" list.
    index('price_change_notices_pending_idx')
      .on(t.priceChangeId)
      .where(sql`applied_at IS NULL`),
  ],
)

export const vehicles = sqliteTable(
  'vehicles',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    licensePlate: text('license_plate').notNull(), // stored normalised: upper case, no spaces or dashes (domain/vehicles)
    licensePlateState: text('license_plate_state').notNull(),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }),
    hasAdas: integer('has_adas', { mode: 'boolean' }),
    year: integer('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    /** The 17-character vehicle identification number, upper case, check digit verified (domain/vin); optional. */
    vin: text('vin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicles_profile_idx').on(t.profileId),
    // The integrity check for one VIN on several active policies, when a claim is filed.
    index('vehicles_vin_idx')
      .on(t.vin)
      .where(sql`vin IS NOT NULL`),
  ],
)

export const policies = sqliteTable(
  'policies',
  {
    id: id(),
    /**
     * The number the customer reads and says ('GP-' and six characters without look-alikes, domain/policies): the
     * random id stays internal. Filled by the migration for older rows and by fulfilment for new ones.
     */
    policyNumber: text('policy_number').notNull().unique(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: POLICY_STATUSES }).notNull().default('incomplete'),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }),
    hasAdas: integer('has_adas', { mode: 'boolean' }),
    lookupKey: text('lookup_key').notNull(),
    /** The price charged each billing interval: a month's, or a year's for a yearly payer (the name predates yearly). */
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull().default('month'),
    /** When the current billing interval began (a switch to yearly); null: at purchase. Renewals count from it. */
    billingAnchorAt: text('billing_anchor_at'),
    /** A monthly payer's switch to yearly, due at this monthly renewal, at the yearly price they were shown; cleared when applied. */
    yearlySwitchAt: text('yearly_switch_at'),
    yearlySwitchCents: integer('yearly_switch_cents'),
    windshieldPhotosUploaded: integer('windshield_photos_uploaded', { mode: 'boolean' }).notNull().default(false),
    vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /**
     * A setup held for the operator (domain/policies SETUP_HOLDS: its VIN is on another active policy) or sent back to
     * the customer for a correction; coverage starts only when the operator approves it. Null: not held.
     */
    setupHold: text('setup_hold', { enum: SETUP_HOLDS }),
    setupHeldAt: text('setup_held_at'),
    initialTermEndsAt: text('initial_term_ends_at').notNull(),
    coverageStartDate: text('coverage_start_date'), // YYYY-MM-DD
    partnerLocationId: text('partner_location_id').references(() => partnerLocations.id, { onDelete: 'set null' }),
    tosVersion: text('tos_version').notNull(),
    tosAcceptedAt: text('tos_accepted_at').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    stripeCheckoutSessionId: text('stripe_checkout_session_id').unique(),
    canceledAt: text('canceled_at'),
    cancelAt: text('cancel_at'), // renewal turned off: the subscription ends then
    transferUsedAt: text('transfer_used_at'),
    /** Terms "Binding arbitration": the customer opted out (within 30 days of accepting the terms of this plan). */
    arbitrationOptedOutAt: text('arbitration_opted_out_at'),
    renewalNoticeSentAt: text('renewal_notice_sent_at'),
    /**
     * The customer's state of residence when they bought the plan: its law governs cancellation, refunds and the
     * contract's disclosures (app/domain/state-rules.ts). Null for plans sold before the product asked; the most
     * protective rule applies until the customer or the operator sets it.
     */
    governingState: text('governing_state'),
    /**
     * When the current owner took the policy over from the vehicle's previous owner (null: owned since it was bought).
     * Claims filed before it are the previous owner's: their details stay hidden from this owner.
     */
    ownedSince: text('owned_since'),
    /**
     * The provider ends this policy (app/domain/provider-cancellation.ts): on this ground, noticed then, taking effect
     * at providerCancelAt (the daily job ends it). Null while the provider has given no notice.
     */
    providerCancelGround: text('provider_cancel_ground', { enum: PROVIDER_CANCEL_GROUNDS }),
    providerCancelNoticedAt: text('provider_cancel_noticed_at'),
    providerCancelAt: text('provider_cancel_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('policies_profile_idx').on(t.profileId, t.createdAt),
    index('policies_status_idx').on(t.status, t.initialTermEndsAt),
    // The daily job that ends local policies whose renewal was turned off reads only these.
    index('policies_renewal_off_idx')
      .on(t.cancelAt)
      .where(sql`cancel_at IS NOT NULL`),
    // The daily job that ends the policies the provider cancelled reads only these.
    index('policies_provider_cancel_idx')
      .on(t.providerCancelAt)
      .where(sql`provider_cancel_at IS NOT NULL`),
    // The daily jobs' other reads, so each costs the policies it has work for, not a pass over every policy: the
    // purchases whose anniversary is near (yearly reminders), the switches to yearly billing that are booked, the
    // yearly payers and the notices not sent (renewal notices) and the ended policies (consent records to purge).
    // (The reminders' index carries the columns they filter on, so a window of purchases is read without the rows.)
    index('policies_created_idx').on(t.createdAt, t.status, t.governingState, t.id),
    index('policies_yearly_switch_idx')
      .on(t.yearlySwitchAt)
      .where(sql`yearly_switch_at IS NOT NULL`),
    index('policies_yearly_idx')
      .on(t.status)
      .where(sql`billing_interval = 'year'`),
    // The renewal notices still to send, by the commitment's end.
    index('policies_notice_due_idx')
      .on(t.initialTermEndsAt)
      .where(sql`renewal_notice_sent_at IS NULL`),
    // The consent records kept three years after a policy ended are purged from the ended policies.
    index('policies_canceled_idx')
      .on(t.canceledAt)
      .where(sql`canceled_at IS NOT NULL`),
  ],
)

export const policyPhotos = sqliteTable(
  'policy_photos',
  {
    id: id(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    photoType: text('photo_type', { enum: PHOTO_TYPES }).notNull(),
    position: integer('position').notNull().default(0), // n of other_{n}; 0 for the required types
    /** 0: the photos of setup; 1: those of the plan's one transfer to a replacement vehicle (terms "Transfers"). */
    generation: integer('generation').notNull().default(0),
    filePath: text('file_path').notNull(), // relative to DATA_DIR/uploads
    thumbPath: text('thumb_path'),
    fileName: text('file_name').notNull(),
    ...photoFacts(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('policy_photos_slot_unique').on(t.policyId, t.generation, t.photoType, t.position)],
)

/**
 * A payment to a partner group for its approved jobs (the claims whose payout_id names it). Created unpaid; marked
 * paid with the bank transfer's reference once the operator has sent the money. Why bank references only:
 * docs/decisions/055-shop-payouts-and-service-promise.md.
 */
export const payouts = sqliteTable(
  'payouts',
  {
    id: id(),
    /**
     * The number the shop quotes and the operator reads ('PY-' and six characters without look-alikes,
     * domain/payouts): the random id stays in forms and URLs. Filled by the migration for older rows.
     */
    payoutNumber: text('payout_number')
      .notNull()
      .unique()
      .$defaultFn(() => generatePayoutNumber()),
    partnerGroupId: text('partner_group_id')
      .notNull()
      .references(() => partnerGroups.id, { onDelete: 'restrict' }),
    jobCount: integer('job_count').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    paidAt: text('paid_at'),
    paidBy: text('paid_by'),
    /** The bank transfer's reference, as the operator typed it, or the Stripe transfer's id. */
    reference: text('reference'),
    /** Paid by the daily job (a Stripe Connect transfer): how many attempts Stripe refused, and the last refusal. */
    transferAttempts: integer('transfer_attempts').notNull().default(0),
    transferError: text('transfer_error'),
    transferFailedAt: text('transfer_failed_at'),
    /**
     * Stripe reversed the transfer that paid it: the payout is open again and the daily job leaves it alone (a reversal
     * is a person's decision at Stripe), for the operator to pay by bank transfer.
     */
    transferReversedAt: text('transfer_reversed_at'),
  },
  (t) => [
    index('payouts_group_idx').on(t.partnerGroupId, t.createdAt),
    // The payouts still to pay: a handful at any time, however many were paid before.
    index('payouts_unpaid_idx')
      .on(t.partnerGroupId)
      .where(sql`paid_at IS NULL`),
  ],
)

/**
 * Per partner group, its jobs still to pay (completed claims in no payout), split by whether the operator has approved
 * them for payment: how many and their total. Kept by triggers on `claims` in the same transaction as every change
 * (drizzle/0021_payout_counts.sql), so the payouts page reads two rows per group instead of every unpaid job.
 */
export const payoutCounts = sqliteTable(
  'payout_counts',
  {
    partnerGroupId: text('partner_group_id').notNull(),
    approved: integer('approved').notNull(),
    jobs: integer('jobs').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerGroupId, t.approved] })],
)

/**
 * A storm the operator declared (app/domain/storms.ts): the ZIP codes and three-digit ZIP prefixes it covers (one
 * string, codes separated by spaces), its first and last day, and how many days a customer there has to file a claim
 * for damage on those days. Areas of events whose days overlap never overlap, so a claim falls in one event at most.
 */
export const stormEvents = sqliteTable(
  'storm_events',
  {
    id: id(),
    name: text('name').notNull(),
    area: text('area').notNull(),
    startsOn: text('starts_on').notNull(), // YYYY-MM-DD
    endsOn: text('ends_on').notNull(), // YYYY-MM-DD
    filingDays: integer('filing_days').notNull(),
    declaredBy: text('declared_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('storm_events_days_idx').on(t.endsOn, t.startsOn)],
)

export const claims = sqliteTable(
  'claims',
  {
    id: id(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    /** The vehicle the claim is for: the policy's when filed; a later transfer leaves it on the old one. */
    vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /**
     * The customer who filed the claim. A policy can pass to the vehicle's next owner, so the policy's owner today is
     * not always the claimant: e-mails about the claim go to this person, and the next owner sees its code and status only.
     */
    filedByProfileId: text('filed_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    damageType: text('damage_type', { enum: DAMAGE_TYPES }).notNull().default('chip'),
    description: text('description').notNull(),
    damageDate: text('damage_date'), // YYYY-MM-DD
    /** The customer's answers about the damage (domain/claims): null on claims filed before the form asked. */
    damageSize: text('damage_size', { enum: DAMAGE_SIZES }),
    inLineOfSight: integer('in_line_of_sight', { mode: 'boolean' }),
    chipCount: text('chip_count', { enum: CHIP_COUNTS }),
    damageZone: text('damage_zone', { enum: WINDSHIELD_ZONES }),
    filedLate: integer('filed_late', { mode: 'boolean' }).notNull().default(false),
    /** Where the vehicle is kept, as the customer gave it when filing: decides the storm it falls in (null before it was asked). */
    vehicleZip: text('vehicle_zip'),
    /** The declared storm the damage falls in (its area and days), which gave the claim its longer filing window. */
    stormEventId: text('storm_event_id').references(() => stormEvents.id, { onDelete: 'set null' }),
    /** The network the claim was filed from (an IPv4 address or an IPv6 /64), for the integrity check on many claims from one. */
    filedFromNetwork: text('filed_from_network'),
    /** The filing customer's mailing address as one key (domain/letters addressKey), for the check on many claims from one. */
    filedFromAddress: text('filed_from_address'),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending_review'),
    confirmationCode: text('confirmation_code').notNull().unique(),
    assignedPartnerGroupId: text('assigned_partner_group_id').references(() => partnerGroups.id, {
      onDelete: 'set null',
    }),
    reviewedAt: text('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    /** The version of the published decision rules that approved the claim when it was filed; null when a person decided. */
    decidedByRulesVersion: text('decided_by_rules_version'),
    denialReason: text('denial_reason'),
    appealText: text('appeal_text'),
    appealedAt: text('appealed_at'),
    completedAt: text('completed_at'),
    repairType: text('repair_type', { enum: REPAIR_TYPES }),
    actualCostCents: integer('actual_cost_cents'),
    partnerNotes: text('partner_notes'),
    /**
     * The shop the customer chose (when the operator left the choice to them) and the time and place they asked for:
     * a day, morning or afternoon, at the shop or (mobile service) at an address they give.
     */
    chosenLocationId: text('chosen_location_id').references(() => partnerLocations.id, { onDelete: 'set null' }),
    preferredDate: text('preferred_date'), // YYYY-MM-DD
    preferredSlot: text('preferred_slot', { enum: TIME_SLOTS }),
    serviceAt: text('service_at', { enum: SERVICE_PLACES }),
    serviceAddress: text('service_address'),
    shopChosenAt: text('shop_chosen_at'),
    /**
     * The appointment the shop gave: a wall-clock time where the work is done ('YYYY-MM-DDTHH:MM', no zone; why:
     * docs/decisions/045-appointments-in-the-shops-local-time.md), when it was given, and whether it is another time
     * than the one asked for. The customer may ask for another time once (reschedule_requested_at).
     */
    appointmentAt: text('appointment_at'),
    appointmentConfirmedAt: text('appointment_confirmed_at'),
    appointmentProposed: integer('appointment_proposed', { mode: 'boolean' }).notNull().default(false),
    rescheduleRequestedAt: text('reschedule_requested_at'),
    /**
     * When the customer, who had not yet chosen the shop or the time left to them, was reminded by e-mail (once, by the
     * daily job): the promise clock waits for their choice (app/domain/credits.ts).
     */
    choiceRemindedAt: text('choice_reminded_at'),
    /** When the shop pressed "On the way" for a mobile appointment (the customer is told; the claim page shows it). */
    technicianOnTheWayAt: text('technician_on_the_way_at'),
    /**
     * A claim under the repair-failure guarantee: the earlier claim whose chip repair failed. The shop that did that
     * repair sees this claim as rework on its record.
     */
    repairFailureOfClaimId: text('repair_failure_of_claim_id').references((): AnySQLiteColumn => claims.id, {
      onDelete: 'restrict',
    }),
    /** What the shop invoices, recorded at completion (the total is actual_cost_cents; the documents are rows of their own). */
    partNumber: text('part_number'),
    laborHours: real('labor_hours'),
    kitMoulding: text('kit_moulding'),
    adasCalibration: text('adas_calibration', { enum: ADAS_CALIBRATIONS }),
    /** The operator approved the completed job for payment; then a payout takes it (one payout per job). */
    paymentApprovedAt: text('payment_approved_at'),
    paymentApprovedBy: text('payment_approved_by'),
    payoutId: text('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    /**
     * An invoice above its service's ceiling (app/domain/payouts.ts), held at completion: the service it was held for
     * ('chip_repair', 'replacement_car+adas', …). The job cannot be approved for payment until the operator releases it.
     */
    invoiceHeldFor: text('invoice_held_for'),
    invoiceReleasedAt: text('invoice_released_at'),
    invoiceReleasedBy: text('invoice_released_by'),
    /**
     * The operator rejected the shop's invoice (the reason is on its invoice_submissions row): the job waits for the
     * shop's correction and cannot be accepted for payment until then. Cleared when the shop sends it again.
     */
    invoiceRejectedAt: text('invoice_rejected_at'),
    /**
     * What the operator accepted to pay when it is less than the invoice (a short-pay), in cents; null: the invoice's
     * total. A dispute's outcome may change it. The payouts pay coalesce(accepted_cost_cents, actual_cost_cents).
     */
    acceptedCostCents: integer('accepted_cost_cents'),
    /**
     * The price schedule version the job is priced by: the one in force when it was given to the shop (kept then), or
     * at completion for a job given before any. With `scheduled_price_cents`, fixed at completion: a later version
     * never changes a completed job's price (decision 087).
     */
    priceScheduleId: text('price_schedule_id').references((): AnySQLiteColumn => priceSchedules.id, { onDelete: 'restrict' }),
    scheduledPriceCents: integer('scheduled_price_cents'),
    createdAt: createdAt(),
    submittedAt: text('submitted_at').notNull().$defaultFn(now),
    updatedAt: updatedAt(),
    /** Since when the claim has waited for the operator: an appeal waits from its appeal (computed, never written). */
    waitingSince: text('waiting_since').generatedAlwaysAs(sql`coalesce(appealed_at, submitted_at)`, { mode: 'virtual' }),
  },
  (t) => [
    index('claims_policy_idx').on(t.policyId, t.createdAt),
    index('claims_filed_by_idx').on(t.filedByProfileId),
    // The operator's queue: by status, longest waiting first. The filter columns ride along, so a filtered count or
    // page reads index entries only, never the rows (10× cheaper for a filter on 25,000 completed claims).
    index('claims_queue_idx').on(t.approvalStatus, t.waitingSince, t.damageType, t.filedLate, t.appealedAt, t.assignedPartnerGroupId),
    index('claims_reviewed_idx').on(t.reviewedAt),
    // A shop location's bookings by day (its daily capacity) and its line of open jobs.
    index('claims_location_day_idx')
      .on(t.chosenLocationId, t.preferredDate, t.approvalStatus)
      .where(sql`chosen_location_id IS NOT NULL`),
    // The storm board: an event's claims.
    index('claims_storm_idx')
      .on(t.stormEventId)
      .where(sql`storm_event_id IS NOT NULL`),
    // Appeals waiting for a decision, against their 30-day deadline.
    index('claims_appeals_waiting_idx')
      .on(t.appealedAt)
      .where(sql`approval_status = 'pending_review' AND appealed_at IS NOT NULL`),
    // Partner statements: a group's completed claims by month. The service figures' times ride along, so their
    // medians over 90 days of completions read the index alone.
    index('claims_group_completed_idx').on(t.assignedPartnerGroupId, t.completedAt, t.reviewedAt, t.appointmentAt),
    // A shop's open jobs (/shop), in the list's order: only the approved claims, so the list does not read the
    // group's whole history of completed jobs on every load.
    index('claims_group_open_idx')
      .on(t.assignedPartnerGroupId, t.preferredDate, t.reviewedAt)
      .where(sql`approval_status = 'approved'`),
    // The jobs still to pay (completed, in no payout yet): a small part of all claims, so the payouts page stays fast.
    index('claims_unpaid_jobs_idx')
      .on(t.assignedPartnerGroupId, t.paymentApprovedAt, t.completedAt)
      .where(sql`completed_at IS NOT NULL AND payout_id IS NULL`),
    // The unpaid jobs whose invoice is rejected (waiting for the shop's correction): a handful, counted apart on the
    // payouts page so its "to approve" figure holds only what the operator can approve.
    index('claims_rejected_invoices_idx')
      .on(t.assignedPartnerGroupId)
      .where(sql`invoice_rejected_at IS NOT NULL AND payout_id IS NULL`),
    // The integrity check for many claims from one network in a short time, when a claim is filed.
    index('claims_network_idx')
      .on(t.filedFromNetwork, t.submittedAt)
      .where(sql`filed_from_network IS NOT NULL`),
    // The same check for many claims from one mailing address.
    index('claims_address_idx')
      .on(t.filedFromAddress, t.submittedAt)
      .where(sql`filed_from_address IS NOT NULL`),
    // The repair-failure claims of a repaired claim (the guarantee's once-only check and a shop's rework).
    index('claims_repair_failure_idx')
      .on(t.repairFailureOfClaimId)
      .where(sql`repair_failure_of_claim_id IS NOT NULL`),
    // A payout's jobs.
    index('claims_payout_idx')
      .on(t.payoutId)
      .where(sql`payout_id IS NOT NULL`),
    // The day's automatic approvals, counted against the daily cap each time a claim is filed.
    index('claims_rules_approved_idx')
      .on(t.reviewedAt)
      .where(sql`decided_by_rules_version IS NOT NULL`),
  ],
)

/**
 * How far the published decision rules (app/domain/decision-rules.ts) may approve claims on their own: one row (id 1),
 * set by the operator on /admin/settings. No row reads the defaults: chips only, DEFAULT_DAILY_CAP a day.
 */
export const decisionSettings = sqliteTable('decision_settings', {
  id: integer('id').primaryKey(),
  automaticApproval: text('automatic_approval', { enum: AUTOMATIC_APPROVAL_MODES }).notNull().default(DEFAULT_AUTOMATIC_APPROVAL_MODE),
  dailyCap: integer('daily_cap').notNull().default(DEFAULT_DAILY_CAP),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
})

export const claimDocuments = sqliteTable(
  'claim_documents',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }).notNull(),
    filePath: text('file_path').notNull(), // relative to DATA_DIR/uploads
    thumbPath: text('thumb_path'),
    fileName: text('file_name').notNull(),
    uploadedByProfileId: text('uploaded_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Photos only (null for a PDF). */
    ...photoFacts(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_documents_claim_idx').on(t.claimId, t.documentType)],
)

/**
 * The proof of a job's ADAS calibration (app/domain/calibration.ts), one per claim, recorded by the shop's staff: the
 * facts here, its files as claim documents of the calibration_* types. The owner's certificate and the vehicle's glass
 * record read it; a job whose completion names a calibration is paid only with a complete, passed proof.
 */
export const calibrationProofs = sqliteTable('calibration_proofs', {
  claimId: text('claim_id')
    .primaryKey()
    .references(() => claims.id, { onDelete: 'cascade' }),
  method: text('method', { enum: CALIBRATION_METHODS }).notNull(),
  toolMake: text('tool_make').notNull(),
  toolSerial: text('tool_serial').notNull(),
  technicianName: text('technician_name').notNull(),
  result: text('result', { enum: CALIBRATION_RESULTS }).notNull(),
  recordedBy: text('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export type CalibrationProof = typeof calibrationProofs.$inferSelect

/**
 * Files a shop uploaded with a completion that was refused (a bad cost, a missing photo): kept for the claim, shown
 * as already attached and used by the next submit that names them, unless replaced. Moved into claim_documents when
 * the claim is completed. Why: docs/decisions/032-nothing-chosen-is-lost-to-a-refusal.md and 058.
 */
/**
 * Why a claim waits for the operator rather than being decided by the rules: one row per reason (domain/photo-integrity),
 * with the words the operator reads (which photo matched which, the capture time, …). Written when the claim is filed.
 */
export const claimFlags = sqliteTable(
  'claim_flags',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INTEGRITY_FLAG_KINDS }).notNull(),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_flags_claim_idx').on(t.claimId)],
)

/** Who wrote a message on a claim's thread (app/models/claims/claim-messages.server.ts). */
export const MESSAGE_AUTHORS = ['customer', 'operator', 'shop'] as const

/**
 * A claim's thread between the customer, the operator and (once the claim is booked) the shop: text only, never edited.
 * The thread waits for the operator while its newest message is not theirs.
 */
export const claimMessages = sqliteTable(
  'claim_messages',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    author: text('author', { enum: MESSAGE_AUTHORS }).notNull(),
    /** The person who wrote it (a customer, the operator or one of the shop's staff); null once their account is gone. */
    authorProfileId: text('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_messages_claim_idx').on(t.claimId, t.createdAt)],
)

/**
 * Each side of a claim's thread (the customer, the operator, the shop) and its message e-mails: when one was last sent
 * and when the side last opened the thread. While an e-mail is unread the next messages send none; the next page load
 * marks it read (app/models/claims/claim-messages.server.ts).
 */
export const claimThreadReads = sqliteTable(
  'claim_thread_reads',
  {
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    side: text('side', { enum: MESSAGE_AUTHORS }).notNull(),
    emailedAt: text('emailed_at'),
    readAt: text('read_at'),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.side] })],
)

/**
 * The operator's request for more photos of a claim, from the customer or the shop: the signed link carries the row's id
 * and an expiry; the row makes the link work once (used_at) and only for its claim.
 */
export const photoRequests = sqliteTable(
  'photo_requests',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['customer', 'shop'] }).notNull(),
    /** What the operator asked for, shown on the upload page. */
    note: text('note').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photo_requests_claim_idx').on(t.claimId)],
)

export const PHOTO_SOURCES = ['setup', 'claim', 'shop'] as const

/**
 * The near-neighbour index of photo hashes: each distinct hash under each of its bands (domain/photo-integrity
 * bandRows), the band's key and the hash's other bits as one small row, so a claim's photo finds the hashes within a
 * few bits of it by probing a fixed number of keys, never by reading every hash, and the candidates are measured
 * from the rows alone. The photos behind a near hash are then read from photo_hashes. Why this layout:
 * docs/decisions/083-photo-hash-index-of-small-rows.md (after 069 and 071).
 */
export const photoHashBands = sqliteTable(
  'photo_hash_bands',
  {
    bandKey: integer('band_key').notNull(),
    rest: integer('rest').notNull(),
  },
  // WITHOUT ROWID (in the migration): the rows are the primary key's b-tree, so the index costs no second copy.
  (t) => [primaryKey({ columns: [t.bandKey, t.rest] })],
)

/**
 * Which photos have each hash, with their policy and kind, so a match needs no other read to be confirmed. Written
 * with the photo rows; a row whose photo is gone (replaced, deleted) is skipped by the lookup, which reads the photo
 * row of every match.
 */
export const photoHashes = sqliteTable(
  'photo_hashes',
  {
    hash: text('hash').notNull(),
    photoId: text('photo_id').notNull(),
    policyId: text('policy_id').notNull(),
    source: text('source', { enum: PHOTO_SOURCES }).notNull(),
  },
  // WITHOUT ROWID (in the migration), like the bands.
  (t) => [primaryKey({ columns: [t.hash, t.photoId] })],
)

/** Where the photo-hash backfill has got to in each table: it resumes after the last photo it finished. */
export const photoHashBackfill = sqliteTable('photo_hash_backfill', {
  tableName: text('table_name').primaryKey(),
  lastId: text('last_id').notNull(),
  updatedAt: updatedAt(),
})

/**
 * Each time a shop sends a job's invoice (at completion, then after each rejection): what it said then, and the
 * operator's answer (accepted, or rejected with a typed reason and a note). The history both sides read.
 */
export const invoiceSubmissions = sqliteTable(
  'invoice_submissions',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** 1 for the invoice sent at completion, then 2, 3, … for each correction. */
    number: integer('number').notNull(),
    /** The invoice's fields as sent (the declaration's columns, app/domain/invoice.ts). */
    fields: text('fields', { mode: 'json' }).notNull().$type<Record<string, string | number | null>>(),
    submittedBy: text('submitted_by'),
    submittedAt: createdAt(),
    outcome: text('outcome', { enum: INVOICE_OUTCOMES }).notNull().default('pending'),
    /** A rejection's reason (a key of INVOICE_REJECTION_REASONS) and note. */
    reason: text('reason'),
    note: text('note'),
    decidedBy: text('decided_by'),
    decidedAt: text('decided_at'),
  },
  (t) => [uniqueIndex('invoice_submissions_claim_number_idx').on(t.claimId, t.number)],
)

/**
 * A shop's dispute of a rejected invoice or of a short-pay: its message, the operator's deadline to answer (business
 * days, app/domain/invoice.ts), and the answer with its outcome. A job with an open dispute is left out of payouts.
 */
export const invoiceDisputes = sqliteTable(
  'invoice_disputes',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DISPUTE_KINDS }).notNull(),
    message: text('message').notNull(),
    openedBy: text('opened_by').notNull(),
    openedAt: createdAt(),
    /** The end of the operator's last business day to answer (an ISO moment). */
    answerDueAt: text('answer_due_at').notNull(),
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    answer: text('answer'),
    /** For an upheld short-pay: the amount now accepted, in cents. */
    acceptedCostCents: integer('accepted_cost_cents'),
    answeredBy: text('answered_by'),
    answeredAt: text('answered_at'),
  },
  (t) => [
    index('invoice_disputes_claim_idx').on(t.claimId),
    // The operator's queue: the open disputes, the nearest deadline first.
    index('invoice_disputes_open_idx')
      .on(t.answerDueAt)
      .where(sql`answered_at IS NULL`),
  ],
)

/** The files a shop sends with its dispute (a PDF or a photo each, checked by their bytes). */
export const invoiceDisputeFiles = sqliteTable(
  'invoice_dispute_files',
  {
    id: id(),
    disputeId: text('dispute_id')
      .notNull()
      .references(() => invoiceDisputes.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    thumbPath: text('thumb_path'),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_dispute_files_dispute_idx').on(t.disputeId)],
)

export const claimDocumentDrafts = sqliteTable(
  'claim_document_drafts',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: ['invoice', 'repair_photo', 'calibration_report'] }).notNull(),
    filePath: text('file_path').notNull(),
    thumbPath: text('thumb_path'),
    fileName: text('file_name').notNull(),
    /** As on claim_documents, carried over when the draft becomes one. */
    phash: text('phash'),
    orientedHashes: text('oriented_hashes'),
    capturedAt: text('captured_at'),
    camera: text('camera'),
    createdAt: createdAt(),
  },
  (t) => [index('claim_document_drafts_claim_idx').on(t.claimId, t.documentType)],
)

/**
 * A policy offered to the vehicle's next owner (app/models/policies/ownership-transfer.server.ts): the seller names the buyer's
 * e-mail, the buyer opens the e-mailed link (only its hash is stored), accepts and pays; payment moves the policy, its
 * vehicle and photos to the buyer. At most one open (offered or accepted) offer per policy.
 */
export const ownershipTransfers = sqliteTable(
  'ownership_transfers',
  {
    id: id(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    sellerProfileId: text('seller_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    buyerEmail: text('buyer_email').notNull(), // lower case
    buyerProfileId: text('buyer_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: OWNERSHIP_TRANSFER_STATUSES }).notNull().default('offered'),
    expiresAt: text('expires_at').notNull(),
    /** What the buyer accepted: their state of residence (the policy's governing state once moved) and the terms. */
    governingState: text('governing_state'),
    tosVersion: text('tos_version'),
    tosAcceptedAt: text('tos_accepted_at'),
    acceptedAt: text('accepted_at'),
    /** The buyer's paid checkout (Stripe session or local checkout id): completing twice is a no-op. */
    checkoutSessionId: text('checkout_session_id').unique(),
    /** The seller's subscription ended by the move; its later Stripe events are acknowledged and ignored. */
    sellerSubscriptionId: text('seller_subscription_id'),
    sellerSubscriptionEndedAt: text('seller_subscription_ended_at'),
    paidAt: text('paid_at'),
    canceledAt: text('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ownership_transfers_policy_idx').on(t.policyId, t.createdAt),
    index('ownership_transfers_seller_sub_idx').on(t.sellerSubscriptionId),
    uniqueIndex('ownership_transfers_open_unique')
      .on(t.policyId)
      .where(sql`status IN ('offered', 'accepted')`),
  ],
)

/**
 * The refund of a cancellation the customer's state entitles them to (app/domain/state-rules.ts): the figures it was
 * computed from, and its way through the payments adapter. One per policy (`idempotency_key`), so a second submit finds
 * the first. A failed refund stays here, shown to the operator, until the daily job has paid it.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: id(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /** Who asked: the customer, or the operator on their behalf (with their reason). */
    reason: text('reason').notNull(),
    rule: text('rule', { enum: REFUND_RULES }).notNull(),
    grossCents: integer('gross_cents').notNull(),
    claimsDeductedCents: integer('claims_deducted_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    unusedDays: integer('unused_days'),
    periodDays: integer('period_days'),
    /** The state whose rules were applied; null: unknown, the most protective rule. */
    state: text('state'),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Stripe's refund id(s), space-separated when a free-look refund covers several invoices. */
    stripeRefundId: text('stripe_refund_id'),
    dueBy: text('due_by'), // YYYY-MM-DD, where the state sets a deadline
    /** The state's penalty for paying after `dueBy` (TX, NY: a share per month late), paid on top of `amountCents`. */
    penaltyCents: integer('penalty_cents').notNull().default(0),
    /**
     * The part of the penalty above what the card's payments could take back (a refund cannot exceed a charge): not
     * refunded to the card, but owed to the customer and paid by the operator by hand (the console lists it).
     */
    penaltyByHandCents: integer('penalty_by_hand_cents').notNull().default(0),
    /** When the operator paid that part by hand, and the payment's reference (a cheque number, a bank transfer id). */
    penaltyByHandPaidAt: text('penalty_by_hand_paid_at'),
    penaltyByHandReference: text('penalty_by_hand_reference'),
    /**
     * Who is refunded and from which subscription, when not the policy's owner and subscription now: the seller of a
     * plan passed to the vehicle's next owner is refunded the unused part of their own subscription's period
     * (docs/decisions/104-money-owed-said-before-it-happens.md). Null: the policy's own.
     */
    profileId: text('profile_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The service credit left on the customer's Stripe balance, paid back with this refund (part of `amountCents`). */
    balanceCreditCents: integer('balance_credit_cents').notNull().default(0),
    /**
     * What the card's payments could no longer give back because earlier refunds took it (a yearly payer's credit
     * refunded to the card): taken off `amountCents`, so a refund never asks for more than is left on the charges.
     */
    nettedCents: integer('netted_cents').notNull().default(0),
    createdAt: createdAt(),
    succeededAt: text('succeeded_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_policy_idx').on(t.policyId),
    // The daily retry and the console's count read only the refunds not yet paid.
    index('refunds_unpaid_idx')
      .on(t.status)
      .where(sql`status != 'succeeded'`),
  ],
)

/**
 * The credits ledger (app/models/money/credits.server.ts): one month's price credited for a missed service promise (once per
 * claim: the unique index), or a credit the operator added with a reason. Written before any money moves, so a failure
 * leaves a pending row the daily job retries (with the same idempotency key) and the operator sees; never lost, never
 * paid twice. The operator may waive a credit not yet paid.
 */
export const serviceCredits = sqliteTable(
  'service_credits',
  {
    id: id(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    /** The customer credited: the claimant of a missed promise, or the policy's owner. */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    claimId: text('claim_id').references(() => claims.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    method: text('method', { enum: CREDIT_METHODS }).notNull(),
    state: text('state', { enum: CREDIT_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Stripe's balance transaction or refund id(s), space-separated; null for the local ledger. */
    stripeId: text('stripe_id'),
    createdBy: text('created_by').notNull(),
    /** The one-time token of the operator's "Add credit" form: the same form posted twice writes one credit. */
    formToken: text('form_token'),
    waivedBy: text('waived_by'),
    waivedReason: text('waived_reason'),
    createdAt: createdAt(),
    appliedAt: text('applied_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_credits_policy_idx').on(t.policyId, t.createdAt),
    index('service_credits_profile_idx').on(t.profileId, t.createdAt),
    // One credit for a missed promise per claim, however often the daily job runs.
    uniqueIndex('service_credits_claim_missed_unique')
      .on(t.claimId)
      .where(sql`kind = 'missed_promise'`),
    uniqueIndex('service_credits_form_token_unique')
      .on(t.formToken)
      .where(sql`form_token IS NOT NULL`),
    // The daily retry and the console read only the credits not yet paid.
    index('service_credits_pending_idx')
      .on(t.state)
      .where(sql`state = 'pending'`),
  ],
)

/** The yearly reminder some states require (plan, price, how to cancel): one per policy and anniversary. */
export const yearlyReminders = sqliteTable(
  'yearly_reminders',
  {
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** 1 for the first anniversary of the purchase, 2 for the second, … */
    anniversary: integer('anniversary').notNull(),
    sentAt: text('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.anniversary] })],
)

/** The local test checkout's sessions: what Stripe would hold while payments are local. */
export const localCheckouts = sqliteTable('local_checkouts', {
  id: id(),
  lookupKey: text('lookup_key').notNull(),
  amountCents: integer('amount_cents').notNull(),
  partnerLocationId: text('partner_location_id').references(() => partnerLocations.id, { onDelete: 'set null' }),
  profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
  tosVersion: text('tos_version').notNull(),
  tosAcceptedAt: text('tos_accepted_at').notNull(),
  /** The buyer's state of residence, carried to the policy (`policies.governing_state`). */
  governingState: text('governing_state'),
  /** What the buyer consented to at signup, carried to the policy's consent record (app/models/people/consents.server.ts). */
  consent: text('consent', { mode: 'json' }).$type<ConsentFacts>(),
  cancelPath: text('cancel_path').notNull(),
  /** Set when this checkout pays for taking over a policy from its previous owner (not a new policy). */
  ownershipTransferId: text('ownership_transfer_id').references(() => ownershipTransfers.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  email: text('email'),
  fullName: text('full_name'),
  createdAt: createdAt(),
  completedAt: text('completed_at'),
})

/**
 * Where the product is sold: one row per state the operator opened or closed at /admin/states. A state without a row
 * follows the starting set from configuration (`SALES_STATES`; every state when unset). See docs/decisions/048.
 */
export const salesStates = sqliteTable('sales_states', {
  code: text('code').primaryKey(),
  isOpen: integer('is_open', { mode: 'boolean' }).notNull(),
  changedBy: text('changed_by').notNull(),
  changedAt: text('changed_at').notNull().$defaultFn(now),
})

/**
 * The facts a state needs before the product is sold there (app/domain/state-readiness.ts), as the operator filled
 * them in at /admin/states/:code; the contract prints them. No row: nothing filled in yet.
 */
export const stateFacts = sqliteTable('state_facts', {
  code: text('code').primaryKey(),
  registrationNumber: text('registration_number'),
  insurerName: text('insurer_name'),
  insurerAddress: text('insurer_address'),
  insurerPhone: text('insurer_phone'),
  administratorName: text('administrator_name'),
  administratorRegistration: text('administrator_registration'),
  /** Where the state asks for financial security (Texas): which kind (FINANCIAL_SECURITY_KINDS) and its particulars. */
  financialSecurityKind: text('financial_security_kind'),
  financialSecurityDetail: text('financial_security_detail'),
  updatedBy: text('updated_by').notNull(),
  updatedAt: text('updated_at').notNull().$defaultFn(now),
})

/**
 * The contract form (a terms version) filed with a state's regulator, where the state requires the form filed before
 * it is used (app/domain/state-readiness.ts `formFiling`): a terms version sells there only once its filing is recorded.
 */
export const stateFormFilings = sqliteTable(
  'state_form_filings',
  {
    code: text('code').notNull(),
    tosVersion: text('tos_version').notNull(),
    /** The day the regulator received the filing (YYYY-MM-DD), as its receipt says. */
    filedOn: text('filed_on').notNull(),
    /** The regulator's filing or approval number, when it gave one. */
    reference: text('reference'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: text('recorded_at').notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.code, t.tosVersion] })],
)

/**
 * Every paper letter: who it went to, which template, by which provider, certified or not, its tracking number and
 * cost. A letter the provider refused is kept failed for the daily retry and the operator; one with no address to go
 * to is held until the customer has one.
 */
export const letters = sqliteTable(
  'letters',
  {
    id: id(),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    policyId: text('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    /** The recipient's name and address as the letter was addressed (JSON MailingAddress). */
    recipient: text('recipient'),
    /** The letter's own text (JSON LetterContent), kept so a retry posts what was meant. */
    content: text('content').notNull(),
    certified: integer('certified', { mode: 'boolean' }).notNull(),
    provider: text('provider', { enum: ['lob', 'outbox'] }).notNull(),
    status: text('status', { enum: LETTER_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerLetterId: text('provider_letter_id'),
    trackingNumber: text('tracking_number'),
    costCents: integer('cost_cents'),
    /** A notice sent after its window had passed: sent at once and flagged for the operator. */
    late: integer('late', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
    /**
     * The day the letter goes into the mail: Lob's send date, or the moment the offline twin posts it. A notice's
     * period counts from it (app/models/policies/provider-cancellation.server.ts).
     */
    mailedAt: text('mailed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('letters_profile_idx').on(t.profileId),
    // The daily retry and the console read only the letters not posted.
    index('letters_unsent_idx')
      .on(t.status)
      .where(sql`status != 'sent'`),
  ],
)

/** What a buyer consented to at signup: the texts' versions, when, from where (travels with the checkout). */
export type ConsentFacts = {
  renewalTermsVersion: string
  esignVersion: string
  consentedAt: string
  clientIp: string | null
  userAgent: string | null
}

/**
 * The record of a buyer's express consent to automatic renewal and to electronic delivery, one per policy and buyer
 * (a policy passed to the vehicle's next owner has the next owner's too): what was
 * shown (terms, price, the renewal text's and the e-sign disclosure's versions), the state, the time, the address and
 * the browser. Kept three years after the policy ends, also when the account is deleted (then without the link to the
 * profile and without the address): docs/decisions/049.
 */
export const consentRecords = sqliteTable(
  'consent_records',
  {
    id: id(),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    tosVersion: text('tos_version').notNull(),
    priceCents: integer('price_cents').notNull(),
    renewalTermsVersion: text('renewal_terms_version').notNull(),
    esignVersion: text('esign_version').notNull(),
    governingState: text('governing_state'),
    consentedAt: text('consented_at').notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    anonymisedAt: text('anonymised_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_records_profile_idx').on(t.profileId),
    // One per buyer of the policy: its first buyer's from signup, and each next owner's from taking it over.
    uniqueIndex('consent_records_policy_buyer_unique').on(t.policyId, t.profileId),
  ],
)

/**
 * What a deleted account's policy keeps because its state's law requires it (domain/state-rules KEPT_RECORD_KINDS; the
 * rules in the state table's `recordsKept`): the holder's name and postal address as they were, the rule's statute,
 * the day coverage ended and the day the record may go. Read only by the operator; the daily job removes it, and what
 * it kept, on `may_go_on` (docs/decisions/105-deletion-keeps-the-records-the-law-requires.md).
 */
export const keptRecords = sqliteTable(
  'kept_records',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    policyId: text('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KEPT_RECORD_KINDS }).notNull(),
    statute: text('statute').notNull(),
    holderName: text('holder_name'),
    /** JSON MailingAddress (app/domain/letters.ts), as the account held it; null when it held none. */
    holderAddress: text('holder_address'),
    coverageEndedOn: text('coverage_ended_on').notNull(),
    /** The first day the record may be removed (YYYY-MM-DD, computed in app/domain/calendar.ts). */
    mayGoOn: text('may_go_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('kept_records_policy_kind_unique').on(t.policyId, t.kind, t.profileId),
    // The daily job reads the records whose day has come.
    index('kept_records_may_go_idx').on(t.mayGoOn),
  ],
)

export type KeptRecord = typeof keptRecords.$inferSelect

/** Every Stripe event id we have applied, recorded in the same transaction as its effect. */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    objectId: text('object_id'),
    processedAt: text('processed_at').notNull().$defaultFn(now),
  },
  (t) => [index('stripe_events_processed_idx').on(t.processedAt), index('stripe_events_object_idx').on(t.objectId, t.processedAt)],
)

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actor: text('actor').notNull(), // a profile id, or 'system' | 'stripe' | 'partner:<code>'
    action: text('action').notNull(), // one of AUDIT_ACTIONS (app/domain/audit.ts), e.g. 'policy.activated'
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actor, t.id),
    // The operator's activity page filters by action, newest first.
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
)

export const emailLog = sqliteTable(
  'email_log',
  {
    id: id(),
    to: text('to').notNull(),
    /** The account the e-mail was sent for: its history follows the account, not the address (which can change hands). */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    tag: text('tag'),
    transport: text('transport', { enum: ['postmark', 'outbox'] }).notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_log_created_idx').on(t.createdAt),
    index('email_log_to_idx').on(t.to, t.createdAt),
    index('email_log_profile_idx').on(t.profileId, t.createdAt),
  ],
)

/** vPIC's answers to VIN lookups (services/vehicle-data.server.ts), kept like the model lists: a VIN decodes the same way for weeks. */
export const vinDecodeCache = sqliteTable('vin_decode_cache', {
  vin: text('vin').primaryKey(), // normalised (domain/vin)
  decoded: text('decoded', { mode: 'json' })
    .$type<{ year: number | null; make: string | null; model: string | null; vehicleType: 'car' | 'trucksuv' | null }>()
    .notNull(),
  fetchedAt: text('fetched_at').notNull().$defaultFn(now),
})

export const vehicleModelCache = sqliteTable(
  'vehicle_model_cache',
  {
    make: text('make').notNull(), // lower case
    year: integer('year').notNull(),
    models: text('models', { mode: 'json' }).$type<string[]>().notNull(),
    fetchedAt: text('fetched_at').notNull().$defaultFn(now),
  },
  (t) => [primaryKey({ columns: [t.make, t.year] })],
)

/** Fixed-window counters; stored in SQLite so limits survive restarts. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: integer('window_started_at').notNull(), // epoch ms
  count: integer('count').notNull().default(0),
  blockedUntil: integer('blocked_until'), // epoch ms
})

export type Profile = typeof profiles.$inferSelect
export type Session = typeof sessions.$inferSelect
export type PartnerGroup = typeof partnerGroups.$inferSelect
export type PartnerLocation = typeof partnerLocations.$inferSelect
export type ShopStaffMember = typeof shopStaff.$inferSelect
export type Payout = typeof payouts.$inferSelect
export type Policy = typeof policies.$inferSelect
export type Vehicle = typeof vehicles.$inferSelect
export type PolicyPhoto = typeof policyPhotos.$inferSelect
export type Claim = typeof claims.$inferSelect
export type StormEvent = typeof stormEvents.$inferSelect
export type ClaimDocument = typeof claimDocuments.$inferSelect
export type ClaimDocumentDraft = typeof claimDocumentDrafts.$inferSelect
export type ClaimMessage = typeof claimMessages.$inferSelect
export type PhotoRequest = typeof photoRequests.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect
export type OwnershipTransfer = typeof ownershipTransfers.$inferSelect
export type PriceChange = typeof priceChanges.$inferSelect
export type Refund = typeof refunds.$inferSelect
export type ServiceCredit = typeof serviceCredits.$inferSelect
export type InvoiceDispute = typeof invoiceDisputes.$inferSelect
export type { PolicyStatus } from '../domain/policies'
export type PhotoType = (typeof PHOTO_TYPES)[number]
export type { ApprovalStatus } from '../domain/claims'

// --- kept by triggers (drizzle/0001_operator_scale.sql), in the same transaction as the change they count ----------

/** Policies and their monthly cents by plan, vehicle class, ADAS and status: the console's counts and MRR. */
export const policyStats = sqliteTable(
  'policy_stats',
  {
    planType: text('plan_type').notNull(),
    vehicleType: text('vehicle_type').notNull(), // '' for Chip Repair Only
    hasAdas: integer('has_adas').notNull(),
    status: text('status', { enum: POLICY_STATUSES }).notNull(),
    policies: integer('policies').notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planType, t.vehicleType, t.hasAdas, t.status] })],
)

export const WEEKLY_METRICS = ['new_policies', 'decisions', 'approvals', 'completed'] as const

/** Events per week (the Monday a week starts on, YYYY-MM-DD, UTC). */
export const weeklyStats = sqliteTable(
  'weekly_stats',
  {
    week: text('week').notNull(),
    metric: text('metric', { enum: WEEKLY_METRICS }).notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.metric] })],
)

/** How long decisions took, per week, in whole hours: the median comes from this histogram. */
export const decisionHours = sqliteTable(
  'decision_hours',
  {
    week: text('week').notNull(),
    hours: integer('hours').notNull(),
    decisions: integer('decisions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.hours] })],
)

/**
 * Claims by review status, appeals apart (`appeal` 1 for a claim with an appeal): the queue's and /admin's totals, read
 * in constant time however many claims wait (drizzle/ migration "claim_counts" holds the triggers).
 */
export const claimCounts = sqliteTable(
  'claim_counts',
  {
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull(),
    appeal: integer('appeal').notNull(),
    claims: integer('claims').notNull(),
  },
  (t) => [primaryKey({ columns: [t.approvalStatus, t.appeal] })],
)

/** A stable integer per profile for the search index (an explicit INTEGER PRIMARY KEY survives VACUUM). */
export const searchKeys = sqliteTable('search_keys', {
  key: integer('key').primaryKey({ autoIncrement: true }),
  profileId: text('profile_id')
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** Bumped by the triggers when anything searchable about the profile changes; re-indexes it. */
  revision: integer('revision').notNull().default(0),
})
export type Letter = typeof letters.$inferSelect

/**
 * A customer's consent to text messages about their claims: the mobile number (E.164) and what they agreed to (the
 * wording's version, app/content/texts-consent.ts), when, from which address and browser, like the signup consents.
 * A STOP reply or the customer's own opt-out ends it (stopped_at, and how); a new opt-in is a new row. The newest row
 * of a profile without stopped_at is the consent in force.
 */
export const TEXT_STOP_SOURCES = ['stop_reply', 'customer'] as const
export const TEXT_CONFIRM_SOURCES = ['code', 'yes_reply'] as const
export const textConsents = sqliteTable(
  'text_consents',
  {
    id: id(),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    wordingVersion: text('wording_version').notNull(),
    consentedAt: text('consented_at').notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    stoppedAt: text('stopped_at'),
    stoppedBy: text('stopped_by', { enum: TEXT_STOP_SOURCES }),
    /**
     * When the number proved it is the customer's: the code texted to it typed on the texts page ('code'), or a YES
     * replied from it ('yes_reply'). Until then the consent is pending and no claim text goes to the number
     * (docs/decisions/100-texts-number-confirmed-first.md).
     */
    confirmedAt: text('confirmed_at'),
    confirmedBy: text('confirmed_by', { enum: TEXT_CONFIRM_SOURCES }),
    /** The keyed hash of the code last texted to the number (never the code), its expiry, and the wrong codes typed. */
    codeHash: text('code_hash'),
    codeExpiresAt: text('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('text_consents_profile_idx').on(t.profileId, t.consentedAt),
    // A STOP reply finds the consents in force for the number it came from.
    index('text_consents_phone_idx')
      .on(t.phone)
      .where(sql`stopped_at IS NULL`),
  ],
)
export type TextConsent = typeof textConsents.$inferSelect

/**
 * The claim steps a customer is texted about (app/models/people/texts.server.ts), the answer to a HELP reply, and the code
 * that confirms a number before any claim text goes to it.
 */
export const TEXT_KINDS = [
  'claim_decided',
  'claim_booked',
  'claim_on_the_way',
  'claim_done',
  'help',
  'number_code',
  'texts_confirmed',
  'stop_confirmed',
] as const
/**
 * Every text sent or refused: to whom, about what, the words, the transport and the provider's id, or the reason the
 * provider refused it. A refusal is recorded here and logged; the claim goes on without it.
 */
export const textMessages = sqliteTable(
  'text_messages',
  {
    id: id(),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    claimId: text('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    toPhone: text('to_phone').notNull(),
    kind: text('kind', { enum: TEXT_KINDS }).notNull(),
    body: text('body').notNull(),
    transport: text('transport', { enum: ['twilio', 'outbox'] }).notNull(),
    status: text('status', { enum: TEXT_MESSAGE_STATUSES }).notNull(),
    providerMessageId: text('provider_message_id'),
    refusalReason: text('refusal_reason'),
    createdAt: createdAt(),
    /** When the text was handed to the provider (a queued one on a later day than created_at): the daily cap counts these. */
    sentAt: text('sent_at'),
  },
  (t) => [
    index('text_messages_profile_idx').on(t.profileId, t.createdAt),
    index('text_messages_claim_idx').on(t.claimId),
    index('text_messages_sent_idx').on(t.sentAt),
    // The daily job reads the queue oldest first.
    index('text_messages_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
  ],
)
export type TextMessage = typeof textMessages.$inferSelect

/**
 * Replies that reached the signed webhook, by the provider's message id: a second delivery of the same id (a replay)
 * is refused, and what the reply did is kept (a STOP ended texts, a HELP was answered, anything else ignored).
 */
export const textReplies = sqliteTable('text_replies', {
  messageSid: text('message_sid').primaryKey(),
  fromPhone: text('from_phone').notNull(),
  keyword: text('keyword', { enum: ['stop', 'help', 'start', 'other'] }).notNull(),
  receivedAt: text('received_at').notNull().$defaultFn(now),
})

/**
 * A shop's application to join the network, from the public "Join the network" page: the business, its locations
 * (JSON, as applied: name, street, city, state, ZIP, phone), its insurance, certifications and services. The operator
 * approves it (the partner group, its locations and the applicant as staff are created: partner_group_id) or declines
 * it with a reason.
 */
export const shopApplications = sqliteTable(
  'shop_applications',
  {
    id: id(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    locations: text('locations', { mode: 'json' })
      .$type<{ name: string; address: string; city: string; state: string; zip: string }[]>()
      .notNull(),
    insuranceCarrier: text('insurance_carrier').notNull(),
    insurancePolicyNumber: text('insurance_policy_number').notNull(),
    insuranceExpiresOn: text('insurance_expires_on').notNull(), // YYYY-MM-DD
    certifications: text('certifications'),
    offersChipRepair: integer('offers_chip_repair', { mode: 'boolean' }).notNull().default(false),
    offersReplacement: integer('offers_replacement', { mode: 'boolean' }).notNull().default(false),
    offersCalibration: integer('offers_calibration', { mode: 'boolean' }).notNull().default(false),
    mobileService: integer('mobile_service', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: SHOP_APPLICATION_STATUSES }).notNull().default('pending'),
    decidedAt: text('decided_at'),
    decidedBy: text('decided_by'),
    declineReason: text('decline_reason'),
    partnerGroupId: text('partner_group_id').references(() => partnerGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_applications_status_idx').on(t.status, t.createdAt),
    // The review page's latest decisions: read newest first and stopped at the page's count, not sorted from all of them.
    index('shop_applications_decided_idx').on(t.decidedAt),
  ],
)
export type ShopApplication = typeof shopApplications.$inferSelect

/**
 * The e-mail of a provider's cancellation notice (app/models/policies/provider-cancellation.server.ts), tried until it is
 * delivered: what it explains (kept so a retry sends what was meant), whether that e-mail is itself the notice the
 * state counts from (by_email: the state's channel is e-mail and the customer kept electronic delivery; otherwise the
 * letter is), the tries so far and when it went out. While a by_email notice is unsent the policy is not ended.
 */
export const providerCancelNotices = sqliteTable(
  'provider_cancel_notices',
  {
    policyId: text('policy_id')
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    explanation: text('explanation').notNull(),
    byEmail: integer('by_email', { mode: 'boolean' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: text('sent_at'),
    /** The letter that is the notice where the e-mail is not: the policy ends only once it is mailed, counted from then. */
    letterId: text('letter_id').references(() => letters.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The daily retry reads only the e-mails not delivered.
    index('provider_cancel_notices_unsent_idx')
      .on(t.attempts)
      .where(sql`sent_at IS NULL`),
  ],
)

/**
 * One shop staff member's e-mail of a price schedule version (app/models/shops/price-schedule.server.ts): a row for each
 * staff member of each active group when the version is published, tried by the daily job until it is delivered.
 */
export const priceScheduleNotices = sqliteTable(
  'price_schedule_notices',
  {
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => priceSchedules.id, { onDelete: 'cascade' }),
    shopStaffId: text('shop_staff_id')
      .notNull()
      .references(() => shopStaff.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: text('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.shopStaffId] }),
    // The daily retry and the operator's count read only the e-mails not delivered.
    index('price_schedule_notices_unsent_idx')
      .on(t.scheduleId)
      .where(sql`sent_at IS NULL`),
  ],
)

/**
 * A customer's rating of the shop location that did their completed job (app/domain/ratings.ts): one per claim, by its
 * claimant, editable for RATING_EDIT_DAYS. The shop may answer once, publicly; the operator may hide the comment's
 * words for a listed reason only (who and when kept here and in the audit log), and the score still counts.
 */
export const shopRatings = sqliteTable(
  'shop_ratings',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .unique()
      .references(() => claims.id, { onDelete: 'cascade' }),
    partnerLocationId: text('partner_location_id')
      .notNull()
      .references(() => partnerLocations.id, { onDelete: 'cascade' }),
    /** The group that did the job (the claim's), whose scorecard the rating feeds. */
    partnerGroupId: text('partner_group_id').references(() => partnerGroups.id, { onDelete: 'set null' }),
    /** The claimant who rated. */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    /** When the customer last changed the score or comment; null: as first given. */
    editedAt: text('edited_at'),
    /** The shop's one public answer, when, and who of its staff wrote it (their e-mail). */
    answer: text('answer'),
    answeredAt: text('answered_at'),
    answeredBy: text('answered_by'),
    /** The comment's words hidden by the operator, for one of the listed reasons; the score still counts. */
    hiddenReason: text('hidden_reason', { enum: RATING_HIDE_REASONS }),
    hiddenAt: text('hidden_at'),
    hiddenBy: text('hidden_by'),
  },
  (t) => [
    check(
      'shop_ratings_score_range',
      sql`${t.score} BETWEEN ${sql.raw(String(LOWEST_RATING_SCORE))} AND ${sql.raw(String(HIGHEST_RATING_SCORE))}`,
    ),
    // The shop choice's averages and latest comments of a few locations, and the shop's own list.
    index('shop_ratings_location_idx').on(t.partnerLocationId, t.createdAt),
    // A group's scorecard over its window.
    index('shop_ratings_group_idx').on(t.partnerGroupId, t.createdAt),
    // The network's average over a period (the public service record).
    index('shop_ratings_created_idx').on(t.createdAt, t.score),
  ],
)

export type ShopRating = typeof shopRatings.$inferSelect

/**
 * The public service record (/service-record and its CSV): one row per period (each of the last twelve calendar
 * months, YYYY-MM, and `last-30-days`), written whole by the daily job (app/models/operations/service-record.server.ts)
 * so the page and the CSV only read it. Only totals, never a claim or a person; a period with too few decided claims
 * to report (app/domain/service-record.ts) keeps its count and leaves every claim figure null.
 */
export const serviceRecordPeriods = sqliteTable('service_record_periods', {
  period: text('period').primaryKey(),
  /** The first and the last day the period covers (YYYY-MM-DD), as the page names it. */
  firstDay: text('first_day').notNull(),
  lastDay: text('last_day').notNull(),
  claimsDecided: integer('claims_decided').notNull(),
  decidedAtOnce: integer('decided_at_once'),
  /** The decisions by a person the times are measured on, and their median and 90th percentile, in minutes. */
  timedDecisions: integer('timed_decisions'),
  decisionMinutesP50: integer('decision_minutes_p50'),
  decisionMinutesP90: integer('decision_minutes_p90'),
  chipsJudged: integer('chips_judged'),
  chipsOnTime: integer('chips_on_time'),
  replacementsJudged: integer('replacements_judged'),
  replacementsOnTime: integer('replacements_on_time'),
  creditsPaid: integer('credits_paid'),
  creditsPaidCents: integer('credits_paid_cents'),
  appealsFiled: integer('appeals_filed'),
  appealsDecidedInTime: integer('appeals_decided_in_time'),
  appealsForCustomer: integer('appeals_for_customer'),
  shops: integer('shops').notNull(),
  ratings: integer('ratings').notNull(),
  ratingAverage: real('rating_average'),
  countedAt: text('counted_at').notNull(),
})

export type ServiceRecordPeriod = typeof serviceRecordPeriods.$inferSelect
