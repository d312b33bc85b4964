import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { db } from '~/db/client.server'
import { policies } from '~/db/schema'
import { POLICY_NUMBER_PATTERN } from '~/domain/policies'
import { searchCustomers } from '~/models/people/customer-search.server'
import { fulfilCheckout } from '~/models/policies/fulfilment.server'
import { unusedPolicyNumber } from '~/models/policies/policies.server'

import { createPolicy, createProfile, ensureSeeded, uniqueEmail } from '../support/factories'

// The numbers the generator draws next, when a test sets them: how a collision is made to happen on purpose.
const drawn: string[] = []
vi.mock('~/domain/policies', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/domain/policies')>()
  return { ...actual, generatePolicyNumber: () => drawn.shift() ?? actual.generatePolicyNumber() }
})

afterEach(() => {
  drawn.length = 0
})

describe('policy numbers', () => {
  ensureSeeded()

  it('a paid checkout creates its policy with a GP- number', async () => {
    const { policy } = await fulfilCheckout({
      checkoutSessionId: `cs_number_${Date.now()}`,
      email: uniqueEmail(),
      fullName: 'Jamie Rivera',
      lookupKey: 'chip_only',
      monthlyPriceCents: 799,
      partnerLocationId: null,
      tosVersion: '1.0.1',
      tosAcceptedAt: new Date().toISOString(),
    })
    expect(policy.policyNumber).toMatch(POLICY_NUMBER_PATTERN)
  })

  it('are unique: a number taken is drawn again, and the database refuses a second policy with it or one without any', () => {
    const owner = createProfile()
    const first = createPolicy(owner.id)
    drawn.push(first.policyNumber, 'GP-FRESH2')
    expect(unusedPolicyNumber(db())).toBe('GP-FRESH2')

    expect(() => createPolicy(owner.id, { policyNumber: first.policyNumber })).toThrow(/UNIQUE constraint failed: policies\.policy_number/)
    const client = db().$client
    expect(() => client.prepare('UPDATE policies SET policy_number = NULL WHERE id = ?').run(first.id)).toThrow(
      /NOT NULL constraint failed: policies\.policy_number/,
    )
    const columns = client.prepare('SELECT * FROM policies WHERE id = ?').get(first.id) as Record<string, unknown>
    const copy = {
      ...columns,
      id: 'copy-without-number',
      policy_number: null,
      stripe_subscription_id: null,
      stripe_checkout_session_id: null,
    }
    const names = Object.keys(copy)
    expect(() =>
      client.prepare(`INSERT INTO policies (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...Object.values(copy)),
    ).toThrow(/NOT NULL constraint failed: policies\.policy_number/)
    expect(db().select().from(policies).where(eq(policies.id, first.id)).get()?.policyNumber).toBe(first.policyNumber)
  })

  it("the operator's customer search finds a policy's owner by its number, however it is typed", () => {
    const owner = createProfile({ fullName: 'Numbered Owner' })
    createPolicy(owner.id)
    const policy = createPolicy(owner.id)
    const bare = policy.policyNumber.slice(3)
    for (const typed of [policy.policyNumber, policy.policyNumber.toLowerCase(), `GP ${bare.slice(0, 3)} ${bare.slice(3)}`, `gp${bare}`]) {
      const found = searchCustomers(typed, 1)!
      expect(found.rows.map((row) => row.id)).toEqual([owner.id])
      expect(found.rows[0]!.policies.map((row) => row.policyNumber)).toContain(policy.policyNumber)
    }
    // A number nobody has finds nobody.
    const unknown = policy.policyNumber === 'GP-ZZZZZZ' ? 'GP-YYYYYY' : 'GP-ZZZZZZ'
    expect(searchCustomers(unknown, 1)!.rows).toEqual([])
  })
})
