import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { type ApprovalStatus, type Claim, claimCounts, claims, partnerGroups, partnerLocations, policies, profiles } from '~/db/schema'
import { overdueCutoff, responseHoursLeft, URGENCY_RANKS } from '~/domain/claims'
import { QUEUE_STATUSES, type QueueOrder, type QueueShow, type QueueStatus } from '~/domain/operator'
import { type Page, PAGE_SIZE, pageOf } from '~/domain/paging'
import type { PlanType } from '~/domain/plans'
import { claimantName } from '~/domain/privacy'
import { isPastPromise } from '~/domain/service-promise'

/**
 * The operator's claim list, a page at a time, from the index on (approval_status, waiting_since): the waiting claims
 * longest-waiting first (an appeal waits from its appeal), the decided ones newest first. Why:
 * docs/decisions/023-operator-console-at-scale.md.
 */

export type QueueFilters = {
  status: QueueStatus
  show: QueueShow
  damage: Claim['damageType'] | null
  /** The assigned shop's group, or for a claim not yet assigned, the group the customer signed up through. */
  group: string | null
  /** The waiting claims' order; decided claims are always newest first. */
  order: QueueOrder
}

export const DEFAULT_QUEUE_FILTERS: QueueFilters = { status: 'waiting', show: 'all', damage: null, group: null, order: 'oldest' }

/**
 * The urgency rank of domain/claims' urgencyOf, in SQL (0 most urgent): the same three ranks, so the queue sorts as the
 * shop's list does. Waiting claims are few next to all claims (a storm's day is thousands), so this sort is over them only.
 */
const urgencyRank = sql`(CASE WHEN ${claims.inLineOfSight} = 1 OR (${claims.damageType} = 'crack' AND ${claims.damageSize} = 'longer') THEN ${URGENCY_RANKS.unsafe} WHEN ${claims.damageType} = 'crack' THEN ${URGENCY_RANKS.crack} ELSE ${URGENCY_RANKS.chip} END)`

export type QueueRow = {
  id: string
  code: string
  customer: string
  email: string
  /** The claimant's account; null when no record names who filed the claim. */
  profileId: string | null
  planType: PlanType
  damageType: Claim['damageType']
  submittedAt: string
  appealedAt: string | null
  waitingSince: string
  filedLate: boolean
  reviewedAt: string | null
  partnerGroup: string | null
  /** Hours left on the 48-hour promise (waiting claims only). */
  hoursLeft: number | null
  /** An approved claim the shop has not finished within the service promise, or finished after it. */
  pastPromise: boolean
}

function conditions(filters: QueueFilters, now: Date): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(claims.approvalStatus, QUEUE_STATUSES[filters.status].approval)]
  if (filters.show === 'new') parts.push(isNull(claims.appealedAt))
  if (filters.show === 'appeal') parts.push(isNotNull(claims.appealedAt))
  if (filters.show === 'late') parts.push(eq(claims.filedLate, true))
  if (filters.show === 'overdue') parts.push(lt(claims.waitingSince, overdueCutoff(now).toISOString()))
  if (filters.damage) parts.push(eq(claims.damageType, filters.damage))
  if (filters.group) parts.push(sql`coalesce(${claims.assignedPartnerGroupId}, ${partnerLocations.partnerGroupId}) = ${filters.group}`)
  return and(...parts)
}

/**
 * Claims of a review status, from the counts the triggers keep in the same transaction as every claim (table
 * claim_counts): one row read however many claims there are. `appeal` true counts only appeals, false only the rest.
 */
export function claimCount(approvalStatus: ApprovalStatus, appeal?: boolean) {
  const rows = db()
    .select({ claims: claimCounts.claims })
    .from(claimCounts)
    .where(and(eq(claimCounts.approvalStatus, approvalStatus), appeal === undefined ? undefined : eq(claimCounts.appeal, appeal ? 1 : 0)))
    .all()
  return rows.reduce((total, row) => total + row.claims, 0)
}

/**
 * The number of claims the filters select: a status alone, or with new claims or appeals only, from the kept counts;
 * the other filters counted on the index (the group filter joins the signup location).
 */
export function countQueue(filters: QueueFilters, now = new Date()) {
  const approval = QUEUE_STATUSES[filters.status].approval
  if (!filters.damage && !filters.group && (filters.show === 'all' || filters.show === 'new' || filters.show === 'appeal')) {
    return claimCount(approval, filters.show === 'all' ? undefined : filters.show === 'appeal')
  }
  const base = db().select({ n: count() }).from(claims)
  const query = filters.group
    ? base
        .innerJoin(policies, eq(policies.id, claims.policyId))
        .leftJoin(partnerLocations, eq(partnerLocations.id, policies.partnerLocationId))
    : base
  return query.where(conditions(filters, now)).get()?.n ?? 0
}

