import { asc, count, desc, eq, inArray, sum } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { claims, policies, type Policy, policyStats, profiles, searchKeys, type Vehicle, vehicles } from '~/db/schema'
import { normalizeCode } from '~/domain/claims'
import { type Page, PAGE_SIZE, pageOf } from '~/domain/paging'
import { normalizePolicyNumber, type PolicyStatus } from '~/domain/policies'
import { vehicleNameColumns } from '~/models/policies/vehicles.server'

/**
 * The operator's customer search (docs/decisions/023-operator-console-at-scale.md): one FTS5 document per customer,
 * kept by triggers (drizzle/0001), holds the e-mail, name, phone digits, plates, policy ids and claim codes. A query
 * matches the words typed as a phrase whose last word is a prefix, or the same characters run together (how plates,
 * phones, codes and e-mail addresses are also stored), so `jane.sm`, `Smith`, `abc-123`, `(555) 123` and `cs-7k` all
 * find their customer from the index, never by reading every row.
 */

export type CustomerRow = {
  id: string
  email: string
  fullName: string | null
  phone: string | null
  createdAt: string
  policies: (Pick<
    Policy,
    'id' | 'policyNumber' | 'planType' | 'vehicleType' | 'hasAdas' | 'status' | 'monthlyPriceCents' | 'initialTermEndsAt'
  > & {
    vehicle: Pick<Vehicle, 'year' | 'make' | 'model' | 'licensePlate' | 'licensePlateState'> | null
  })[]
}

const MAX_WORDS = 8

/**
 * The FTS5 query for what the operator typed, or null when it has no letter or digit to look for. Words hold only
 * letters and digits, so quoting them is safe; `*` makes the last word a prefix. An e-mail address or a claim code is
 * looked up run together, as one word of the document: its parts (`example`, `com`, `cs`) are in many documents, and
 * a phrase query reads the list of every document holding each of its words.
 */
export function ftsQueryOf(input: string) {
  const words = input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
  if (words.length === 0) return null
  const together = `"${words.join('')}"*`
  if (words.length === 1 || input.includes('@') || /^\s*cs-/i.test(input)) return together
  return `"${words.join(' ')}"* OR ${together}`
}

/** The customers with these ids, in this order, with their policies and vehicles. */
function customersByIds(ids: string[]): CustomerRow[] {
  if (ids.length === 0) return []
  const people = db()
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, phone: profiles.phone, createdAt: profiles.createdAt })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .all()
  const owned = db()
    .select({
      policy: {
        id: policies.id,
        policyNumber: policies.policyNumber,
        profileId: policies.profileId,
        planType: policies.planType,
        vehicleType: policies.vehicleType,
        hasAdas: policies.hasAdas,
        status: policies.status,
        monthlyPriceCents: policies.monthlyPriceCents,
        initialTermEndsAt: policies.initialTermEndsAt,
      },
      vehicle: vehicleNameColumns,
    })
    .from(policies)
    .leftJoin(vehicles, eq(vehicles.id, policies.vehicleId))
    .where(inArray(policies.profileId, ids))
    .orderBy(asc(policies.createdAt))
    .all()
  const byId = new Map(people.map((person) => [person.id, person]))
  return ids.flatMap((id) => {
    const person = byId.get(id)
    if (!person) return []
    const mine = owned.filter((row) => row.policy.profileId === id)
    return [{ ...person, policies: mine.map(({ policy: { profileId: _owner, ...policy }, vehicle }) => ({ ...policy, vehicle })) }]
  })
}

export type CustomerList = { page: Page; rows: CustomerRow[]; claim: { id: string; code: string } | null }

/** Customers matching `query` (newest first), a page at a time; null when the page is past the last. */
export function searchCustomers(query: string, page: number): CustomerList | null {
  const match = ftsQueryOf(query)
  const code = normalizeCode(query)
  const claim = code
    ? (db().select({ id: claims.id, code: claims.confirmationCode }).from(claims).where(eq(claims.confirmationCode, code)).get() ?? null)
    : null
  // A policy number (what a customer reads out on the phone) finds its owner through its unique index, exactly.
  const number = /^\s*gp/i.test(query) ? normalizePolicyNumber(query) : null
  const owner = number
    ? db().select({ profileId: policies.profileId }).from(policies).where(eq(policies.policyNumber, number)).get()
    : undefined
  if (owner) return pageOf(page, 1) ? { page: pageOf(page, 1)!, rows: customersByIds([owner.profileId]), claim } : null
  if (!match) return pageOf(page, 0) ? { page: pageOf(page, 0)!, rows: [], claim } : null
  const client = db().$client
  const total = (client.prepare('SELECT count(*) AS n FROM customer_search WHERE customer_search MATCH ?').get(match) as { n: number }).n
  const slice = pageOf(page, total)
  if (!slice) return null
  const ids = client
    .prepare(
      `SELECT k.profile_id AS id FROM customer_search s JOIN search_keys k ON k.key = s.rowid
       WHERE customer_search MATCH ? ORDER BY s.rowid DESC LIMIT ? OFFSET ?`,
    )
    .all(match, PAGE_SIZE, slice.offset) as { id: string }[]
  return { page: slice, rows: customersByIds(ids.map((row) => row.id)), claim }
}

/** Every customer, newest first (search_keys numbers them in the order they joined). */
export function newestCustomers(page: number): CustomerList | null {
  const total = db().select({ n: count() }).from(searchKeys).get()?.n ?? 0
  const slice = pageOf(page, total)
  if (!slice) return null
  const ids = db()
    .select({ id: searchKeys.profileId })
    .from(searchKeys)
    .orderBy(desc(searchKeys.key))
    .limit(PAGE_SIZE)
    .offset(slice.offset)
    .all()
  return { page: slice, rows: customersByIds(ids.map((row) => row.id)), claim: null }
}

/**
 * The customers of the policies in one status, by commitment end (index policies_status_idx), each with only that
 * policy. Counted from policy_stats.
 */
export function customersWithStatus(status: PolicyStatus, page: number): CustomerList | null {
  const total = Number(
    db()
      .select({ n: sum(policyStats.policies) })
      .from(policyStats)
      .where(eq(policyStats.status, status))
      .get()?.n ?? 0,
  )
  const slice = pageOf(page, total)
  if (!slice) return null
  const rows = db()
    .select({ id: policies.id, profileId: policies.profileId })
    .from(policies)
    .where(eq(policies.status, status))
    .orderBy(asc(policies.initialTermEndsAt))
    .limit(PAGE_SIZE)
    .offset(slice.offset)
    .all()
  const customers = new Map(customersByIds([...new Set(rows.map((row) => row.profileId))]).map((row) => [row.id, row]))
  return {
    page: slice,
    rows: rows.flatMap((row) => {
      const customer = customers.get(row.profileId)
      return customer ? [{ ...customer, policies: customer.policies.filter((policy) => policy.id === row.id) }] : []
    }),
    claim: null,
  }
}
