import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import {
  auditLog,
  claims,
  partnerGroups,
  partnerLocations,
  priceScheduleAnswers,
  priceScheduleNotices,
  priceSchedules,
  shopStaff,
} from '~/db/schema'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { formatPrice } from '~/domain/format'
import { earliestScheduleDay, type ScheduleAmounts } from '~/domain/price-schedule'
import { DAY_MS } from '~/domain/time'
import { runDailyJobs } from '~/jobs.server'
import { activePartnerGroups, approveClaim } from '~/models/claims/claim-review.server'
import { nearestShops } from '~/models/claims/shop-choice.server'
import { approveJobsForPayment, createPayout, markPayoutPaid } from '~/models/money/payouts.server'
import {
  groupsOfferedJobs,
  jobPriceView,
  publishSchedule,
  retryScheduleNotices,
  scheduleInForce,
  sendScheduleNotice,
} from '~/models/shops/price-schedule.server'
import * as adminScheduleRoute from '~/routes/admin.price-schedule'
import { loader as partnerLoader } from '~/routes/partner.complete-claim'
import * as shopListRoute from '~/routes/shop'
import * as jobRoute from '~/routes/shop.jobs.$claimId'
import { setEmailTransport } from '~/services/email.server'
import { getToast } from '~/toast.server'

import { expectConsoleError } from '../support/console'
import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  findOrCreateProfile,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { failingEmailTransport, outboxFor } from '../support/outbox'
import { jpegFile } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/**
 * The network's price schedule on a real SQLite file: publishing versions with notice, each group's answer gating the
 * jobs it is offered, and a job's price fixed at completion. The versions build on each other, in order.
 */

const FIRST: ScheduleAmounts = {
  chipRepair: 6_000,
  replacementCar: 35_000,
  replacementCarAdas: 42_000,
  replacementTrucksuv: 40_000,
  replacementTrucksuvAdas: 47_000,
  calibrationStatic: 25_000,
  calibrationDynamic: 20_000,
  mobileSurcharge: 3_000,
}
const dollars = (amounts: ScheduleAmounts) =>
  Object.fromEntries(Object.entries(amounts).map(([key, cents]) => [key, (cents / 100).toFixed(2)]))

const operator = () => findOrCreateProfile('operator@example.com')
const claimRow = (id: string) => db().select().from(claims).where(eq(claims.id, id)).get()!
const errorsOf = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error
const schedules = () => db().select().from(priceSchedules).all()

