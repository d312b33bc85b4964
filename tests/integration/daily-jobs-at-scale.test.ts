import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { runDailyJobs } from '~/jobs.server'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile } from '../support/factories'

/**
 * The daily jobs run inside the server, between requests: at 1,000,000 policies a pass over every row of a large table
 * blocks every page for as long as it takes (docs/benchmarks.md). So no statement the jobs run may scan a table that
 * grows with the business; each reads an index range that holds its work. Checked on the test database, which has no
 * planner statistics: the plans production gets before anything runs ANALYZE.
 */

/** The tables that grow with the number of policies. */
const GROWING = [
  'policies',
  'profiles',
  'claims',
  'policy_photos',
  'vehicles',
  'audit_log',
  'email_log',
  'consent_records',
  'sessions',
  'refunds',
  'yearly_reminders',
]

describe('the daily jobs at any size', () => {
  it('read index ranges of the growing tables, never every row', async () => {
    // Something for each job to look at: live policies bought a year and more ago, a claim completed for a group.
    for (const createdAt of ['2024-11-20T10:00:00.000Z', '2025-11-20T10:00:00.000Z', '2026-06-01T10:00:00.000Z']) {
      const { policy } = createActivePolicy(createProfile().id, { createdAt, governingState: 'CA' })
      createClaim(policy.id, { assignedPartnerGroupId: createPartnerGroup().id })
    }
    const client = db().$client
    const prepare = client.prepare
    const statements = new Set<string>()
    client.prepare = ((source: string) => {
      statements.add(source)
      return prepare.call(client, source)
    }) as typeof client.prepare
    try {
      await runDailyJobs(new Date('2026-11-25T12:00:00.000Z'))
    } finally {
      client.prepare = prepare
    }
    expect(statements.size).toBeGreaterThan(5)
    // A partial index holds only its condition's rows (the work); any other index read whole, or read for a status
    // most policies share, is a pass over the table by another name.
    const partial = new Set(
      GROWING.flatMap((table) =>
        (client.pragma(`index_list(${table})`) as { name: string; partial: number }[])
          .filter((index) => index.partial)
          .map((index) => index.name),
      ),
    )
    const scans: string[] = []
    for (const source of statements) {
      if (!/^\s*(select|update|delete|with)\b/i.test(source)) continue
      const params = Array.from({ length: (source.match(/\?/g) ?? []).length }, () => null)
      const plan = client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]
      for (const { detail } of plan) {
        const step = /^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?(?: \((.*)\))?/.exec(detail)
        if (!step || !GROWING.includes(step[2]!)) continue
        const [, kind, , index, constraint] = step
        const wholeTable = kind === 'SCAN' && !(index && partial.has(index))
        const everyLiveOne = kind === 'SEARCH' && /^status=\?$/.test(constraint ?? '') && !(index && partial.has(index))
        if (wholeTable || everyLiveOne) scans.push(`${detail}  ←  ${source}`)
      }
    }
    expect(scans).toEqual([])
  })
})
