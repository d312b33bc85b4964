import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, yearlyReminders } from '~/db/schema'
import { runDailyJobs } from '~/jobs.server'
import { purchasesToRemind, sendYearlyReminders } from '~/models/policies/yearly-reminders.server'

import { createActivePolicy, createProfile } from '../support/factories'
import { outboxFor } from '../support/outbox'

/**
 * The yearly reminder to every subscriber (Minnesota and California require it; it costs nothing elsewhere): on each
 * anniversary of the purchase, once, for a plan still billed, and caught up when the job missed days.
 */

const at = (iso: string) => new Date(iso)
const BOUGHT = '2025-03-10T08:00:00.000Z'

function subscriber(state: string | null, overrides: Parameters<typeof createActivePolicy>[1] = {}) {
  const customer = createProfile()
  const { policy } = createActivePolicy(customer.id, { governingState: state, createdAt: BOUGHT, ...overrides })
  return { customer, policy }
}

const reminders = (email: string) => outboxFor(email).filter((mail) => mail.tag === 'yearly-reminder')

describe('the yearly reminder', () => {
  it('reaches a California subscriber on each anniversary, once, never before the first, and catches up missed days', async () => {
    const { customer, policy } = subscriber('CA')

    // The day before the first anniversary, and the anniversary's morning before the time of purchase: nothing.
    await sendYearlyReminders(at('2026-03-09T12:00:00Z'))
    await sendYearlyReminders(at('2026-03-10T07:59:00Z'))
    expect(reminders(customer.email)).toHaveLength(0)

    await sendYearlyReminders(at('2026-03-10T08:30:00Z'))
    await sendYearlyReminders(at('2026-03-10T20:00:00Z'))
    await sendYearlyReminders(at('2026-03-11T08:30:00Z'))
    const first = reminders(customer.email)
    expect(first).toHaveLength(1)
    expect(first[0]!.subject).toBe('Your Glass Plan subscription: a yearly reminder')
    expect(first[0]!.text).toContain(`Comprehensive — Car plan (policy ${policy.policyNumber}) since March 10, 2025`)
    expect(first[0]!.text).toContain('every month at $19.99 per month')
    expect(first[0]!.text).toContain('You can cancel online at any time')
    // The deadline to act before the next charge (April 10, at 1 a.m. in California), in US long form.
    expect(first[0]!.text).toContain('Your next charge is on April 10, 2026: to avoid it, cancel by April 9, 2026.')
    expect(first[0]!.text).toContain(`/customer/policies/${policy.id}/cancel`)

    // The job did not run on the second anniversary nor the two days after: the next run sends it.
    await sendYearlyReminders(at('2027-03-13T06:00:00Z'))
    await sendYearlyReminders(at('2027-03-14T06:00:00Z'))
    expect(reminders(customer.email)).toHaveLength(2)
    const rows = db().select().from(yearlyReminders).where(eq(yearlyReminders.policyId, policy.id)).all()
    expect(rows.map((row) => [row.anniversary, row.sentAt])).toEqual([
      [1, '2026-03-10T08:30:00.000Z'],
      [2, '2027-03-13T06:00:00.000Z'],
    ])
    const audited = db().select().from(auditLog).where(eq(auditLog.entityId, policy.id)).all()
    expect(audited.filter((row) => row.action === 'policy.yearly_reminder').map((row) => row.detail)).toEqual([
      { anniversary: 1, state: 'CA' },
      { anniversary: 2, state: 'CA' },
    ])
  })

  it('reaches every subscriber, whatever the state (Minnesota, Texas, New York, Florida, Ohio) or an unknown one, once', async () => {
    const everyone = [null, 'MN', 'TX', 'NY', 'FL', 'OH'].map((state) => subscriber(state))
    await sendYearlyReminders(at('2026-03-11T09:00:00Z'))
    await sendYearlyReminders(at('2026-03-12T09:00:00Z'))
    for (const one of everyone) expect(reminders(one.customer.email)).toHaveLength(1)
  })

  it('only for a plan still billed: not a cancelled one, nor one waiting for setup', async () => {
    const canceled = subscriber('CA', { status: 'canceled', canceledAt: '2025-12-01T00:00:00.000Z' })
    const incomplete = subscriber('CA', { status: 'incomplete' })
    const pastDue = subscriber('CA', { status: 'past_due' })
    await sendYearlyReminders(at('2026-03-12T09:00:00Z'))
    expect(reminders(canceled.customer.email)).toHaveLength(0)
    expect(reminders(incomplete.customer.email)).toHaveLength(0)
    expect(reminders(pastDue.customer.email)).toHaveLength(1)
  })

  it('a yearly payer is told the yearly price; an anniversary more than 30 days gone waits for the next', async () => {
    const yearly = subscriber('CA', { billingInterval: 'year', monthlyPriceCents: 19990 })
    const stale = subscriber('CA', { createdAt: '2025-01-02T08:00:00.000Z' })
    await sendYearlyReminders(at('2026-03-12T09:00:00Z'))
    expect(reminders(yearly.customer.email)[0]!.text).toContain('every year at $199.90 per year')
    expect(reminders(stale.customer.email)).toHaveLength(0)
    await sendYearlyReminders(at('2027-01-02T09:00:00Z'))
    expect(reminders(stale.customer.email)).toHaveLength(1)
  })

  it('two runs at once send it once; the daily job runs it', async () => {
    const one = subscriber('CA', { createdAt: '2025-06-01T08:00:00.000Z' })
    await Promise.all([sendYearlyReminders(at('2026-06-01T09:00:00Z')), sendYearlyReminders(at('2026-06-01T09:00:00Z'))])
    expect(reminders(one.customer.email)).toHaveLength(1)

    const two = subscriber(null, { createdAt: '2025-07-01T08:00:00.000Z' })
    const report = await runDailyJobs(at('2026-07-01T09:00:00Z'))
    expect(report.yearlyRemindersSent).toBeGreaterThanOrEqual(1)
    expect(reminders(two.customer.email)).toHaveLength(1)
  })
})

describe('the yearly reminders at any size', () => {
  it('read the purchase-date index around each anniversary, without the rows, not every policy', () => {
    const query = purchasesToRemind({ from: at('2025-10-20T00:00:00Z'), to: at('2025-11-27T00:00:00Z') }, 1).toSQL()
    const plan = db()
      .$client.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...query.params) as { detail: string }[]
    const steps = plan.map((step) => step.detail).join('\n')
    expect(steps).toMatch(/SEARCH policies USING COVERING INDEX policies_created_idx \(created_at>\? AND created_at<\?\)/)
    expect(steps).not.toMatch(/SCAN policies/)
  })
})
