import { and, asc, eq } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type PartnerGroup, partnerGroups, type PartnerLocation, partnerLocations, partnerSlugRedirects } from '~/db/schema'
import { recordAudit } from '~/models/operations/audit.server'

/** Partner shop groups (who completes claims) and their locations (each with its own signup link). */

/** Where a location is and what it does, as the console's form sends it (app/validation/partners.ts). */
export type LocationPlace = {
  address?: string | null
  city?: string | null
  state?: string | null
  zip?: string | null
  phone?: string | null
  hours?: string | null
  mobileService?: boolean
  mobileRadiusMiles?: number | null
  offersChipRepair?: boolean
  offersReplacement?: boolean
  offersCalibration?: boolean
}

type LocationInput = { partnerGroupId: string; name: string; slug: string } & LocationPlace

/** The place fields to store: absent ones as empty, a radius only with mobile service. */
function placeValues(input: LocationPlace) {
  const mobileService = input.mobileService ?? false
  return {
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zip: input.zip ?? null,
    phone: input.phone ?? null,
    hours: input.hours ?? null,
    mobileService,
    mobileRadiusMiles: mobileService ? (input.mobileRadiusMiles ?? null) : null,
    offersChipRepair: input.offersChipRepair ?? true,
    offersReplacement: input.offersReplacement ?? true,
    offersCalibration: input.offersCalibration ?? false,
  }
}

export type PartnerGroupWithLocations = PartnerGroup & { locations: PartnerLocation[] }

export function listPartnerGroups(): PartnerGroupWithLocations[] {
  const groups = db().select().from(partnerGroups).orderBy(asc(partnerGroups.name)).all()
  const locations = db().select().from(partnerLocations).orderBy(asc(partnerLocations.name)).all()
  return groups.map((group) => ({ ...group, locations: locations.filter((location) => location.partnerGroupId === group.id) }))
}

/** The active location behind a signup link, or null (unknown and inactive look the same). */
export function findActiveLocationBySlug(slug: string) {
  return (
    db()
      .select()
      .from(partnerLocations)
      .where(and(eq(partnerLocations.slug, slug.toLowerCase()), eq(partnerLocations.isActive, true)))
      .get() ?? null
  )
}

/** Where an earlier signup link of a location now points: the location's current slug, or null. */
export function currentSlugFor(oldSlug: string) {
  const row = db()
    .select({ slug: partnerLocations.slug, isActive: partnerLocations.isActive })
    .from(partnerSlugRedirects)
    .innerJoin(partnerLocations, eq(partnerLocations.id, partnerSlugRedirects.partnerLocationId))
    .where(eq(partnerSlugRedirects.slug, oldSlug.toLowerCase()))
    .get()
  return row?.isActive ? row.slug : null
}

export function partnerGroupExists(id: string) {
  return Boolean(db().select({ id: partnerGroups.id }).from(partnerGroups).where(eq(partnerGroups.id, id)).get())
}

/**
 * Whether a signup link is in use: by a location now, or as an earlier link of another location (which redirects, so
 * giving it away would send old links to the wrong shop). A location may take back one of its own earlier links.
 */
export function slugTaken(slug: string, forLocationId?: string) {
  const current = db().select({ id: partnerLocations.id }).from(partnerLocations).where(eq(partnerLocations.slug, slug)).get()
  if (current && current.id !== forLocationId) return true
  const earlier = db()
    .select({ id: partnerSlugRedirects.partnerLocationId })
    .from(partnerSlugRedirects)
    .where(eq(partnerSlugRedirects.slug, slug))
    .get()
  return Boolean(earlier && earlier.id !== forLocationId)
}

/** Changed fields only, as { field: [before, after] }, for the audit entry. */
function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  return Object.fromEntries(
    Object.entries(after)
      .filter(([key, value]) => before[key] !== value)
      .map(([key, value]) => [key, [before[key], value]]),
  )
}

export function updatePartnerGroup(actorId: string, id: string, input: { name: string; email?: string | null; phone?: string | null }) {
  return transaction((tx) => {
    const before = tx.select().from(partnerGroups).where(eq(partnerGroups.id, id)).get()
    if (!before) return null
    const values = { name: input.name, email: input.email ?? null, phone: input.phone ?? null }
    const group = tx.update(partnerGroups).set(values).where(eq(partnerGroups.id, id)).returning().get()
    recordAudit(tx, {
      actor: actorId,
      action: 'partner_group.updated',
      entityId: id,
      detail: changes(before, values),
    })
    return group
  })
}

