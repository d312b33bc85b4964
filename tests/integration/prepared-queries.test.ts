import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { closeDatabase, db, preparedQuery } from '~/db/client.server'
import { profiles } from '~/db/schema'
import { listClaimsForProfile } from '~/models/claims/claims-read.server'
import { listPoliciesForProfile } from '~/models/policies/policies.server'

import { createActivePolicy, createClaim, createProfile } from '../support/factories'

test('a prepared query is built once per connection, and again on a new one', () => {
  let builds = 0
  const emailOf = preparedQuery((database) => {
    builds++
    return database
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder('id')))
      .prepare()
  })
  const profile = createProfile()
  expect(emailOf().get({ id: profile.id })?.email).toBe(profile.email)
  expect(emailOf().get({ id: 'nobody' })).toBeUndefined()
  expect(builds).toBe(1)

  // A closed connection's statements cannot run; the next connection gets its own.
  const first = db()
  closeDatabase()
  expect(db()).not.toBe(first)
  expect(emailOf().get({ id: profile.id })?.email).toBe(profile.email)
  expect(builds).toBe(2)
})

test("the dashboard's prepared reads give each customer their own policies and claims, newest first", () => {
  const customer = createProfile()
  const other = createProfile()
  const older = createActivePolicy(customer.id, { createdAt: '2026-01-01T00:00:00.000Z' }).policy
  const newer = createActivePolicy(customer.id, { createdAt: '2026-02-01T00:00:00.000Z' }).policy
  const othersPolicy = createActivePolicy(other.id).policy
  const claim = createClaim(newer.id)
  createClaim(othersPolicy.id)

  expect(listPoliciesForProfile(customer.id).map((policy) => policy.id)).toEqual([newer.id, older.id])
  expect(listPoliciesForProfile(other.id).map((policy) => policy.id)).toEqual([othersPolicy.id])
  expect(listClaimsForProfile(customer.id).map((row) => row.id)).toEqual([claim.id])
  expect(listPoliciesForProfile('nobody')).toEqual([])
})
