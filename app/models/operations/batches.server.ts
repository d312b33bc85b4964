import { type Db, transaction } from '~/db/client.server'

/**
 * How the daily jobs work through many rows without holding up the requests the server is answering: SQLite work is
 * synchronous, so a long loop would block every page until it ends. The jobs yield to the event loop between steps,
 * and a backlog of e-mails (the first renewal run at 100,000 policies found 4,000) is claimed a batch at a time.
 */

/** Rows claimed per transaction: one commit (one fsync) per batch, not per row. */
export const BATCH_SIZE = 100

/** Lets the requests that arrived meanwhile be answered before the job goes on. */
export function yieldToRequests() {
  return new Promise<void>((resolve) => setImmediate(resolve))
}

/** The longest a job's loop over rows it has read runs before it lets the waiting requests be answered. */
export const STEP_BUDGET_MS = 8

/**
 * A clock for a loop whose rows cost unevenly (or more on a busy machine than on a quiet one): `due()` says when the
 * step has run its budget, and `yieldToRequests()` starts the next. A count of rows per step holds the server as long
 * as those rows take; a budget holds it about as long at any size and any load.
 */
export function stepClock(budgetMs = STEP_BUDGET_MS) {
  let since = performance.now()
  return {
    due: () => performance.now() - since >= budgetMs,
    async yieldToRequests() {
      await yieldToRequests()
      since = performance.now()
    },
  }
}

/**
 * Claims each of `ids` once and then delivers it: `claim` runs for a batch of ids inside one transaction and returns
 * what it claimed (null for an id another run got first, or one with nothing to deliver); after the commit `deliver`
 * runs for each claimed item. The event loop gets a turn before each delivery and before each further batch. A claim is what makes two runs at once safe, so
 * `deliver` must release it itself when it fails (so the next run tries again). Returns how many were delivered.
 */
export async function claimAndDeliver<Id, Claimed>(
  ids: readonly Id[],
  claim: (tx: Db, id: Id) => Claimed | null,
  deliver: (claimed: Claimed) => Promise<boolean>,
  { batchSize = BATCH_SIZE }: { batchSize?: number } = {},
) {
  let delivered = 0
  for (let start = 0; start < ids.length; start += batchSize) {
    if (start > 0) await yieldToRequests()
    const claimed = transaction((tx) =>
      ids.slice(start, start + batchSize).flatMap((id) => {
        const item = claim(tx, id)
        return item === null ? [] : [item]
      }),
    )
    for (const item of claimed) {
      await yieldToRequests()
      if (await deliver(item)) delivered++
    }
  }
  return delivered
}
