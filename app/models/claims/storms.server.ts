import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { claims, partnerGroups, partnerLocations, profiles, type StormEvent, stormEvents } from '~/db/schema'
import { addCalendarDays, dayOf } from '~/domain/calendar'
import { filingDeadline } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { parseMailingAddress } from '~/domain/letters'
import { STORM_MESSAGES } from '~/domain/messages'
import { areaCovers, daysOverlap, overlappingCode, readArea, storedArea, STORM_FILING_DAYS, type StormWindow } from '~/domain/storms'
import { recordAudit } from '~/models/operations/audit.server'
import { zipPlace, zipPrefixExists } from '~/services/zip-centroids.server'
import type { StormEventValues } from '~/validation/storms'

/** Storm mode: the storms the operator declares, the one a claim falls in, and the storm board's figures. */

export function toStormWindow(event: StormEvent): StormWindow {
  return {
    id: event.id,
    name: event.name,
    area: readArea(event.area),
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    filingDays: event.filingDays,
  }
}

/** The storms whose days include this day (a claim's damage date): at most a few, from the index on the days. */
export function stormsOn(day: string): StormWindow[] {
  return db()
    .select()
    .from(stormEvents)
    .where(and(gte(stormEvents.endsOn, day), lte(stormEvents.startsOn, day)))
    .all()
    .map(toStormWindow)
}

/** The storms a claim filed now could still fall in: damage on their last day is not yet past their filing window. */
export function openStormWindows(now = new Date()): StormWindow[] {
  const earliestEnd = dayOf(addCalendarDays(now, -(STORM_FILING_DAYS.max + 2)))
  return db()
    .select()
    .from(stormEvents)
    .where(gte(stormEvents.endsOn, earliestEnd))
    .orderBy(asc(stormEvents.startsOn), asc(stormEvents.name))
    .all()
    .map(toStormWindow)
    .filter((event) => filingDeadline(event.endsOn, event).getTime() >= now.getTime())
}

/**
 * Where the customer's vehicle is kept, as on file with us: the ZIP they gave for the shop search (or with an earlier
 * claim), else their mailing address's. A storm's window is read for this place, never for a ZIP typed with a claim,
 * or anyone could type a storm's ZIP to make a late claim on time. Null when nothing is on file.
 */
export function vehiclePlaceOnFile(profileId: string, database: Db = db()): string | null {
  const row = database
    .select({ zip: profiles.zip, mailingAddress: profiles.mailingAddress })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .get()
  return row?.zip ?? parseMailingAddress(row?.mailingAddress)?.zip.slice(0, 5) ?? null
}

/** The open storm windows that cover a place (the claim form shows only these, not every storm's area to everyone). */
export function openStormWindowsAt(zip: string | null, now = new Date()): StormWindow[] {
  return zip ? openStormWindows(now).filter((event) => areaCovers(event.area, zip)) : []
}

export function listStormEvents() {
  return db().select().from(stormEvents).orderBy(desc(stormEvents.startsOn), asc(stormEvents.name)).all().map(toStormWindow)
}

export function getStormEvent(id: string) {
  const event = db().select().from(stormEvents).where(eq(stormEvents.id, id)).get()
  return event ? toStormWindow(event) : null
}

/**
 * What declaring and editing a storm both refuse, next to its field: a first day after today, a ZIP the table lacks,
 * a prefix no ZIP starts with, and an area that overlaps a storm whose days overlap these (a claim must fall in one
 * storm at most, so its window is never in doubt). The overlap is read inside the write's transaction, so two writes
 * at once cannot both pass it. `editing` is the storm being changed, which cannot overlap itself.
 */
function checkStorm(tx: Db, values: StormEventValues, now: Date, editing: string | null = null) {
  if (values.startsOn > dayOf(now)) throw refuse('startsOn', STORM_MESSAGES.startInFuture)
  for (const code of values.area) {
    if (code.length === 5 && !zipPlace(code)) throw refuse('area', STORM_MESSAGES.unknownZip(code))
    if (code.length === 3 && !zipPrefixExists(code)) throw refuse('area', STORM_MESSAGES.unknownPrefix(code))
  }
  const sameDays = tx
    .select()
    .from(stormEvents)
    .where(and(gte(stormEvents.endsOn, values.startsOn), lte(stormEvents.startsOn, values.endsOn)))
    .all()
    .map(toStormWindow)
  for (const other of sameDays) {
    if (other.id === editing) continue
    const shared = daysOverlap(other, values) ? overlappingCode(values.area, other.area) : null
    if (shared) throw refuse('area', STORM_MESSAGES.overlaps(shared, other.name))
  }
}

/** Declares a storm, refused as checkStorm says. */
export function declareStormEvent(values: StormEventValues, operatorId: string, now = new Date()) {
  return transaction((tx) => {
    checkStorm(tx, values, now)
    const row = tx
      .insert(stormEvents)
      .values({
        name: values.name,
        area: storedArea(values.area),
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        filingDays: values.filingDays,
        declaredBy: operatorId,
      })
      .returning()
      .get()
    recordAudit(tx, {
      actor: operatorId,
      action: 'storm_event.declared',
      entityId: row.id,
      detail: { name: row.name, area: row.area, startsOn: row.startsOn, endsOn: row.endsOn, filingDays: row.filingDays },
    })
    return toStormWindow(row)
  })
}

