import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

import { DAMAGE_TYPES } from '../domain/claims'
import { PLAN_TYPES, VEHICLE_TYPES } from '../domain/plans'
import { POLICY_STATUSES } from '../domain/policies'
import { createId } from './ids'

// Conventions: ids are random text; money is integer cents; times are ISO-8601 UTC text; booleans are 0/1.
const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => createId())
const now = () => new Date().toISOString()
const createdAt = () => text('created_at').notNull().$defaultFn(now)
const updatedAt = () => text('updated_at').notNull().$defaultFn(now).$onUpdateFn(now)

/** What a link or code proves: a sign-in, the ownership of a new e-mail address, or the wish to delete the account. */
export const VERIFICATION_PURPOSES = ['sign_in', 'change_email', 'delete_account'] as const
export const PHOTO_TYPES = ['head_on', 'inside_drivers', 'inside_passengers', 'other'] as const
export const APPROVAL_STATUSES = ['pending_review', 'approved', 'denied', 'completed'] as const
export const LIFECYCLE_STATUSES = ['submitted', 'in_review', 'approved', 'denied', 'completed'] as const
export const DOCUMENT_TYPES = ['damage_photo', 'invoice', 'repair_photo'] as const
export const REPAIR_TYPES = ['repair', 'replacement'] as const

export const profiles = sqliteTable('profiles', {
  id: id(),
  email: text('email').notNull().unique(), // stored lower case
  fullName: text('full_name'),
  phone: text('phone'),
  role: text('role', { enum: ['customer', 'admin'] })
    .notNull()
    .default('customer'),
  stripeCustomerId: text('stripe_customer_id').unique(),
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
  (t) => [index('sessions_profile_idx').on(t.profileId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partner_locations_group_idx').on(t.partnerGroupId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vehicles_profile_idx').on(t.profileId)],
)

export const policies = sqliteTable(
  'policies',
  {
    id: id(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: POLICY_STATUSES }).notNull().default('incomplete'),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }),
    hasAdas: integer('has_adas', { mode: 'boolean' }),
    lookupKey: text('lookup_key').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    billingInterval: text('billing_interval', { enum: ['month', 'year'] })
      .notNull()
      .default('month'),
    windshieldPhotosUploaded: integer('windshield_photos_uploaded', { mode: 'boolean' }).notNull().default(false),
    vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('policy_photos_slot_unique').on(t.policyId, t.generation, t.photoType, t.position)],
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
    damageType: text('damage_type', { enum: DAMAGE_TYPES }).notNull().default('chip'),
    description: text('description').notNull(),
    damageDate: text('damage_date'), // YYYY-MM-DD
    filedLate: integer('filed_late', { mode: 'boolean' }).notNull().default(false),
    lifecycleStatus: text('lifecycle_status', { enum: LIFECYCLE_STATUSES }).notNull().default('submitted'),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending_review'),
    confirmationCode: text('confirmation_code').notNull().unique(),
    assignedPartnerGroupId: text('assigned_partner_group_id').references(() => partnerGroups.id, {
      onDelete: 'set null',
    }),
    reviewedAt: text('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    denialReason: text('denial_reason'),
    appealText: text('appeal_text'),
    appealedAt: text('appealed_at'),
    completedAt: text('completed_at'),
    repairType: text('repair_type', { enum: REPAIR_TYPES }),
    actualCostCents: integer('actual_cost_cents'),
    partnerNotes: text('partner_notes'),
    createdAt: createdAt(),
    submittedAt: text('submitted_at').notNull().$defaultFn(now),
    updatedAt: updatedAt(),
    /** Since when the claim has waited for the operator: an appeal waits from its appeal (computed, never written). */
    waitingSince: text('waiting_since').generatedAlwaysAs(sql`coalesce(appealed_at, submitted_at)`, { mode: 'virtual' }),
  },
  (t) => [
    index('claims_policy_idx').on(t.policyId, t.createdAt),
    // The operator's queue: by status, longest waiting first. The filter columns ride along, so a filtered count or
    // page reads index entries only, never the rows (10× cheaper for a filter on 25,000 completed claims).
    index('claims_queue_idx').on(t.approvalStatus, t.waitingSince, t.damageType, t.filedLate, t.appealedAt, t.assignedPartnerGroupId),
    index('claims_reviewed_idx').on(t.reviewedAt),
    // Appeals waiting for a decision, against their 30-day deadline.
    index('claims_appeals_waiting_idx')
      .on(t.appealedAt)
      .where(sql`approval_status = 'pending_review' AND appealed_at IS NOT NULL`),
    // Partner statements: a group's completed claims by month.
    index('claims_group_completed_idx').on(t.assignedPartnerGroupId, t.completedAt),
  ],
)

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
    createdAt: createdAt(),
  },
  (t) => [index('claim_documents_claim_idx').on(t.claimId, t.documentType)],
)

/**
 * Files a shop uploaded with a completion that was refused (a bad cost, a missing photo): kept for the claim, shown
 * as already attached and used by the next submit unless replaced. Moved into claim_documents when
 * the claim is completed. Why: docs/decisions/032-nothing-chosen-is-lost-to-a-refusal.md.
 */
export const claimDocumentDrafts = sqliteTable(
  'claim_document_drafts',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: ['invoice', 'repair_photo'] }).notNull(),
    filePath: text('file_path').notNull(),
    thumbPath: text('thumb_path'),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_document_drafts_claim_idx').on(t.claimId, t.documentType)],
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
  cancelPath: text('cancel_path').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  email: text('email'),
  fullName: text('full_name'),
  createdAt: createdAt(),
  completedAt: text('completed_at'),
})

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
export type Policy = typeof policies.$inferSelect
export type Vehicle = typeof vehicles.$inferSelect
export type PolicyPhoto = typeof policyPhotos.$inferSelect
export type Claim = typeof claims.$inferSelect
export type ClaimDocument = typeof claimDocuments.$inferSelect
export type ClaimDocumentDraft = typeof claimDocumentDrafts.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect
export type PriceChange = typeof priceChanges.$inferSelect
export type { PolicyStatus } from '../domain/policies'
export type PhotoType = (typeof PHOTO_TYPES)[number]
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

// --- kept by triggers (drizzle/0001_operator_scale.sql), in the same transaction as the change they count ----------

/** Policies and their monthly cents by plan, vehicle class, ADAS and status: the console's counts and MRR. */
export const policyStats = sqliteTable(
  'policy_stats',
  {
    planType: text('plan_type').notNull(),
    vehicleType: text('vehicle_type').notNull(), // '' for Chip Repair Only
    hasAdas: integer('has_adas').notNull(),
    status: text('status').notNull(),
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
    approvalStatus: text('approval_status').notNull(),
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
