import { eq } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { profiles, salesStates } from '~/db/schema'
import { type StateRules, stateRules } from '~/domain/state-rules'
import { US_STATES } from '~/domain/us-states'
import { env } from '~/env.server'

import { recordAudit } from './audit.server'

/**
 * Where the product is sold. The starting set comes from configuration (`SALES_STATES`, every state when unset, so the
 * embedded default sells everywhere); a state the operator opened or closed at /admin/states has a row, and the row
 * wins from then on (docs/decisions/048). Signup and every checkout ask `isSoldIn` before taking a customer.
 */

/** Whether the configuration's starting set holds `code` (every state when SALES_STATES is unset). */
function openByConfiguration(code: string) {
  const configured = env().SALES_STATES
  return configured === null || configured.includes(code)
}

/** Whether new customers living in `code` may sign up now. An unknown code is never sold. */
export function isSoldIn(code: string): boolean {
  if (!US_STATES.some((state) => state.code === code)) return false
  const row = db().select({ isOpen: salesStates.isOpen }).from(salesStates).where(eq(salesStates.code, code)).get()
  return row ? row.isOpen : openByConfiguration(code)
}

export type SalesStateRow = {
  code: string
  name: string
  isOpen: boolean
  /** Who last opened or closed it (the operator's e-mail) and when; null while it follows the configuration. */
  changedBy: string | null
  changedAt: string | null
  rules: StateRules
}

/** The 51 states (and DC), alphabetical by name, each with its sales status and the table's rules. */
export function listSalesStates(): SalesStateRow[] {
  const rows = new Map(
    db()
      .select({ code: salesStates.code, isOpen: salesStates.isOpen, changedAt: salesStates.changedAt, changedBy: profiles.email })
      .from(salesStates)
      .leftJoin(profiles, eq(profiles.id, salesStates.changedBy))
      .all()
      .map((row) => [row.code, row]),
  )
  return US_STATES.map(({ code, name }) => {
    const row = rows.get(code)
    return {
      code,
      name,
      isOpen: row ? row.isOpen : openByConfiguration(code),
      changedBy: row?.changedBy ?? null,
      changedAt: row?.changedAt ?? null,
      rules: stateRules(code),
    }
  })
}

/** Opens or closes sales in one state, audited with the status before and after. Existing plans are unchanged. */
export function setSalesState(actorId: string, code: string, isOpen: boolean, now = new Date()) {
  transaction((tx) => {
    const before = tx.select({ isOpen: salesStates.isOpen }).from(salesStates).where(eq(salesStates.code, code)).get()
    const wasOpen = before ? before.isOpen : openByConfiguration(code)
    const changedAt = now.toISOString()
    tx.insert(salesStates)
      .values({ code, isOpen, changedBy: actorId, changedAt })
      .onConflictDoUpdate({ target: salesStates.code, set: { isOpen, changedBy: actorId, changedAt } })
      .run()
    recordAudit(tx, {
      actor: actorId,
      action: isOpen ? 'sales_state.opened' : 'sales_state.closed',
      entityId: code,
      detail: { wasOpen, isOpen },
    })
  })
}
