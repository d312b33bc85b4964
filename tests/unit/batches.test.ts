import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog } from '~/db/schema'
import { recordAudit } from '~/models/operations/audit.server'
import { BATCH_SIZE, claimAndDeliver, STEP_BUDGET_MS, stepClock } from '~/models/operations/batches.server'

const ids = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`)

describe('claimAndDeliver', () => {
  it('claims every id a batch at a time, each batch in its own transaction, then delivers what it claimed', async () => {
    const events: string[] = []
    const delivered = await claimAndDeliver(
      ids(7, 'a'),
      (tx, id) => {
        expect(tx.$client.inTransaction).toBe(true)
        events.push(`claim ${id}`)
        return id === 'a-2' ? null : id // a-2: another run got it first
      },
      async (id) => {
        expect(db().$client.inTransaction).toBe(false)
        events.push(`deliver ${id}`)
        return id !== 'a-5' // a-5: the send failed
      },
      { batchSize: 3 },
    )
    expect(events).toEqual([
      ...['claim a-1', 'claim a-2', 'claim a-3', 'deliver a-1', 'deliver a-3'],
      ...['claim a-4', 'claim a-5', 'claim a-6', 'deliver a-4', 'deliver a-5', 'deliver a-6'],
      ...['claim a-7', 'deliver a-7'],
    ])
    expect(delivered).toBe(5) // six claimed, one send failed
  })

  it('lets waiting requests in before each delivery and between batches', async () => {
    const events: string[] = []
    // A request arriving while the job runs is answered in the next turn of the event loop.
    const arrive = (name: string) => setImmediate(() => events.push(`answered ${name}`))
    await claimAndDeliver(
      ids(5, 'b'),
      (_tx, id) => {
        events.push(`claim ${id}`)
        if (id === 'b-2') arrive('during the first batch')
        return id === 'b-5' ? id : null // only the last batch has anything to deliver
      },
      async (id) => {
        events.push(`deliver ${id}`)
        return true
      },
      { batchSize: 2 },
    )
    expect(events).toEqual([
      ...['claim b-1', 'claim b-2', 'answered during the first batch'],
      ...['claim b-3', 'claim b-4'],
      ...['claim b-5', 'deliver b-5'],
    ])

    const deliveries: string[] = []
    await claimAndDeliver(
      ids(3, 'c'),
      (_tx, id) => id,
      async (id) => {
        deliveries.push(`deliver ${id}`)
        setImmediate(() => deliveries.push(`answered after ${id}`))
        return true
      },
    )
    expect(deliveries).toEqual(['deliver c-1', 'answered after c-1', 'deliver c-2', 'answered after c-2', 'deliver c-3'])
  })

  it('commits each batch on its own: a failure in one keeps the batches before it', async () => {
    await expect(
      claimAndDeliver(
        ids(5, 'd'),
        (tx, id) => {
          recordAudit(tx, { actor: 'system', action: 'policy.renewal_notice', entityId: id })
          if (id === 'd-4') throw new Error('the disk is full')
          return id
        },
        async () => true,
        { batchSize: 3 },
      ),
    ).rejects.toThrow('the disk is full')
    const written = (id: string) => db().select().from(auditLog).where(eq(auditLog.entityId, id)).all().length
    expect(ids(5, 'd').map(written)).toEqual([1, 1, 1, 0, 0])
  })

  it('works in batches of 100 unless told otherwise', async () => {
    expect(BATCH_SIZE).toBe(100)
    const sizes: number[] = []
    let current = 0
    await claimAndDeliver(
      ids(250, 'e'),
      (_tx, id) => {
        current++
        return id
      },
      async () => {
        if (current) sizes.push(current)
        current = 0
        return true
      },
    )
    expect(sizes).toEqual([100, 100, 50])
  })
})

describe('stepClock', () => {
  const busyFor = (ms: number) => {
    const until = performance.now() + ms
    while (performance.now() < until) {
      // the job's synchronous work
    }
  }

  it('is due once the step has run its budget, and starts a new step after letting the waiting requests in', async () => {
    const step = stepClock(5)
    expect(step.due()).toBe(false)
    busyFor(6)
    expect(step.due()).toBe(true)
    const events: string[] = []
    setImmediate(() => events.push('answered'))
    await step.yieldToRequests()
    expect(events).toEqual(['answered'])
    expect(step.due()).toBe(false)
  })

  it('gives a step a few milliseconds unless told otherwise', () => {
    expect(STEP_BUDGET_MS).toBeGreaterThan(0)
    expect(STEP_BUDGET_MS).toBeLessThanOrEqual(10)
  })
})