/** Edits a location; a changed slug keeps the old one as a redirect to the new. */
export function updatePartnerLocation(actorId: string, id: string, input: LocationInput) {
  return transaction((tx) => {
    const before = tx.select().from(partnerLocations).where(eq(partnerLocations.id, id)).get()
    if (!before) return null
    const values = { partnerGroupId: input.partnerGroupId, name: input.name, slug: input.slug.toLowerCase(), ...placeValues(input) }
    if (values.slug !== before.slug) {
      tx.delete(partnerSlugRedirects).where(eq(partnerSlugRedirects.slug, values.slug)).run() // taking back an earlier link
      tx.insert(partnerSlugRedirects).values({ slug: before.slug, partnerLocationId: id }).onConflictDoNothing().run()
    }
    const location = tx.update(partnerLocations).set(values).where(eq(partnerLocations.id, id)).returning().get()
    recordAudit(tx, {
      actor: actorId,
      action: 'partner_location.updated',
      entityId: id,
      detail: changes(before, values),
    })
    return location
  })
}

export function createPartnerGroup(actorId: string, input: { name: string; email?: string | null; phone?: string | null }) {
  return transaction((tx) => {
    const group = tx
      .insert(partnerGroups)
      .values({ name: input.name, email: input.email ?? null, phone: input.phone ?? null })
      .returning()
      .get()
    recordAudit(tx, {
      actor: actorId,
      action: 'partner_group.created',
      entityId: group.id,
      detail: { name: group.name },
    })
    return group
  })
}

export function createPartnerLocation(actorId: string, input: LocationInput) {
  return transaction((tx) => {
    const location = tx
      .insert(partnerLocations)
      .values({
        partnerGroupId: input.partnerGroupId,
        name: input.name,
        slug: input.slug.toLowerCase(),
        isActive: true,
        ...placeValues(input),
      })
      .returning()
      .get()
    recordAudit(tx, {
      actor: actorId,
      action: 'partner_location.created',
      entityId: location.id,
      detail: { slug: location.slug, zip: location.zip },
    })
    return location
  })
}

export function setPartnerGroupActive(actorId: string, groupId: string, isActive: boolean) {
  return transaction((tx) => {
    const changed = tx.update(partnerGroups).set({ isActive }).where(eq(partnerGroups.id, groupId)).run().changes
    if (changed)
      recordAudit(tx, {
        actor: actorId,
        action: isActive ? 'partner_group.activated' : 'partner_group.deactivated',
        entityId: groupId,
      })
    return changed > 0
  })
}

export function setPartnerLocationActive(actorId: string, locationId: string, isActive: boolean) {
  return transaction((tx) => {
    const changed = tx.update(partnerLocations).set({ isActive }).where(eq(partnerLocations.id, locationId)).run().changes
    if (changed)
      recordAudit(tx, {
        actor: actorId,
        action: isActive ? 'partner_location.activated' : 'partner_location.deactivated',
        entityId: locationId,
      })
    return changed > 0
  })
}

/** A group's active locations with the daily capacity each set, for the shop's own pages. */
export function groupLocations(groupId: string) {
  return db()
    .select({ id: partnerLocations.id, name: partnerLocations.name, dailyCapacity: partnerLocations.dailyCapacity })
    .from(partnerLocations)
    .where(and(eq(partnerLocations.partnerGroupId, groupId), eq(partnerLocations.isActive, true)))
    .orderBy(asc(partnerLocations.name))
    .all()
}

/**
 * The shop sets how many jobs a location takes a day (null: no limit); customers choosing a shop are offered only its
 * days with room. Another group's location is not found (false).
 */
export function setDailyCapacity(actorId: string, groupId: string, locationId: string, dailyCapacity: number | null) {
  return transaction((tx) => {
    const row = tx
      .update(partnerLocations)
      .set({ dailyCapacity })
      .where(and(eq(partnerLocations.id, locationId), eq(partnerLocations.partnerGroupId, groupId)))
      .returning({ name: partnerLocations.name })
      .get()
    if (row) recordAudit(tx, { actor: actorId, action: 'partner_location.capacity_set', entityId: locationId, detail: { dailyCapacity } })
    return row ?? null
  })
}
