import { eq } from 'drizzle-orm'

import { type Db, db } from '~/db/client.server'
import { auditLog, profiles } from '~/db/schema'
import { type AuditAction, auditActionEntry } from '~/domain/audit'

/**
 * The one way an entry reaches the audit log. The action must be one of AUDIT_ACTIONS (app/domain/audit.ts), checked
 * by the compiler; the kind of record comes from that list, so an action is never filed under two kinds.
 */

export type AuditRecord = {
  /** Who did it: a profile id, or 'system', 'stripe', 'partner:<code>'. */
  actor: string
  action: AuditAction
  /** The record the action is about (its kind is the action's `entity`). */
  entityId: string
  /** What the operator needs to understand the entry later; none is stored as null. */
  detail?: Record<string, unknown>
}

/** Writes one entry with `database`: pass the transaction when the entry belongs to a change, so both commit or neither. */
export function recordAudit(database: Db, { actor, action, entityId, detail }: AuditRecord) {
  const known = auditActionEntry(action)
  // The type already refuses an unknown action; this catches one that reached here through a cast.
  if (!known) throw new Error(`Unknown audit action: ${action}`)
  database.insert(auditLog).values({ actor, action, entityType: known.entity, entityId, detail }).run()
}

/**
 * Audit entries with their actor's e-mail and role (null for an actor that is no profile: 'system', 'stripe', a shop),
 * for the pages that say who did what; the caller adds the filter and the order.
 */
export function auditEntriesWithActor() {
  return db()
    .select({ entry: auditLog, actorEmail: profiles.email, actorRole: profiles.role })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actor))
}
