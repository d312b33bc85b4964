import { and, asc, eq } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type PartnerGroup, partnerGroups, shopStaff } from '~/db/schema'
import { normalizeEmail } from '~/domain/email'
import { recordAudit } from '~/models/operations/audit.server'

/**
 * Who works for a partner group. Staff sign in with the same e-mail link as customers; the shop's pages are theirs
 * while their address is on a group's list (looked up on each request, so a removal takes effect at once). Why the
 * role is a list of addresses and not a profile's role: docs/decisions/054-shop-staff-by-address.md.
 */

/** The group whose staff this address is, or null (an inactive group's staff have no shop pages). */
export function staffGroupOf(email: string): PartnerGroup | null {
  const row = db()
    .select({ group: partnerGroups })
    .from(shopStaff)
    .innerJoin(partnerGroups, eq(partnerGroups.id, shopStaff.partnerGroupId))
    .where(and(eq(shopStaff.email, normalizeEmail(email)), eq(partnerGroups.isActive, true)))
    .get()
  return row?.group ?? null
}

/** Every group's staff, by group id, oldest first: the partner console lists them under each group. */
export function staffByGroup() {
  const byGroup = new Map<string, { id: string; email: string; createdAt: string }[]>()
  for (const row of db().select().from(shopStaff).orderBy(asc(shopStaff.createdAt), asc(shopStaff.email)).all()) {
    const list = byGroup.get(row.partnerGroupId) ?? []
    list.push({ id: row.id, email: row.email, createdAt: row.createdAt })
    byGroup.set(row.partnerGroupId, list)
  }
  return byGroup
}

/** The group this address is already staff of (any group, active or not), for the console's refusal. */
export function staffMembership(email: string) {
  return (
    db()
      .select({ groupName: partnerGroups.name, groupId: partnerGroups.id })
      .from(shopStaff)
      .innerJoin(partnerGroups, eq(partnerGroups.id, shopStaff.partnerGroupId))
      .where(eq(shopStaff.email, normalizeEmail(email)))
      .get() ?? null
  )
}

/** Adds an address to a group's staff; null when the group does not exist. The caller checked it is nobody's yet. */
export function addShopStaff(actorId: string, groupId: string, email: string) {
  return transaction((tx) => {
    const group = tx.select().from(partnerGroups).where(eq(partnerGroups.id, groupId)).get()
    if (!group) return null
    const row = tx
      .insert(shopStaff)
      .values({ partnerGroupId: groupId, email: normalizeEmail(email), addedBy: actorId })
      .returning()
      .get()
    recordAudit(tx, { actor: actorId, action: 'partner_group.staff_added', entityId: groupId, detail: { email: row.email } })
    return row
  })
}

/** Removes one staff address (by its row); null when it is gone already. */
export function removeShopStaff(actorId: string, staffId: string) {
  return transaction((tx) => {
    const row = tx.delete(shopStaff).where(eq(shopStaff.id, staffId)).returning().get()
    if (!row) return null
    recordAudit(tx, { actor: actorId, action: 'partner_group.staff_removed', entityId: row.partnerGroupId, detail: { email: row.email } })
    return row
  })
}
