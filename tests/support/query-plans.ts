import { db } from '~/db/client.server'

/**
 * What the planner does with the statements a piece of code runs, on the test database: it has no planner statistics,
 * so these are the plans production gets before anything runs ANALYZE.
 */

/** The tables that grow with the number of policies. */
export const GROWING = [
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

/** Every SQL statement prepared while `run` runs. */
export async function statementsOf(run: () => unknown): Promise<Set<string>> {
  const client = db().$client
  const prepare = client.prepare
  const statements = new Set<string>()
  client.prepare = ((source: string) => {
    statements.add(source)
    return prepare.call(client, source)
  }) as typeof client.prepare
  try {
    await run()
  } finally {
    client.prepare = prepare
  }
  return statements
}

/** The steps of a statement's query plan ('SEARCH c USING INDEX …'), its parameters left null. */
export function planOf(source: string) {
  const params = Array.from({ length: (source.match(/\?/g) ?? []).length }, () => null)
  return (
    db()
      .$client.prepare(`EXPLAIN QUERY PLAN ${source}`)
      .all(...params) as { detail: string }[]
  ).map((step) => step.detail)
}

/**
 * The reads among `statements` that pass over a growing table: a scan of it, or a search by a status alone (most
 * policies share one). A partial index holds only its condition's rows (the work), so reading one whole is allowed.
 */
export function passesOverGrowingTables(statements: Iterable<string>) {
  const client = db().$client
  const partial = new Set(
    GROWING.flatMap((table) =>
      (client.pragma(`index_list(${table})`) as { name: string; partial: number }[])
        .filter((index) => index.partial)
        .map((index) => index.name),
    ),
  )
  const passes: string[] = []
  for (const source of statements) {
    if (!/^\s*(select|update|delete|with)\b/i.test(source)) continue
    for (const detail of planOf(source)) {
      const step = /^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?(?: \((.*)\))?/.exec(detail)
      if (!step || !GROWING.includes(step[2]!)) continue
      const [, kind, , index, constraint] = step
      const wholeTable = kind === 'SCAN' && !(index && partial.has(index))
      const everyLiveOne = kind === 'SEARCH' && /^status=\?$/.test(constraint ?? '') && !(index && partial.has(index))
      if (wholeTable || everyLiveOne) passes.push(`${detail}  ←  ${source}`)
    }
  }
  return passes
}
