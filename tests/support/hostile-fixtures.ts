/**
 * Data for the hostile-input suite (tests/e2e/hostile-input.spec.ts), made through the real schema in the DATA_DIR of
 * the server that suite starts: a signed-in customer with an active and an unfinished policy and claims in each state
 * that has a form, the operator signed in, and an open local checkout. Prints the ids and cookies as one JSON line.
 * Run with `npx tsx` and the server's DATA_DIR and SESSION_SECRET.
 */
import { db } from '~/db/client.server'
import { localCheckouts } from '~/db/schema'

import {
  createActivePolicy,
  createClaim,
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from './factories'

ensureSeeded()
const customer = createProfile()
const { policy } = createActivePolicy(customer.id)
const unfinished = createPolicy(customer.id)
const pending = createClaim(policy.id)
const denied = createClaim(policy.id, {
  approvalStatus: 'denied',
  reviewedAt: new Date().toISOString(),
  denialReason: 'Pre-existing damage.',
})
const approved = createClaim(policy.id, { approvalStatus: 'approved', reviewedAt: new Date().toISOString() })
const operator = findOrCreateProfile(process.env.ADMIN_EMAILS!.split(',')[0]!)
const checkout = db()
  .insert(localCheckouts)
  .values({
    lookupKey: 'chip_only',
    amountCents: 799,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
    cancelPath: '/signup',
  })
  .returning()
  .get()

console.log(
  JSON.stringify({
    customerCookie: await sessionCookieFor(customer.id),
    customerId: customer.id,
    // Signing out ends sessions: the sign-out rows use a customer of their own.
    throwawayCookie: await sessionCookieFor(createProfile().id),
    operatorCookie: await sessionCookieFor(operator.id),
    policyId: policy.id,
    unfinishedPolicyId: unfinished.id,
    pendingClaimId: pending.id,
    deniedClaimId: denied.id,
    approvedCode: approved.confirmationCode,
    checkoutId: checkout.id,
  }),
)
