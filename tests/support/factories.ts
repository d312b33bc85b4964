import { eq } from 'drizzle-orm'

import { createSession } from '~/auth/session.server'
import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import {
  type Claim,
  claims,
  partnerGroups,
  policies,
  type Policy,
  policyPhotos,
  priceScheduleAnswers,
  type Profile,
  profiles,
  refunds,
  vehicles,
} from '~/db/schema'
import { confirmTextConsents, recordTextsConsent } from '~/models/people/consents.server'
import { unusedPolicyNumber } from '~/models/policies/policies.server'
import { scheduleInForce } from '~/models/shops/price-schedule.server'

import { seed } from '../../drizzle/seed'
import { usToday } from './days'

/**
 * Test data made through the real database (no stand-ins). Used by integration tests (Vitest) and by e2e tests
 * (Playwright opens the e2e server's SQLite file: DATA_DIR is shared by the config).
 */

export function uniqueEmail(prefix = 'customer') {
  return `${prefix}-${createId(8)}@example.com`
}

export function ensureSeeded() {
  seed(db())
}

/**
 * A customer who agreed to claim texts at `phone` and confirmed it, as typing the texted code does (its journey is
 * tests/e2e/texts.spec.ts): for tests about what is texted afterwards.
 */
export function confirmedTextsConsent(profileId: string, phone: string) {
  const consent = recordTextsConsent({
    profileId,
    phone,
    clientIp: '203.0.113.9',
    userAgent: 'Test browser',
    code: { hash: 'not-a-code', expiresAt: new Date(Date.now() + 60_000).toISOString() },
  })
  return confirmTextConsents({ consentId: consent.id }, 'code')[0]!
}

export function createProfile(overrides: Partial<typeof profiles.$inferInsert> = {}): Profile {
  return db()
    .insert(profiles)
    .values({ email: uniqueEmail(), fullName: 'Jamie Rivera', ...overrides })
    .returning()
    .get()
}

/** The profile with this e-mail, made on first use (e.g. the operator, shared by many tests). */
export function findOrCreateProfile(email: string, overrides: Partial<typeof profiles.$inferInsert> = {}): Profile {
  const existing = db().select().from(profiles).where(eq(profiles.email, email.toLowerCase())).get()
  return existing ?? createProfile({ ...overrides, email: email.toLowerCase() })
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Overrides for a policy whose 12-month commitment binds (the product's own rule): a New York customer past the 30-day
 * free look, since New York lets a contract restrict cancellation after it (app/domain/state-rules.ts). A policy with
 * no state gets the most protective rule, under which the commitment never binds.
 */
export function commitmentBinding(daysSincePurchase = 40) {
  return { governingState: 'NY', createdAt: new Date(Date.now() - daysSincePurchase * DAY_MS).toISOString() }
}

/** Makes an existing policy (e.g. one a checkout created) one whose commitment binds: see `commitmentBinding`. */
export function bindCommitment(policyId: string, daysSincePurchase = 40) {
  return db().update(policies).set(commitmentBinding(daysSincePurchase)).where(eq(policies.id, policyId)).returning().get()!
}

export function createPolicy(profileId: string, overrides: Partial<typeof policies.$inferInsert> = {}): Policy {
  const now = new Date()
  return db()
    .insert(policies)
    .values({
      policyNumber: unusedPolicyNumber(db()),
      profileId,
      status: 'incomplete',
      planType: 'comprehensive',
      vehicleType: 'car',
      hasAdas: false,
      lookupKey: 'comprehensive_car_adas_false',
      monthlyPriceCents: 1999,
      billingInterval: 'month',
      initialTermEndsAt: new Date(now.getTime() + YEAR_MS).toISOString(),
      tosVersion: '1.0.1',
      tosAcceptedAt: now.toISOString(),
      ...overrides,
    })
    .returning()
    .get()
}

/** A policy whose setup is done: vehicle saved, three photo rows, status active. Photo files are not written. */
export function createActivePolicy(profileId: string, overrides: Partial<typeof policies.$inferInsert> = {}) {
  const vehicle = db()
    .insert(vehicles)
    .values({
      profileId,
      licensePlate: `T${createId(5).toUpperCase()}`,
      licensePlateState: 'UT',
      vehicleType: 'car',
      hasAdas: false,
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
    })
    .returning()
    .get()
  const policy = createPolicy(profileId, {
    status: 'active',
    windshieldPhotosUploaded: true,
    vehicleId: vehicle.id,
    coverageStartDate: usToday(),
    ...overrides,
  })
  for (const photoType of ['head_on', 'inside_drivers', 'inside_passengers'] as const) {
    db()
      .insert(policyPhotos)
      .values({
        policyId: policy.id,
        photoType,
        filePath: `policy-photos/${profileId}/${policy.id}/${photoType}.jpg`,
        fileName: `${photoType}.jpg`,
      })
      .run()
  }
  return { policy, vehicle }
}

export function createClaim(policyId: string, overrides: Partial<typeof claims.$inferInsert> = {}): Claim {
  // Filed by the policy's owner today, unless the test says otherwise (a claim of a previous owner's).
  const owner = db().select({ profileId: policies.profileId }).from(policies).where(eq(policies.id, policyId)).get()
  return db()
    .insert(claims)
    .values({
      policyId,
      filedByProfileId: owner?.profileId ?? null,
      damageType: 'chip',
      description: 'A rock hit the windshield on I-15.',
      confirmationCode: `CS-${createId(6)
        .toUpperCase()
        .replace(/[01ILO]/g, 'X')}`,
      ...overrides,
    })
    .returning()
    .get()
}

/** A free-look refund of the policy, already paid, as a cancellation leaves it; `overrides` for a late penalty. */
export function createRefund(policyId: string, overrides: Partial<typeof refunds.$inferInsert> = {}) {
  return db()
    .insert(refunds)
    .values({
      policyId,
      idempotencyKey: `test-${createId(8)}`,
      amountCents: 1999,
      reason: 'Customer asked.',
      rule: 'free_look',
      grossCents: 1999,
      claimsDeductedCents: 0,
      feeCents: 0,
      state: 'TX',
      provider: 'local',
      status: 'succeeded',
      ...overrides,
    })
    .returning()
    .get()
}

/**
 * A partner group that has accepted the price schedule in force (when one is): a shop gets jobs only then. A test of
 * the acceptance itself passes `{ acceptSchedule: false }`.
 */
export function createPartnerGroup(
  name = `Shop ${createId(4)}`,
  overrides: Partial<typeof partnerGroups.$inferInsert> = {},
  { acceptSchedule = true }: { acceptSchedule?: boolean } = {},
) {
  const group = db()
    .insert(partnerGroups)
    .values({ name, ...overrides })
    .returning()
    .get()
  const schedule = acceptSchedule ? scheduleInForce() : null
  if (schedule) {
    db()
      .insert(priceScheduleAnswers)
      .values({ partnerGroupId: group.id, scheduleId: schedule.id, accepted: true, answeredAt: new Date().toISOString() })
      .run()
  }
  return group
}

export function getPolicy(id: string) {
  return db().select().from(policies).where(eq(policies.id, id)).get()
}

/** The Cookie header value of a fresh signed-in session for the profile. */
export async function sessionCookieFor(profileId: string) {
  const setCookie = await createSession(profileId)
  return setCookie.split(';')[0]!
}