/** One page of the list, or null when the page is past the last. */
export function claimQueue(filters: QueueFilters, page: number, now = new Date()): { page: Page; rows: QueueRow[] } | null {
  // One read transaction: the count and the page come from the same state of the table.
  return db()
    .$client.transaction(() => queuePage(filters, page, now))
    .deferred()
}

function queuePage(filters: QueueFilters, page: number, now: Date): { page: Page; rows: QueueRow[] } | null {
  const total = countQueue(filters, now)
  const slice = pageOf(page, total)
  if (!slice) return null
  const oldestFirst = filters.status === 'waiting'
  const byUrgency = oldestFirst && filters.order === 'urgent'
  const orderOf = (ascending: boolean) => [
    ...(byUrgency ? [ascending ? asc(urgencyRank) : desc(urgencyRank)] : []),
    ...(ascending ? [asc(claims.waitingSince), asc(sql`${claims}.rowid`)] : [desc(claims.waitingSince), desc(sql`${claims}.rowid`)]),
  ]
  const order = orderOf(oldestFirst)
  // A page in the second half is read from the other end of the index: the last page skips nothing, so the first and
  // the last page cost the same however long the list (only the middle pages skip up to half of it).
  const pageEnd = Math.min(total, slice.offset + PAGE_SIZE)
  const fromEnd = slice.offset > total - pageEnd
  // Two steps, so a deep page costs index steps, not joins: the page's rowids from the (approval_status, waiting_since)
  // index (OFFSET skips entries of the index only), then the 50 rows with their customer, plan and shop.
  const base = db()
    .select({ rowid: sql<number>`${claims}.rowid` })
    .from(claims)
  const keys = (
    filters.group
      ? base
          .innerJoin(policies, eq(policies.id, claims.policyId))
          .leftJoin(partnerLocations, eq(partnerLocations.id, policies.partnerLocationId))
      : base
  )
    .where(conditions(filters, now))
    .orderBy(...(fromEnd ? orderOf(!oldestFirst) : order))
    .limit(fromEnd ? pageEnd - slice.offset : PAGE_SIZE)
    .offset(fromEnd ? total - pageEnd : slice.offset)
    .all()
    .map((row) => row.rowid)
  const rows = keys.length
    ? db()
        // Only the columns a row shows: a claim has 22, and reading and mapping the rest was a third of the page's cost.
        .select({
          claim: {
            id: claims.id,
            confirmationCode: claims.confirmationCode,
            damageType: claims.damageType,
            submittedAt: claims.submittedAt,
            appealedAt: claims.appealedAt,
            waitingSince: claims.waitingSince,
            filedLate: claims.filedLate,
            reviewedAt: claims.reviewedAt,
            approvalStatus: claims.approvalStatus,
            repairType: claims.repairType,
            completedAt: claims.completedAt,
          },
          profileId: profiles.id,
          email: profiles.email,
          fullName: profiles.fullName,
          planType: policies.planType,
          groupName: partnerGroups.name,
        })
        .from(claims)
        .innerJoin(policies, eq(policies.id, claims.policyId))
        // The claimant (after a transfer, not the policy's owner today).
        .leftJoin(profiles, eq(profiles.id, claims.filedByProfileId))
        .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
        .where(inArray(sql`${claims}.rowid`, keys))
        .orderBy(...order)
        .all()
    : []
  return {
    page: slice,
    rows: rows.map(({ claim, profileId, email, fullName, planType, groupName }) => ({
      id: claim.id,
      code: claim.confirmationCode,
      customer: claimantName(email === null ? null : { fullName, email }),
      email: email ?? '',
      profileId,
      planType,
      damageType: claim.damageType,
      submittedAt: claim.submittedAt,
      appealedAt: claim.appealedAt,
      waitingSince: claim.waitingSince ?? claim.submittedAt,
      filedLate: claim.filedLate,
      reviewedAt: claim.reviewedAt,
      partnerGroup: groupName,
      hoursLeft: claim.approvalStatus === 'pending_review' ? responseHoursLeft(claim, now) : null,
      pastPromise: isPastPromise(claim, now),
    })),
  }
}

/** The partner groups a filter can name (active or not: old claims name inactive groups too). */
export function partnerGroupChoices() {
  return db().select({ id: partnerGroups.id, name: partnerGroups.name }).from(partnerGroups).orderBy(asc(partnerGroups.name)).all()
}
