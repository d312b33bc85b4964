import { desc, eq, like, or } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { auditLog, emailLog, policies, prices, profiles, stripeEvents, vehicles } from '~/db/schema'

/** Read models for the operator console: customer and policy search, and the logs. */

const SEARCH_LIMIT = 50

export function searchPolicies(query: string) {
  const q = query.trim()
  const base = db()
    .select({ policy: policies, profile: { id: profiles.id, email: profiles.email, fullName: profiles.fullName }, vehicle: vehicles })
    .from(policies)
    .innerJoin(profiles, eq(profiles.id, policies.profileId))
    .leftJoin(vehicles, eq(vehicles.id, policies.vehicleId))
  if (!q) return base.orderBy(desc(policies.createdAt)).limit(SEARCH_LIMIT).all()
  const pattern = `%${q.replace(/[%_]/g, '')}%`
  return base
    .where(
      or(
        eq(policies.id, q),
        like(profiles.email, pattern.toLowerCase()),
        like(profiles.fullName, pattern),
        like(vehicles.licensePlate, pattern.toUpperCase()),
        eq(policies.stripeSubscriptionId, q),
      ),
    )
    .orderBy(desc(policies.createdAt))
    .limit(SEARCH_LIMIT)
    .all()
}

export type ActivityKind = 'audit' | 'email' | 'stripe'

export function recentActivity(kind: ActivityKind, limit = 100) {
  switch (kind) {
    case 'audit':
      return { kind, rows: db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit).all() }
    case 'email':
      return { kind, rows: db().select().from(emailLog).orderBy(desc(emailLog.createdAt)).limit(limit).all() }
    case 'stripe':
      return { kind, rows: db().select().from(stripeEvents).orderBy(desc(stripeEvents.processedAt)).limit(limit).all() }
  }
}

export function listPrices() {
  return db().select().from(prices).orderBy(prices.lookupKey).all()
}

/** Local mode only: the operator sets the monthly prices new signups pay (existing policies keep theirs). */
export function setPrices(actorId: string, changes: Record<string, number>) {
  return transaction((tx) => {
    for (const [lookupKey, amountCents] of Object.entries(changes)) {
      tx.insert(prices)
        .values({ lookupKey, amountCents })
        .onConflictDoUpdate({ target: prices.lookupKey, set: { amountCents, updatedAt: new Date().toISOString() } })
        .run()
    }
    tx.insert(auditLog).values({ actor: actorId, action: 'prices.updated', entityType: 'prices', entityId: 'local', detail: changes }).run()
  })
}
