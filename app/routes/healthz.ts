import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { replicationStatus } from '~/services/replication.server'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * For Fly's health check: the database answers, the volume takes a write, and (with Litestream on) the replica is at
 * most REPLICATION_MAX_LAG_SECONDS behind: past that, changes accepted now could be lost with the machine.
 */
export async function loader() {
  const checks: Record<string, 'ok' | string> = {}
  try {
    db().get(sql`select 1`)
    checks.database = 'ok'
  } catch (error) {
    checks.database = error instanceof Error ? error.message : 'failed'
  }
  try {
    const probe = path.join(env().DATA_DIR, '.healthz')
    fs.writeFileSync(probe, new Date().toISOString())
    checks.volume = 'ok'
  } catch (error) {
    checks.volume = error instanceof Error ? error.message : 'failed'
  }
  const replication = replicationStatus()
  if (replication.state === 'live') {
    checks.replication =
      replication.lagSeconds <= replication.maxLagSeconds
        ? 'ok'
        : `${replication.lagSeconds} s behind (limit ${replication.maxLagSeconds} s)${replication.running ? '' : '; Litestream is not running'}`
  }
  const healthy = Object.values(checks).every((value) => value === 'ok')
  return Response.json(
    // Where the replica is stays private: the page is public.
    { status: healthy ? 'ok' : 'failing', checks, replication: omitReplica(replication) },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}

function omitReplica(status: ReturnType<typeof replicationStatus>) {
  if (status.state === 'off') return status
  const { replica: _replica, ...rest } = status
  return rest
}