/** A group with a location near Salt Lake City offering everything, and one staff member signed in. */
async function shop(name: string, { acceptSchedule }: { acceptSchedule: boolean }) {
  const group = createPartnerGroup(name, {}, { acceptSchedule })
  db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${group.id.slice(0, 4).toLowerCase()}`,
      zip: '84101',
      offersCalibration: true,
    })
    .run()
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  const staffRow = db().insert(shopStaff).values({ partnerGroupId: group.id, email: staff.email, addedBy: operator().id }).returning().get()
  return { group, staff, staffRow, cookie: await sessionCookieFor(staff.id) }
}

/** A pending chip claim on a car plan with ADAS. */
function pendingClaim() {
  const { policy } = createActivePolicy(createProfile().id, { planType: 'comprehensive', hasAdas: true, vehicleType: 'car' })
  return createClaim(policy.id, { damageType: 'chip' })
}

const postAdmin = (cookie: string, form: Record<string, string>) =>
  settle(() => inOperatorArea(adminScheduleRoute.action)(routeArgs(makeRequest('/admin/price-schedule', { cookie, form }))))
const postShop = (cookie: string, form: Record<string, string>) =>
  settle(() => shopListRoute.action(routeArgs(makeRequest('/shop', { cookie, form }))))
const getShop = (cookie: string) => settle(() => shopListRoute.loader(routeArgs(makeRequest('/shop', { cookie }))))

describe('the price schedule for shops', () => {
  it('refuses a bad schedule next to its field, publishing nothing; only the operator may publish', async () => {
    const cookie = await sessionCookieFor(operator().id)
    const bad = await postAdmin(cookie, { ...dollars(FIRST), chipRepair: '60.005', replacementCar: '99999' })
    expect(bad.status).toBe(400)
    expect(errorsOf(bad).chipRepair).toEqual(['Chip repair: enter an amount in dollars, from $10.00 to $300.00.'])
    expect(errorsOf(bad).replacementCar).toEqual(['Replacement, car, no ADAS: enter an amount in dollars, from $50.00 to $3,000.00.'])
    expect(schedules()).toEqual([])

    const customer = await sessionCookieFor(createProfile().id)
    expect((await postAdmin(customer, dollars(FIRST))).status).toBe(404)
    const page = await settle(() =>
      inOperatorArea(adminScheduleRoute.loader)(routeArgs(makeRequest('/admin/price-schedule', { cookie: customer }))),
    )
    expect(page.status).toBe(404)
    expect(schedules()).toEqual([])
  })

  it('before any schedule every active group is offered jobs; the first takes effect at once and only groups that accepted it get jobs', async () => {
    const accepting = await shop('Accepting Glass', { acceptSchedule: false })
    const silent = await shop('Silent Glass', { acceptSchedule: false })
    expect(groupsOfferedJobs()).toBeNull()
    expect(activePartnerGroups().map((group) => group.id)).toEqual(expect.arrayContaining([accepting.group.id, silent.group.id]))

    const published = await postAdmin(await sessionCookieFor(operator().id), dollars(FIRST))
    expect(published.status).toBe(302)
    const [first] = schedules()
    expect(first).toMatchObject({ version: 1, ...FIRST, publishedBy: operator().id })
    expect(first!.effectiveAt).toBe(first!.publishedAt)
    expect(scheduleInForce()?.id).toBe(first!.id)

    // Neither has accepted yet: neither is offered to the operator, to the customer choosing, nor may be given a job.
    expect(activePartnerGroups().map((group) => group.id)).not.toContain(accepting.group.id)
    expect(nearestShops(['chip_repair'], '84101')!.map((option) => option.groupName)).not.toContain('Accepting Glass')
    const claim = pendingClaim()
    await expect(approveClaim({ claimId: claim.id, partnerGroupId: silent.group.id, actorId: operator().id })).rejects.toThrow(
      /has not accepted the price schedule/,
    )
    expect(claimRow(claim.id)).toMatchObject({ approvalStatus: 'pending_review', assignedPartnerGroupId: null })

    // The shop's page shows the schedule and the gate; the Accept form records the version, time and staff member.
    const before = (await getShop(accepting.cookie)).data as { schedule: { offeredJobs: boolean; current: { version: number } } }
    expect(before.schedule).toMatchObject({ offeredJobs: false, current: { version: 1 } })
    const accepted = await postShop(accepting.cookie, { intent: 'accept-schedule', scheduleId: first!.id })
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('Location')).toBe('/shop#price-schedule')
    const flash = await getToast(
      new Request('http://localhost:3999/shop', { headers: { Cookie: accepted.headers.get('Set-Cookie')!.split(';')[0]! } }),
    )
    expect(flash.toast).toMatchObject({ title: 'Schedule accepted', description: 'You accepted version 1 of the price schedule.' })
    expect(db().select().from(priceScheduleAnswers).where(eq(priceScheduleAnswers.partnerGroupId, accepting.group.id)).all()).toEqual([
      expect.objectContaining({ scheduleId: first!.id, accepted: true, answeredBy: accepting.staff.id, answeredAt: expect.any(String) }),
    ])
    expect(db().select().from(auditLog).where(eq(auditLog.entityId, accepting.group.id)).all()).toEqual([
      expect.objectContaining({
        actor: accepting.staff.id,
        action: 'partner_group.schedule_accepted',
        detail: { scheduleId: first!.id, version: 1 },
      }),
    ])
    expect(activePartnerGroups().map((group) => group.id)).toContain(accepting.group.id)
    expect(activePartnerGroups().map((group) => group.id)).not.toContain(silent.group.id)
    expect(nearestShops(['chip_repair'], '84101')!.map((option) => option.groupName)).toEqual(['Accepting Glass'])
    await approveClaim({ claimId: claim.id, partnerGroupId: accepting.group.id, actorId: operator().id })
    expect(claimRow(claim.id)).toMatchObject({ assignedPartnerGroupId: accepting.group.id, priceScheduleId: first!.id })

    // A staff member answers for their own group only: Silent Glass is still not offered jobs.
    expect(groupsOfferedJobs()!.has(silent.group.id)).toBe(false)
    // An unknown version is refused with a 409 and a message, nothing recorded.
    const stale = await postShop(silent.cookie, { intent: 'accept-schedule', scheduleId: 'no-such-version' })
    expect(stale.status).toBe(409)
    expect(errorsOf(stale).schedule).toEqual([
      'That version of the schedule is no longer in force or waiting. Reload the page to see the current one.',
    ])
    expect(db().select().from(priceScheduleAnswers).where(eq(priceScheduleAnswers.partnerGroupId, silent.group.id)).all()).toEqual([])
    // A customer has no shop page.
    expect((await postShop(await sessionCookieFor(createProfile().id), { intent: 'accept-schedule', scheduleId: first!.id })).status).toBe(
      404,
    )
  })

  it('a later version needs 30 days’ notice, is e-mailed to every group’s staff once, and a refusal stops new jobs from its date only', async () => {
    const keen = await shop('Keen Glass', { acceptSchedule: true })
    const refusing = await shop('Refusing Glass', { acceptSchedule: true })
    const cookie = await sessionCookieFor(operator().id)
    const now = new Date()

    // Too soon: refused next to the date, nothing published, nobody e-mailed.
    const tooSoon = new Date(Date.parse(`${earliestScheduleDay(now)}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)
    const refused = await postAdmin(cookie, { ...dollars(FIRST), chipRepair: '70', effectiveOn: tooSoon })
    expect(refused.status).toBe(400)
    expect(errorsOf(refused).effectiveOn?.[0]).toMatch(/^Choose the day it takes effect: .* or later \(30 days' notice to the shops\)\.$/)
    expect(schedules()).toHaveLength(1)
    expect(outboxFor(keen.staff.email)).toEqual([])

    const effectiveOn = earliestScheduleDay(now)
    expect((await postAdmin(cookie, { ...dollars(FIRST), chipRepair: '70', effectiveOn })).status).toBe(302)
    const second = schedules().find((row) => row.version === 2)!
    expect(second).toMatchObject({ chipRepair: 7_000, effectiveAt: `${effectiveOn}T00:00:00.000Z`, noticeSentAt: expect.any(String) })
    for (const staff of [keen.staff, refusing.staff]) {
      const mail = outboxFor(staff.email)
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({ tag: 'price-schedule-notice', subject: expect.stringContaining('version 2') })
      expect(mail[0]!.text).toContain('Chip repair: $70.00')
    }
    // Sent once: a second attempt (a retried request, the job) sends nothing.
    expect(await sendScheduleNotice(second.id, operator().id)).toBe(0)
    expect(outboxFor(keen.staff.email)).toHaveLength(1)

    // Both see it beside the one in force; one accepts, one refuses.
    const view = (await getShop(refusing.cookie)).data as { schedule: { current: { version: number }; pending: { version: number } } }
    expect(view.schedule).toMatchObject({ current: { version: 1 }, pending: { version: 2 } })
    expect((await postShop(keen.cookie, { intent: 'accept-schedule', scheduleId: second.id })).status).toBe(302)
    expect((await postShop(refusing.cookie, { intent: 'refuse-schedule', scheduleId: second.id })).status).toBe(302)

    // Until the date the refusing shop still gets jobs (version 1 is in force and it accepted that).
    const job = pendingClaim()
    await approveClaim({ claimId: job.id, partnerGroupId: refusing.group.id, actorId: operator().id })
    expect(claimRow(job.id)).toMatchObject({
      assignedPartnerGroupId: refusing.group.id,
      priceScheduleId: schedules().find((row) => row.version === 1)!.id,
    })

    // From the date it does not; the one that accepted does.
    const after = new Date(Date.parse(second.effectiveAt) + DAY_MS)
    expect(activePartnerGroups(after).map((group) => group.id)).not.toContain(refusing.group.id)
    expect(activePartnerGroups(after).map((group) => group.id)).toContain(keen.group.id)
    expect(nearestShops(['chip_repair'], '84101', 10, after)!.map((option) => option.groupName)).toEqual(['Keen Glass'])
    const late = pendingClaim()
    await expect(approveClaim({ claimId: late.id, partnerGroupId: refusing.group.id, actorId: operator().id }, after)).rejects.toThrow(
      /has not accepted the price schedule/,
    )
    // The job it was already given keeps going: it is still its job, priced by version 1.
    expect(claimRow(job.id)).toMatchObject({ approvalStatus: 'approved', assignedPartnerGroupId: refusing.group.id })
    expect(jobPriceView(job.id, after)).toMatchObject({ version: 1, paidCents: null })
  })

  it('the completion form shows what the job pays, and the price is fixed at completion: a later version does not change it', async () => {
    const fixer = await shop('Fixed Price Glass', { acceptSchedule: true })
    const inForce = scheduleInForce()!
    const claim = pendingClaim()
    await approveClaim({ claimId: claim.id, partnerGroupId: fixer.group.id, actorId: operator().id })

    const page = (
      await settle(() => jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: fixer.cookie }), { claimId: claim.id })))
    ).data as { price: { version: number; lines: { key: string; cents: number }[] } }
    expect(page.price.version).toBe(inForce.version)
    expect(page.price.lines.map((line) => [line.key, line.cents])).toEqual([
      ['repair', inForce.chipRepair],
      ['replacement', inForce.replacementCarAdas],
      ['static', inForce.calibrationStatic],
      ['dynamic', inForce.calibrationDynamic],
    ])

    // The code-only completion page shows the same lines.
    const byCode = await settle(() =>
      partnerLoader(
        routeArgs(
          makeRequest(`/partner/complete-claim?code=${claim.confirmationCode}`, { headers: { 'X-Forwarded-For': '203.0.113.181' } }),
        ),
      ),
    )
    expect((byCode.data as { view: { details: { price: unknown } } }).view.details.price).toEqual(page.price)

    const body = new FormData()
    body.append('intent', 'complete')
    body.append('repairType', 'repair')
    body.append('adasCalibration', 'none')
    body.append('actualCost', '55.00')
    body.append('invoice', await jpegFile('invoice.jpg'))
    body.append('repairPhotos', await jpegFile('after.jpg'))
    const done = await settle(() =>
      jobRoute.action(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: fixer.cookie, form: body }), { claimId: claim.id })),
    )
    expect(done.status).toBe(302)
    expect(claimRow(claim.id)).toMatchObject({
      approvalStatus: 'completed',
      priceScheduleId: inForce.id,
      scheduledPriceCents: inForce.chipRepair,
      invoiceHeldFor: null,
    })

    // A new version, once in force, leaves the completed job's price alone.
    await publishSchedule({
      actorId: operator().id,
      amounts: { ...FIRST, chipRepair: 12_000 },
      effectiveOn: earliestScheduleDay(new Date()),
    })
    const later = new Date(Date.now() + 40 * DAY_MS)
    expect(scheduleInForce(later)!.chipRepair).toBe(12_000)
    expect(claimRow(claim.id).scheduledPriceCents).toBe(inForce.chipRepair)
    expect(jobPriceView(claim.id, later)).toMatchObject({ version: inForce.version, paidCents: 5_500 })
  })

  it('a job invoiced under its schedule price shows the one amount it is paid: its page, the list, the payout and the remittance', async () => {
    const under = await shop('Under Price Glass', { acceptSchedule: true })
    db()
      .update(partnerGroups)
      .set({ email: uniqueEmail('under') })
      .where(eq(partnerGroups.id, under.group.id))
      .run()
    const inForce = scheduleInForce()!
    const claim = pendingClaim()
    await approveClaim({ claimId: claim.id, partnerGroupId: under.group.id, actorId: operator().id })
    const body = new FormData()
    body.append('intent', 'complete')
    body.append('repairType', 'repair')
    body.append('adasCalibration', 'none')
    body.append('actualCost', '41.00')
    body.append('invoice', await jpegFile('invoice.jpg'))
    body.append('repairPhotos', await jpegFile('after.jpg'))
    const done = await settle(() =>
      jobRoute.action(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: under.cookie, form: body }), { claimId: claim.id })),
    )
    expect(done.status).toBe(302)
    // The schedule's price is the ceiling, above what was invoiced; the job is paid the invoice.
    expect(claimRow(claim.id).scheduledPriceCents).toBe(inForce.chipRepair)
    expect(inForce.chipRepair).toBeGreaterThan(4_100)
    const page = (
      await settle(() => jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: under.cookie }), { claimId: claim.id })))
    ).data as { price: { paidCents: number | null } }
    expect(page.price.paidCents).toBe(4_100)
    const list = (await settle(() => shopListRoute.loader(routeArgs(makeRequest('/shop', { cookie: under.cookie }))))).data as {
      done: { id: string; paidCents: number | null }[]
    }
    expect(list.done.find((job) => job.id === claim.id)?.paidCents).toBe(4_100)

    // The payout and its remittance carry the same amount.
    approveJobsForPayment({ claimIds: [claim.id], actorId: operator().id })
    const { payout } = createPayout({ groupId: under.group.id, claimIds: [claim.id], actorId: operator().id })
    expect(payout.totalCents).toBe(4_100)
    const paid = await markPayoutPaid({ payoutId: payout.id, reference: `WIRE-${claim.id.slice(0, 6)}`, actorId: operator().id })
    expect(paid.remittance?.sent).toBe(true)
    const remittance = outboxFor(paid.remittance!.to!).find((message) => message.text.includes('WIRE-'))!
    expect(remittance.text).toContain('$41.00')
    expect(remittance.text).not.toContain(formatPrice(inForce.chipRepair))
  })
})

