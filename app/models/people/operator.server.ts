import { and, desc, eq, gte, lt } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { auditLog, emailLog, prices, type Profile, profiles, stripeEvents } from '~/db/schema'
import type { AuditAction, AuditEntityType } from '~/domain/audit'
import { DEFAULT_OPERATOR_ZONE, endOfDayIn, isOperatorZone, type OperatorZone } from '~/domain/calendar'
import type { ActivityLog } from '~/domain/operator'
import { PAGE_SIZE } from '~/domain/paging'
import { env } from '~/env.server'
import { auditEntriesWithActor, recordAudit } from '~/models/operations/audit.server'

/** Whether this account is the operator's: the admin role, or an address the configuration names (ADMIN_EMAILS). */
export function isAdmin(profile: Pick<Profile, 'email' | 'role'> | null | undefined) {
  if (!profile) return false
  return profile.role === 'admin' || env().ADMIN_EMAILS.includes(profile.email.toLowerCase())
}

/** Read models for the operator console: the activity logs, and local prices. */

/** The activity logs (audit, e-mail, payment events), newest first, a page at a time, filtered by record and date. */

export type ActivityFilters = {
  log: ActivityLog
  /** Audit: the kind of record; with `id`, one record. E-mail: `id` is the recipient; payments: the Stripe object. */
  entity: AuditEntityType | null
  id: string
  /** Audit: one action (from AUDIT_ACTIONS). */
  action: AuditAction | null
  /** Days (YYYY-MM-DD, UTC), both included. */
  from: string
  to: string
}

function dayRange(column: Parameters<typeof gte>[0], from: string, to: string) {
  return [from ? gte(column, `${from}T00:00:00.000Z`) : undefined, to ? lt(column, nextDay(to)) : undefined]
}

function nextDay(day: string) {
  return endOfDayIn(day).toISOString()
}

/**
 * One page of a log: `PAGE_SIZE` rows and whether there are more (no total: counting a log of millions of rows would
 * cost what paging saves). Each filter is served by an index: entity (entity_type, entity_id, id), action (action,
 * created_at), date (created_at).
 */
export function activityPage(filters: ActivityFilters, page: number) {
  const offset = (page - 1) * PAGE_SIZE
  const take = <T>(rows: T[]) => ({ rows: rows.slice(0, PAGE_SIZE), hasNext: rows.length > PAGE_SIZE })
  switch (filters.log) {
    case 'audit': {
      const rows = auditEntriesWithActor()
        .where(
          and(
            filters.entity ? eq(auditLog.entityType, filters.entity) : undefined,
            filters.entity && filters.id ? eq(auditLog.entityId, filters.id) : undefined,
            filters.action ? eq(auditLog.action, filters.action) : undefined,
            ...dayRange(auditLog.createdAt, filters.from, filters.to),
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(PAGE_SIZE + 1)
        .offset(offset)
        .all()
      return { log: 'audit' as const, ...take(rows) }
    }
    case 'email': {
      const rows = db()
        .select()
        .from(emailLog)
        .where(
          and(
            filters.id ? eq(emailLog.to, filters.id.toLowerCase()) : undefined,
            ...dayRange(emailLog.createdAt, filters.from, filters.to),
          ),
        )
        .orderBy(desc(emailLog.createdAt))
        .limit(PAGE_SIZE + 1)
        .offset(offset)
        .all()
      return { log: 'email' as const, ...take(rows) }
    }
    case 'stripe': {
      const rows = db()
        .select()
        .from(stripeEvents)
        .where(
          and(
            filters.id ? eq(stripeEvents.objectId, filters.id) : undefined,
            ...dayRange(stripeEvents.processedAt, filters.from, filters.to),
          ),
        )
        .orderBy(desc(stripeEvents.processedAt))
        .limit(PAGE_SIZE + 1)
        .offset(offset)
        .all()
      return { log: 'stripe' as const, ...take(rows) }
    }
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
    recordAudit(tx, { actor: actorId, action: 'prices.updated', entityId: 'local', detail: changes })
  })
}

/** The zone this operator reads the console's times in: the one they chose, or the default. */
export function operatorZone(operator: { timeZone: string | null }): OperatorZone {
  return isOperatorZone(operator.timeZone) ? operator.timeZone : DEFAULT_OPERATOR_ZONE
}

export function setOperatorZone(operatorId: string, zone: OperatorZone) {
  db().update(profiles).set({ timeZone: zone }).where(eq(profiles.id, operatorId)).run()
}
