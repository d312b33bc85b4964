import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, partnerLocations, serviceCredits, shopRatings } from '~/db/schema'
import { RECENT_PERIOD } from '~/domain/service-record'
import { runDailyJobs } from '~/jobs.server'
import { countServiceRecord, storedServiceRecord } from '~/models/operations/service-record.server'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile } from '../support/factories'

const now = new Date('2026-12-03T12:00:00.000Z')
const HOUR = 60 * 60 * 1000
const at = (iso: string, hours = 0) => new Date(new Date(iso).getTime() + hours * HOUR).toISOString()

/** A Los Angeles customer's policy (their days are Pacific time). */
function californian() {
  return createActivePolicy(createProfile().id, { governingState: 'CA' }).policy
}

describe('the service record in the daily job', () => {
  it('says nothing before its first count, then stores every period from the claims, credits, shops and ratings', async () => {
    expect(storedServiceRecord()).toEqual([])

    const group = createPartnerGroup('Record Glass')
    const location = db()
      .insert(partnerLocations)
      .values({
        partnerGroupId: group.id,
        name: 'Record Glass Downtown',
        slug: `record-glass-${Date.now()}`,
        zip: '90012',
        createdAt: '2026-01-05T00:00:00.000Z',
      })
      .returning()
      .get()
    // October: 20 claims decided by a person two hours after filing, one by the published rules at once (21 decided).
    for (let n = 0; n < 20; n++) {
      const filed = at('2026-10-06T16:00:00.000Z', n)
      createClaim(californian().id, {
        approvalStatus: 'denied',
        submittedAt: filed,
        reviewedAt: at(filed, 2),
        denialReason: 'Not covered.',
      })
    }
    const chip = createClaim(californian().id, {
      approvalStatus: 'completed',
      submittedAt: '2026-10-20T16:00:00.000Z',
      reviewedAt: '2026-10-20T16:00:01.000Z',
      decidedByRulesVersion: '3',
      assignedPartnerGroupId: group.id,
      chosenLocationId: location.id,
      repairType: 'repair',
      completedAt: '2026-10-21T20:00:00.000Z',
    })
    db()
      .insert(serviceCredits)
      .values({
        policyId: chip.policyId,
        claimId: chip.id,
        kind: 'missed_promise',
        amountCents: 1999,
        reason: 'Missed promise.',
        method: 'local_ledger',
        state: 'applied',
        createdBy: 'system',
        appliedAt: '2026-10-22T08:00:00.000Z',
      })
      .run()
    db()
      .insert(shopRatings)
      .values({
        claimId: chip.id,
        partnerLocationId: location.id,
        partnerGroupId: group.id,
        score: 4,
        createdAt: '2026-10-23T10:00:00.000Z',
      })
      .run()
    // Decided at 11:30 PM on November 30 in Los Angeles: November's on the customer's clock, December's in UTC.
    createClaim(californian().id, {
      approvalStatus: 'denied',
      submittedAt: '2026-12-01T05:00:00.000Z',
      reviewedAt: '2026-12-01T07:30:00.000Z',
      denialReason: 'Not covered.',
    })

    const report = await runDailyJobs(now)
    expect(report.serviceRecord).toEqual({ periods: 13, claimsRead: 22 })

    const record = storedServiceRecord()
    expect(record.map((row) => row.period)).toEqual([
      RECENT_PERIOD,
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
    ])
    const october = record.find((row) => row.period === '2026-10')!
    expect(october).toMatchObject({
      firstDay: '2026-10-01',
      lastDay: '2026-10-31',
      claimsDecided: 21,
      decidedAtOnce: 1,
      timedDecisions: 20,
      decisionMinutesP50: 120,
      decisionMinutesP90: 120,
      // The chip was approved at 9 AM and repaired 28 hours later: missed, and its credit paid.
      chipsJudged: 1,
      chipsOnTime: 0,
      replacementsJudged: 0,
      creditsPaid: 1,
      creditsPaidCents: 1999,
      appealsFiled: 0,
      shops: 1,
      ratings: 1,
      ratingAverage: 4,
      countedAt: now.toISOString(),
    })
    // November's one claim is too few to report: its count only.
    expect(record.find((row) => row.period === '2026-11')).toMatchObject({
      claimsDecided: 1,
      decidedAtOnce: null,
      chipsJudged: null,
      creditsPaid: null,
    })
    expect(record.find((row) => row.period === '2026-12')).toMatchObject({
      claimsDecided: 0,
      decidedAtOnce: null,
      shops: 1,
      ratings: 0,
      ratingAverage: null,
    })
    // The location joined in January: not in the network before then.
    expect(record.find((row) => row.period === '2026-01')!.shops).toBe(1)
    expect(record.find((row) => row.period === RECENT_PERIOD)).toMatchObject({
      firstDay: '2026-11-04',
      lastDay: '2026-12-03',
      claimsDecided: 1,
    })
  })

  it('replaces the stored record whole on every run, however often it runs', async () => {
    await Promise.all([countServiceRecord(now), countServiceRecord(now)])
    const later = new Date(now.getTime() + 40 * 24 * HOUR)
    await countServiceRecord(later)
    const record = storedServiceRecord()
    expect(record).toHaveLength(13)
    expect(record.map((row) => row.period).slice(1, 3)).toEqual(['2027-01', '2026-12'])
    expect(new Set(record.map((row) => row.countedAt))).toEqual(new Set([later.toISOString()]))
    expect(record.find((row) => row.period === '2026-10')!.claimsDecided).toBe(21)
  })

  it('reads every claim when many share one moment across the steps it reads in', async () => {
    const { policy } = createActivePolicy(createProfile().id, { governingState: 'TX' })
    const before = (await countServiceRecord(now)).claimsRead
    // More than one step's worth decided at the same millisecond: none is skipped, none read twice.
    db()
      .insert(claims)
      .values(
        Array.from({ length: 501 }, (_, n) => ({
          policyId: policy.id,
          description: 'A chip.',
          confirmationCode: `CS-SAME${String(n).padStart(3, '0')}`,
          approvalStatus: 'denied' as const,
          denialReason: 'Not covered.',
          submittedAt: '2026-09-14T15:00:00.000Z',
          reviewedAt: '2026-09-15T15:00:00.000Z',
        })),
      )
      .run()
    expect((await countServiceRecord(now)).claimsRead).toBe(before + 501)
    expect(storedServiceRecord().find((row) => row.period === '2026-09')).toMatchObject({
      claimsDecided: 501,
      decisionMinutesP50: 1440,
      decisionMinutesP90: 1440,
    })
  })
})