describe('the price schedule notice, tried until each staff member has it', () => {
  afterEach(() => setEmailTransport(undefined))
  const notices = (email: string) => outboxFor(email).filter((message) => message.tag === 'price-schedule-notice')
  const overviewOf = async (scheduleId: string) => {
    const page = await settle(() =>
      inOperatorArea(adminScheduleRoute.loader)(routeArgs(makeRequest('/admin/price-schedule', { cookie: operatorCookie }))),
    )
    const { versions } = page.data as { versions: { id: string; untold: number; givenUp: number }[] }
    return versions.find((version) => version.id === scheduleId)!
  }
  let operatorCookie = ''

  it('a staff member whose e-mail failed gets it on the next daily run; the operator sees how many are not yet told', async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    operatorCookie = await sessionCookieFor(operator().id)
    const told = await shop('Told Glass', { acceptSchedule: true })
    const untold = await shop('Untold Glass', { acceptSchedule: true })
    setEmailTransport(failingEmailTransport([untold.staff.email]))
    const published = await publishSchedule({
      actorId: operator().id,
      amounts: { ...FIRST, chipRepair: 8_000 },
      effectiveOn: earliestScheduleDay(new Date()),
    })
    expect(notices(told.staff.email)).toHaveLength(1)
    expect(notices(untold.staff.email)).toEqual([])
    expect(await overviewOf(published.id)).toMatchObject({ untold: 1, givenUp: 0 })

    // The provider is back: the next daily run tells them, once.
    setEmailTransport(undefined)
    const tomorrow = new Date(Date.now() + DAY_MS)
    const report = await runDailyJobs(tomorrow)
    expect(report.priceScheduleNoticesSent).toBe(1)
    const [mail] = notices(untold.staff.email)
    expect(mail).toMatchObject({ subject: expect.stringContaining(`version ${published.version}`) })
    expect(mail!.text).toContain('Chip repair: $80.00')
    expect(
      db()
        .select()
        .from(priceScheduleNotices)
        .innerJoin(shopStaff, eq(shopStaff.id, priceScheduleNotices.shopStaffId))
        .where(eq(shopStaff.email, untold.staff.email))
        .get()!.price_schedule_notices,
    ).toMatchObject({ scheduleId: published.id, attempts: 2, sentAt: tomorrow.toISOString() })
    expect(await overviewOf(published.id)).toMatchObject({ untold: 0, givenUp: 0 })
    expect(await retryScheduleNotices(new Date(tomorrow.getTime() + DAY_MS))).toBe(0)
    expect(notices(untold.staff.email)).toHaveLength(1)
    expect(notices(told.staff.email)).toHaveLength(1)
  })

  it(`stops after ${NOTICE_EMAIL_MAX_ATTEMPTS} tries and the operator's page says so; a replaced version is not sent`, async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    operatorCookie = await sessionCookieFor(operator().id)
    const unlucky = await shop('Unlucky Glass', { acceptSchedule: true })
    setEmailTransport(failingEmailTransport([unlucky.staff.email]))
    const replaced = await publishSchedule({
      actorId: operator().id,
      amounts: { ...FIRST, chipRepair: 8_500 },
      effectiveOn: earliestScheduleDay(new Date()),
    })
    const published = await publishSchedule({
      actorId: operator().id,
      amounts: { ...FIRST, chipRepair: 9_000 },
      effectiveOn: earliestScheduleDay(new Date()),
    })
    const start = Date.now()
    for (let day = 1; day < NOTICE_EMAIL_MAX_ATTEMPTS; day++) expect(await retryScheduleNotices(new Date(start + day * DAY_MS))).toBe(0)
    expect(await overviewOf(published.id)).toMatchObject({ untold: 1, givenUp: 1 })
    // The version it replaced was tried once, at publishing, and not again, nor counted on the page.
    expect(
      db()
        .select({ attempts: priceScheduleNotices.attempts, sentAt: priceScheduleNotices.sentAt })
        .from(priceScheduleNotices)
        .where(and(eq(priceScheduleNotices.scheduleId, replaced.id), eq(priceScheduleNotices.shopStaffId, unlucky.staffRow.id)))
        .get(),
    ).toEqual({ attempts: 1, sentAt: null })
    expect(await overviewOf(replaced.id)).toMatchObject({ untold: 0, givenUp: 0 })

    setEmailTransport(undefined)
    expect(await retryScheduleNotices(new Date(start + 30 * DAY_MS))).toBe(0)
    expect(notices(unlucky.staff.email)).toEqual([])
  })
})
