import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { env } from '~/env.server'

/** For Fly's health check: the database answers and the volume takes a write. */
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
  const healthy = Object.values(checks).every((value) => value === 'ok')
  return Response.json(
    { status: healthy ? 'ok' : 'failing', checks },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
