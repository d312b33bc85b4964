import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { profiles, vehicles } from '~/db/schema'
import { deleteAccount, sendDeletionCode } from '~/models/people/privacy.server'

import { expectConsoleError } from '../support/console'
import { createActivePolicy, createProfile, getPolicy } from '../support/factories'
import { useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'

// Privacy self-service: "a failed deletion leaves the account whole". With Stripe connected, a subscription Stripe will not
// cancel stops the deletion before anything is removed.

useFakeStripe()

describe('deleting an account with Stripe', () => {
  it('stops, with the account whole, when a subscription cannot be cancelled', async () => {
    const profile = createProfile()
    const { policy, vehicle } = createActivePolicy(profile.id, {
      initialTermEndsAt: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString(),
      stripeSubscriptionId: 'sub_that_stripe_does_not_know',
    })
    await sendDeletionCode(profile)
    const code = /Code: (\d{6})/.exec(outboxFor(profile.email)[0]!.text)![1]!
    expectConsoleError(/cancelling the subscription of a policy failed|deleting a profile: cancelling a policy failed/)
    const failed = await deleteAccount(profile, code).catch((error: unknown) => error)
    expect(failed).toMatchObject({ status: 502, message: 'We could not delete your account. Nothing was deleted; please try again.' })
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()).toMatchObject({
      email: profile.email,
      fullName: profile.fullName,
    })
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()).toBeDefined()
    expect(getPolicy(policy.id)!.status).toBe('active')
  })
})
