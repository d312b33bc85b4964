import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claimCounts, claims } from '~/db/schema'
import { claimCount, claimQueue, DEFAULT_QUEUE_FILTERS } from '~/models/claims/claim-queue.server'
import { businessFigures, COUNTS_KEPT_MS, forgetClockCounts } from '~/models/operations/business.server'

import { createClaim, createPolicy, createProfile } from '../support/factories'

// The totals of the queue and /admin come from counts the triggers keep (claim_counts), read in constant time; the
// counts against the clock are reused for a minute and say when they were counted (docs/benchmarks.md, "At scale").

/** What the kept counts must always equal: the claims counted row by row. */
function countedByRow() {
  return db()
    .select({ approvalStatus: claims.approvalStatus, appeal: sql<number>`${claims.appealedAt} IS NOT NULL`, claims: sql<number>`count(*)` })
    .from(claims)
    .groupBy(claims.approvalStatus, sql`2`)
    .orderBy(claims.approvalStatus, sql`2`)
    .all()
}
function kept() {
  return db()
    .select({ approvalStatus: claimCounts.approvalStatus, appeal: claimCounts.appeal, claims: claimCounts.claims })
    .from(claimCounts)
    .where(sql`${claimCounts.claims} > 0`)
    .orderBy(claimCounts.approvalStatus, claimCounts.appeal)
    .all()
}

describe('claim counts kept in the same transaction', () => {
  const customer = createProfile()
  const policy = createPolicy(customer.id, { status: 'active' })

  it('follow every claim filed, decided, appealed, decided again and deleted', () => {
    const made = Array.from({ length: 7 }, (_, index) =>
      createClaim(policy.id, { submittedAt: new Date(Date.now() - index * 3_600_000).toISOString() }),
    )
    expect(kept()).toEqual(countedByRow())
    expect(claimCount('pending_review')).toBe(7)
    db().update(claims).set({ approvalStatus: 'denied', reviewedAt: new Date().toISOString() }).where(eq(claims.id, made[0]!.id)).run()
    db().update(claims).set({ approvalStatus: 'approved', reviewedAt: new Date().toISOString() }).where(eq(claims.id, made[1]!.id)).run()
    expect(kept()).toEqual(countedByRow())
    db()
      .update(claims)
      .set({ approvalStatus: 'pending_review', appealedAt: new Date().toISOString() })
      .where(eq(claims.id, made[0]!.id))
      .run()
    expect(claimCount('pending_review', true)).toBe(1)
    expect(claimCount('pending_review', false)).toBe(5)
    db().update(claims).set({ approvalStatus: 'denied' }).where(eq(claims.id, made[0]!.id)).run()
    db().update(claims).set({ description: 'Only the words changed.' }).where(eq(claims.id, made[2]!.id)).run()
    db().delete(claims).where(eq(claims.id, made[3]!.id)).run()
    expect(kept()).toEqual(countedByRow())
    expect(claimCount('pending_review')).toBe(4)
  })

  it('page the queue from its far end past the middle, in the same order as from the start', () => {
    for (let index = 0; index < 130; index++) {
      createClaim(policy.id, { submittedAt: new Date(Date.parse('2026-01-01T00:00:00Z') + (index % 40) * 60_000).toISOString() })
    }
    const total = claimCount('pending_review')
    const pages = Math.ceil(total / 50)
    const all = Array.from({ length: pages }, (_, index) => claimQueue(DEFAULT_QUEUE_FILTERS, index + 1)!.rows).flat()
    expect(all).toHaveLength(total)
    expect(new Set(all.map((row) => row.id)).size).toBe(total)
    // Longest waiting first; equal waits in the order they were written (a stable order, whichever end a page is read from).
    const expected = db()
      .select({ id: claims.id })
      .from(claims)
      .where(eq(claims.approvalStatus, 'pending_review'))
      .orderBy(claims.waitingSince, sql`${claims}.rowid`)
      .all()
    expect(all.map((row) => row.id)).toEqual(expected.map((row) => row.id))
  })

  it('reuses the counts against the clock for a minute, and says when they were counted', () => {
    forgetClockCounts()
    const now = new Date()
    const first = businessFigures(now)
    expect(first.countedAt).toBe(now.toISOString())
    createClaim(policy.id, { submittedAt: new Date(now.getTime() - 72 * 3_600_000).toISOString() }) // past the promise
    const later = new Date(now.getTime() + 30_000)
    const kept = businessFigures(later)
    expect(kept.waiting.overdue).toBe(first.waiting.overdue)
    expect(kept.waiting.total).toBe(first.waiting.total + 1) // the total is exact on every request
    expect(kept.countedAt).toBe(now.toISOString())
    const recounted = businessFigures(new Date(now.getTime() + COUNTS_KEPT_MS))
    expect(recounted.waiting.overdue).toBe(first.waiting.overdue + 1)
  })
})