/**
 * Changes a declared storm (a name mistyped, a ZIP forgotten, the days or the window corrected), refused as declaring
 * is. Claims already filed keep the storm and the deadline they were filed under: a filing decision is not re-run
 * behind the customer's back. Audited with the values before and after. Null when there is no such storm.
 */
export function editStormEvent(id: string, values: StormEventValues, operatorId: string, now = new Date()) {
  return transaction((tx) => {
    const before = tx.select().from(stormEvents).where(eq(stormEvents.id, id)).get()
    if (!before) return null
    checkStorm(tx, values, now, id)
    const row = tx
      .update(stormEvents)
      .set({
        name: values.name,
        area: storedArea(values.area),
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        filingDays: values.filingDays,
      })
      .where(eq(stormEvents.id, id))
      .returning()
      .get()
    const fields = ['name', 'area', 'startsOn', 'endsOn', 'filingDays'] as const
    const changed = fields.filter((field) => before[field] !== row[field])
    recordAudit(tx, {
      actor: operatorId,
      action: 'storm_event.edited',
      entityId: row.id,
      detail: Object.fromEntries(changed.map((field) => [field, { from: before[field], to: row[field] }])),
    })
    return toStormWindow(row)
  })
}

function refuse(field: string, description: string) {
  return RuleError.from({ title: STORM_MESSAGES.correct.title, description }, { field })
}

/** How many ZIPs and shops the board names; the rest are summed as "Other". */
export const BOARD_ROWS = 12

export type BoardRow = { label: string; value: number }

/** The rows past the first `BOARD_ROWS`, summed into one. */
function topRows(rows: BoardRow[]): BoardRow[] {
  if (rows.length <= BOARD_ROWS) return rows
  const rest = rows.slice(BOARD_ROWS - 1).reduce((total, row) => total + row.value, 0)
  return [...rows.slice(0, BOARD_ROWS - 1), { label: 'Other', value: rest }]
}

export type ShopBacklog = { location: string; open: number; dailyCapacity: number | null; days: number | null }

/**
 * The storm board: the storm's claims by ZIP and by shop, each shop's backlog in days (its open jobs, storm or not,
 * over the capacity it set), and how the claims were decided: by the published rules (decided_by_rules_version) or by
 * the operator, and how many still wait.
 */
export function stormBoard(eventId: string) {
  const ofStorm = eq(claims.stormEventId, eventId)
  const byZip = db()
    .select({ label: sql<string>`coalesce(${claims.vehicleZip}, 'No ZIP')`, value: count() })
    .from(claims)
    .where(ofStorm)
    .groupBy(claims.vehicleZip)
    .orderBy(desc(count()), asc(claims.vehicleZip))
    .all()
  const shopName = sql<string>`coalesce(${partnerLocations.name}, ${partnerGroups.name}, 'No shop yet')`
  const byShop = db()
    .select({ label: shopName, value: count() })
    .from(claims)
    .leftJoin(partnerLocations, eq(partnerLocations.id, claims.chosenLocationId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(ofStorm)
    .groupBy(shopName)
    .orderBy(desc(count()), asc(shopName))
    .all()
  const decisions = db()
    .select({
      automatic: sql<number>`coalesce(sum(${claims.decidedByRulesVersion} IS NOT NULL), 0)`,
      operator: sql<number>`coalesce(sum(${claims.decidedByRulesVersion} IS NULL AND ${claims.approvalStatus} <> 'pending_review'), 0)`,
      waiting: sql<number>`coalesce(sum(${claims.approvalStatus} = 'pending_review'), 0)`,
      late: sql<number>`coalesce(sum(${claims.filedLate}), 0)`,
      total: count(),
    })
    .from(claims)
    .where(ofStorm)
    .get()!
  const locationIds = db()
    .selectDistinct({ id: claims.chosenLocationId })
    .from(claims)
    .where(and(ofStorm, isNotNull(claims.chosenLocationId)))
    .all()
    .map((row) => row.id!)
  const backlog: ShopBacklog[] = locationIds.length
    ? db()
        .select({ location: partnerLocations.name, dailyCapacity: partnerLocations.dailyCapacity, open: count(claims.id) })
        .from(partnerLocations)
        .leftJoin(claims, and(eq(claims.chosenLocationId, partnerLocations.id), eq(claims.approvalStatus, 'approved')))
        .where(inArray(partnerLocations.id, locationIds))
        .groupBy(partnerLocations.id)
        .orderBy(desc(count(claims.id)), asc(partnerLocations.name))
        .all()
        .map((row) => ({ ...row, days: backlogDays(row.open, row.dailyCapacity) }))
    : []
  return { byZip: topRows(byZip), byShop: topRows(byShop), decisions, backlog }
}

/** Whole days of work waiting at a location at the capacity it set (null when it set none). */
export function backlogDays(open: number, dailyCapacity: number | null) {
  return dailyCapacity ? Math.ceil(open / dailyCapacity) : null
}
