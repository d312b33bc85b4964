import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'

import { ClaimLiveStatus, type ClaimLiveStatusData } from '~/components/claims/claim-live-status'
import { db } from '~/db/client.server'
import { auditLog, claimFlags, claims, partnerLocations, profiles, stormEvents } from '~/db/schema'
import { addCalendarDays, dayOf } from '~/domain/calendar'
import { filingDeadline } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import { bookableDates, BOOKING_DAYS } from '~/domain/shops'
import { stormDaysInWords } from '~/domain/storms'
import { claimQueue, DEFAULT_QUEUE_FILTERS } from '~/models/claims/claim-queue.server'
import { chooseShop, lineAfterChoosing, nearestShops } from '~/models/claims/shop-choice.server'
import { stormBoard } from '~/models/claims/storms.server'
import { shopJobs } from '~/models/shops/shop-jobs.server'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import * as stormsRoute from '~/routes/admin.storms'
import { loader as dashboardLoader } from '~/routes/customer'
import { action as submitAction, loader as submitLoader } from '~/routes/customer.submit-claim'
import * as shopRoute from '~/routes/shop'
import { zoneOfZip } from '~/services/zip-centroids.server'

import { appendAnswers } from '../support/claim-answers'
import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { jpeg as makeJpeg } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const stormsAction = inOperatorArea(stormsRoute.action)
const adminClaimLoader = inOperatorArea(adminClaimRoute.loader)
const stormsLoader = inOperatorArea(stormsRoute.loader)

const errorsOf = (result: { data: unknown }) => (result.data as { result: { error: Record<string, string[]> } }).result.error
const daysAgo = (days: number) => dayOf(addCalendarDays(new Date(), -days))

let jpeg: Buffer
beforeAll(async () => {
  ensureSeeded()
  jpeg = await makeJpeg({ width: 64, height: 48, colour: '#4a7ab0' })
})

const operatorCookie = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

async function declare(fields: Record<string, string>) {
  const form = { name: 'Hail', area: '681', startsOn: daysAgo(12), endsOn: daysAgo(10), filingDays: '30', ...fields }
  return settle(async () => stormsAction(routeArgs(makeRequest('/admin/storms', { cookie: await operatorCookie(), form }))))
}

async function fileClaim(profileId: string, policyId: string, fields: Record<string, string>) {
  const form = new FormData()
  const values = { policyId, damageType: 'chip', description: 'Hail cracked the glass.', damageDate: daysAgo(10), ...fields }
  for (const [key, value] of Object.entries(values)) form.append(key, value)
  appendAnswers(form)
  form.append('photos', new File([new Uint8Array(jpeg)], 'hail.jpg', { type: 'image/jpeg' }))
  const cookie = await sessionCookieFor(profileId)
  return settle(() => submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policyId}`, { form, cookie }))))
}

const claimsOf = (policyId: string) => db().select().from(claims).where(eq(claims.policyId, policyId)).all()

/** The days a customer near `zip` may book, on that ZIP's clock as the shop choice counts them (not UTC's). */
const datesNear = (zip: string) => bookableDates(new Date(), BOOKING_DAYS, zoneOfZip(zip)!)

describe('declaring a storm', () => {
  it('is refused next to the field: a ZIP or prefix that does not exist, days in the wrong order, a first day to come', async () => {
    const unknownZip = await declare({ area: '681 00000' })
    expect(unknownZip.status).toBe(400)
    expect(errorsOf(unknownZip).area).toEqual(['00000 is not a US ZIP code. Check the five digits.'])
    const unknownPrefix = await declare({ area: '000' })
    expect(errorsOf(unknownPrefix).area).toEqual(['No US ZIP code starts with 000.'])
    const malformed = await declare({ area: '6810' })
    expect(errorsOf(malformed).area).toEqual(['"6810" is neither a five-digit ZIP code nor a three-digit ZIP prefix.'])
    const backwards = await declare({ startsOn: daysAgo(3), endsOn: daysAgo(5) })
    expect(backwards.status).toBe(400)
    expect(errorsOf(backwards).endsOn).toEqual(['The last day cannot be before the first day.'])
    const future = await declare({ startsOn: dayOf(addCalendarDays(new Date(), 3)), endsOn: dayOf(addCalendarDays(new Date(), 4)) })
    expect(errorsOf(future).startsOn).toEqual(['A storm is declared once it has begun: the first day cannot be after today.'])
    expect(db().select().from(stormEvents).all()).toHaveLength(0)
  })

  it('is saved and audited, and an overlapping area on overlapping days is refused; other days are not', async () => {
    const saved = await declare({ name: 'Lincoln hail', area: '685 68601', startsOn: daysAgo(30), endsOn: daysAgo(29) })
    expect(saved.status).toBe(302)
    const event = db().select().from(stormEvents).where(eq(stormEvents.name, 'Lincoln hail')).get()!
    expect(event).toMatchObject({ area: '685 68601', filingDays: 30 })
    expect(saved.headers.get('Location')).toBe(`/admin/storms?event=${event.id}`)
    expect(db().select().from(auditLog).where(eq(auditLog.entityId, event.id)).get()).toMatchObject({ action: 'storm_event.declared' })

    const overlap = await declare({ name: 'Second', area: '68510', startsOn: daysAgo(29), endsOn: daysAgo(28) })
    expect(overlap.status).toBe(400)
    expect(errorsOf(overlap).area).toEqual([
      '68510 is already in "Lincoln hail", declared for days that overlap these. Leave it out, or change the days.',
    ])
    const sameCode = await declare({ name: 'Third', area: '68601', startsOn: daysAgo(31), endsOn: daysAgo(30) })
    expect(errorsOf(sameCode).area?.[0]).toContain('68601 is already in "Lincoln hail"')
    // The same area on other days is another storm.
    expect((await declare({ name: 'Lincoln again', area: '685', startsOn: daysAgo(20), endsOn: daysAgo(20) })).status).toBe(302)
  })

  it('is the operator’s alone', async () => {
    const customer = await sessionCookieFor(createProfile().id)
    const answer = await settle(() => stormsLoader(routeArgs(makeRequest('/admin/storms', { cookie: customer }))))
    expect(answer.status).toBe(404)
  })
})

describe('editing a declared storm', () => {
  async function edit(eventId: string, fields: Record<string, string>, cookie?: string) {
    const form = {
      intent: 'edit',
      eventId,
      name: 'Denver hail',
      area: '802',
      startsOn: daysAgo(50),
      endsOn: daysAgo(49),
      filingDays: '30',
      ...fields,
    }
    return settle(async () => stormsAction(routeArgs(makeRequest('/admin/storms', { cookie: cookie ?? (await operatorCookie()), form }))))
  }

  it('is checked as declaring is, saved and audited with what changed, and never overlaps another storm', async () => {
    expect((await declare({ name: 'Denver hail', area: '802', startsOn: daysAgo(50), endsOn: daysAgo(49) })).status).toBe(302)
    expect((await declare({ name: 'Boulder hail', area: '80301', startsOn: daysAgo(50), endsOn: daysAgo(50) })).status).toBe(302)
    const event = db().select().from(stormEvents).where(eq(stormEvents.name, 'Denver hail')).get()!

    const unknownZip = await edit(event.id, { area: '802 00000' })
    expect(unknownZip.status).toBe(400)
    expect(errorsOf(unknownZip).area).toEqual(['00000 is not a US ZIP code. Check the five digits.'])
    expect((unknownZip.data as { form: string }).form).toBe('edit')
    const backwards = await edit(event.id, { startsOn: daysAgo(40), endsOn: daysAgo(45) })
    expect(errorsOf(backwards).endsOn).toEqual(['The last day cannot be before the first day.'])
    const overlap = await edit(event.id, { area: '802 803' })
    expect(errorsOf(overlap).area?.[0]).toContain('80301 is already in "Boulder hail"')
    // Nothing of a refused change is kept.
    expect(db().select().from(stormEvents).where(eq(stormEvents.id, event.id)).get()).toMatchObject({ area: '802', filingDays: 30 })

    // Its own area and days are no overlap with itself.
    const saved = await edit(event.id, { name: 'Denver hail (June)', area: '802 80401', filingDays: '45' })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe(`/admin/storms?event=${event.id}`)
    expect(db().select().from(stormEvents).where(eq(stormEvents.id, event.id)).get()).toMatchObject({
      name: 'Denver hail (June)',
      area: '802 80401',
      filingDays: 45,
    })
    const audit = db().select().from(auditLog).where(eq(auditLog.action, 'storm_event.edited')).all()
    expect(audit.map((entry) => [entry.entityId, entry.detail])).toEqual([
      [
        event.id,
        {
          name: { from: 'Denver hail', to: 'Denver hail (June)' },
          area: { from: '802', to: '802 80401' },
          filingDays: { from: 30, to: 45 },
        },
      ],
    ])
  })

  it('is the operator’s alone, and a storm that does not exist is not found', async () => {
    const event = db().select().from(stormEvents).where(eq(stormEvents.name, 'Boulder hail')).get()!
    expect((await edit('no-such-storm', { area: '80302' })).status).toBe(404)
    const customer = await sessionCookieFor(createProfile().id)
    expect((await edit(event.id, { name: 'Mine now', area: '80301', startsOn: daysAgo(50), endsOn: daysAgo(50) }, customer)).status).toBe(
      404,
    )
    expect(db().select().from(stormEvents).where(eq(stormEvents.id, event.id)).get()!.name).toBe('Boulder hail')
  })
})

describe('filing in a declared storm', () => {
  it('accepts damage from 10 days ago in the area without calling it late; outside it the claim is late and told so', async () => {
    expect((await declare({ name: 'Omaha hail', area: '681 68022' })).status).toBe(302)
    const storm = db().select().from(stormEvents).where(eq(stormEvents.name, 'Omaha hail')).get()!

    const inside = createProfile()
    const { policy: insidePolicy } = createActivePolicy(inside.id)
    // The form shows the window to a customer whose vehicle's place on file is in the storm's area.
    db().update(profiles).set({ zip: '68102' }).where(eq(profiles.id, inside.id)).run()
    const form = (await submitLoader(
      routeArgs(makeRequest(`/customer/submit-claim?policy_id=${insidePolicy.id}`, { cookie: await sessionCookieFor(inside.id) })),
    )) as { stormWindows: string[] }
    expect(form.stormWindows.some((text) => text.startsWith('Omaha hail: damage on') && text.endsWith('within 30 days.'))).toBe(true)

    expect((await fileClaim(inside.id, insidePolicy.id, { vehicleZip: '68102' })).status).toBe(302)
    const filed = claimsOf(insidePolicy.id)[0]!
    expect(filed).toMatchObject({ filedLate: false, stormEventId: storm.id, vehicleZip: '68102' })
    // The operator's claim page names the storm, its days and area, and the window it gave this claim.
    const page = await adminClaimLoader(
      routeArgs(makeRequest(`/admin/claims/${filed.id}`, { cookie: await operatorCookie() }), { claimId: filed.id }),
    )
    expect(page.storm).toEqual({
      id: storm.id,
      name: 'Omaha hail',
      days: stormDaysInWords(storm),
      area: '681xx, 68022',
      filingDays: 30,
      deadline: filingDeadline(daysAgo(10), storm).toISOString(),
      vehicleZip: '68102',
    })
    // The ZIP is remembered for the shop search.
    expect(db().select({ zip: profiles.zip }).from(profiles).where(eq(profiles.id, inside.id)).get()!.zip).toBe('68102')

    const outside = createProfile()
    const { policy: outsidePolicy } = createActivePolicy(outside.id)
    const answer = await fileClaim(outside.id, outsidePolicy.id, { vehicleZip: '84101' })
    expect(answer.status).toBe(302)
    const late = claimsOf(outsidePolicy.id)[0]!
    expect(late).toMatchObject({ filedLate: true, stormEventId: null })
    const success = (await submitLoader(
      routeArgs(
        makeRequest(`/customer/submit-claim?policy_id=${outsidePolicy.id}&claim=${late.id}`, {
          cookie: await sessionCookieFor(outside.id),
        }),
      ),
    )) as { lateNotice: string | null }
    expect(success.lateNotice).toBe(
      'This claim was filed late: more than 48 hours after the damage. We will still review it, and tell you what we decide.',
    )
  })

  it('reads the window for the vehicle’s place on file: a storm ZIP typed by a customer elsewhere is late and waits with why', async () => {
    expect((await declare({ name: 'Lincoln hail', area: '685' })).status).toBe(302)
    // A Utah customer: the ZIP on file for the shop search is Salt Lake City's; another's only by the mailing address.
    const utah = createProfile()
    const { policy } = createActivePolicy(utah.id)
    db().update(profiles).set({ zip: '84101' }).where(eq(profiles.id, utah.id)).run()
    const byMail = createProfile()
    const { policy: mailPolicy } = createActivePolicy(byMail.id)
    const mailingAddress = JSON.stringify({ name: 'Mae Mail', line1: '1 Main St', city: 'Provo', state: 'UT', zip: '84601-1234' })
    db().update(profiles).set({ mailingAddress }).where(eq(profiles.id, byMail.id)).run()
    const lincoln = createProfile()
    const { policy: lincolnPolicy } = createActivePolicy(lincoln.id)
    db().update(profiles).set({ zip: '68508' }).where(eq(profiles.id, lincoln.id)).run()

    // The form lists only the storms over the customer's own place.
    const windowsOf = async (profileId: string, policyId: string) =>
      (
        (await submitLoader(
          routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policyId}`, { cookie: await sessionCookieFor(profileId) })),
        )) as { stormWindows: string[] }
      ).stormWindows
    expect((await windowsOf(utah.id, policy.id)).join(' ')).not.toContain('Lincoln hail')
    expect((await windowsOf(byMail.id, mailPolicy.id)).join(' ')).not.toContain('Lincoln hail')
    expect((await windowsOf(lincoln.id, lincolnPolicy.id)).join(' ')).toContain('Lincoln hail')

    for (const [customer, onFile, policyId] of [
      [utah, '84101', policy.id],
      [byMail, '84601', mailPolicy.id],
    ] as const) {
      expect((await fileClaim(customer.id, policyId, { vehicleZip: '68508' })).status).toBe(302)
      const filed = claimsOf(policyId)[0]!
      expect(filed).toMatchObject({ filedLate: true, stormEventId: null, approvalStatus: 'pending_review', decidedByRulesVersion: null })
      const flags = db().select().from(claimFlags).where(eq(claimFlags.claimId, filed.id)).all()
      expect(flags.map((flag) => [flag.kind, flag.detail])).toEqual([
        [
          'vehicle_zip_differs',
          `The ZIP given with the claim (68508) is not the vehicle's ZIP on file (${onFile}): a declared storm's window was read for ${onFile} only.`,
        ],
      ])
    }
    // The ZIP on file is not replaced by the one typed.
    expect(db().select({ zip: profiles.zip }).from(profiles).where(eq(profiles.id, utah.id)).get()!.zip).toBe('84101')

    // In Lincoln, the same claim is on time.
    expect((await fileClaim(lincoln.id, lincolnPolicy.id, { vehicleZip: '68508' })).status).toBe(302)
    const onTime = claimsOf(lincolnPolicy.id)[0]!
    expect(onTime).toMatchObject({ filedLate: false })
    expect(onTime.stormEventId).not.toBeNull()
    expect(db().select().from(claimFlags).where(eq(claimFlags.claimId, onTime.id)).all()).toEqual([])
  })

  it('holds a claim to the storm’s own window, and damage outside the storm’s days to 48 hours', async () => {
    expect(
      (await declare({ name: 'Short storm', area: '50309', startsOn: daysAgo(12), endsOn: daysAgo(10), filingDays: '5' })).status,
    ).toBe(302)
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    expect((await fileClaim(customer.id, policy.id, { vehicleZip: '50309' })).status).toBe(302)
    expect(claimsOf(policy.id)[0]).toMatchObject({ filedLate: true })
    expect(claimsOf(policy.id)[0]!.stormEventId).not.toBeNull()
  })

  it('refuses a ZIP that is not a real one next to the field, and files nothing', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const malformed = await fileClaim(customer.id, policy.id, { vehicleZip: '681' })
    expect(malformed.status).toBe(400)
    expect(errorsOf(malformed).vehicleZip).toEqual(['Enter the five-digit ZIP code where the vehicle is kept, like 84101.'])
    const unknown = await fileClaim(customer.id, policy.id, { vehicleZip: '00000' })
    expect(unknown.status).toBe(400)
    expect(errorsOf(unknown).vehicleZip).toEqual(['That ZIP code does not exist. Check the five digits.'])
    expect(claimsOf(policy.id)).toHaveLength(0)
  })
})

describe('daily capacity and the line', () => {
  const group = createPartnerGroup('Capacity Glass', { email: 'desk@capacity.example' })
  const place = (name: string, zip: string, dailyCapacity: number | null) =>
    db()
      .insert(partnerLocations)
      .values({ partnerGroupId: group.id, name, slug: name.toLowerCase().replace(/\W+/g, '-'), zip, dailyCapacity })
      .returning()
      .get()
  const approved = (overrides: Partial<typeof claims.$inferInsert> = {}) => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    return { customer, claim: createClaim(policy.id, { approvalStatus: 'approved', reviewedAt: new Date().toISOString(), ...overrides }) }
  }

  it('does not offer a full day, refuses it with the first day with room, and leaves out a location full every day', async () => {
    const dates = datesNear('68847')
    const kearney = place('Kearney Glass', '68847', 1)
    const full = place('Kearney Full', '68847', 1)
    for (const date of dates) approved({ chosenLocationId: full.id, assignedPartnerGroupId: group.id, preferredDate: date })
    approved({ chosenLocationId: kearney.id, assignedPartnerGroupId: group.id, preferredDate: dates[0] })

    const shops = nearestShops(['chip_repair'], '68847')!
    expect(shops.map((shop) => shop.name)).toContain('Kearney Glass')
    expect(shops.map((shop) => shop.name)).not.toContain('Kearney Full')
    const offered = shops.find((shop) => shop.name === 'Kearney Glass')!
    expect(offered.booking.fullDates).toEqual([dates[0]])
    expect(offered.booking.freeDates).toEqual(dates.slice(1))
    // One job ahead, one a day: the customer's turn is the first day with room.
    expect(offered.booking.line).toEqual({ place: 2, from: dates[1], until: dates[1] })

    const { customer, claim } = approved()
    const choice = { profileId: customer.id, claimId: claim.id, zip: '68847', locationId: kearney.id, preferredSlot: 'morning' as const }
    const refused = await chooseShop({ ...choice, preferredDate: dates[0]!, serviceAt: 'shop', serviceAddress: null }).catch(
      (error) => error,
    )
    expect(refused).toMatchObject({ field: 'preferredDate', status: 409 })
    expect(refused.message).toMatch(/^Kearney Glass is fully booked that day\. Its first day with room is /)
    await chooseShop({ ...choice, preferredDate: dates[1]!, serviceAt: 'shop', serviceAddress: null })
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      chosenLocationId: kearney.id,
      preferredDate: dates[1],
    })
  })

  it('tells a long line honestly: the jobs ahead over the jobs a day', () => {
    const grand = place('Grand Island Glass', '68801', 2)
    for (let index = 0; index < 5; index++) approved({ chosenLocationId: grand.id, assignedPartnerGroupId: group.id, preferredDate: null })
    const dates = datesNear('68801')
    const shop = nearestShops(['chip_repair'], '68801')!.find((option) => option.name === 'Grand Island Glass')!
    // Five ahead at two a day: number 6, two more working days after the first.
    expect(shop.booking.line).toEqual({ place: 6, from: dates[0], until: dates[2] })
  })

  it('keeps telling the customer their place and days in a storm once they have chosen, on the dashboard', async () => {
    const storm = db()
      .insert(stormEvents)
      .values({
        name: 'Line storm',
        area: '69101',
        startsOn: daysAgo(3),
        endsOn: daysAgo(2),
        filingDays: 30,
        declaredBy: findOrCreateProfile('operator@example.com').id,
      })
      .returning()
      .get()
    const platte = place('North Platte Glass', '69101', 2)
    const dates = datesNear('69101')
    const earlier = new Date(Date.now() - 3_600_000).toISOString()
    for (let index = 0; index < 4; index++)
      approved({ chosenLocationId: platte.id, assignedPartnerGroupId: group.id, preferredDate: null, shopChosenAt: earlier })
    // Given a place by the operator (no time of choosing): ahead too.
    approved({ chosenLocationId: platte.id, assignedPartnerGroupId: group.id, preferredDate: null })
    const { customer, claim } = approved({ stormEventId: storm.id })
    await chooseShop({
      profileId: customer.id,
      claimId: claim.id,
      zip: '69101',
      locationId: platte.id,
      preferredDate: dates[0]!,
      preferredSlot: 'morning',
      serviceAt: 'shop',
      serviceAddress: null,
    })
    // Chosen after them: behind, and not counted.
    approved({ chosenLocationId: platte.id, assignedPartnerGroupId: group.id, shopChosenAt: new Date(Date.now() + 60_000).toISOString() })

    const dashboard = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie: await sessionCookieFor(customer.id) })))) as {
      claims: { id: string; live: { line?: unknown } }[]
    }
    // Five ahead at two a day: number 6, from the day asked for to two working days after the first.
    const line = { place: 6, from: dates[0], until: dates[2] }
    const card = dashboard.claims.find((entry) => entry.id === claim.id)!
    expect(card.live.line).toEqual(line)
    expect(renderToStaticMarkup(createElement(ClaimLiveStatus, { status: card.live as ClaimLiveStatusData }))).toContain(
      `You are number 6 in its line: your turn comes between ${formatLongDate(dates[0]!)} and ${formatLongDate(dates[2]!)}.`,
    )
    const current = db().select().from(claims).where(eq(claims.id, claim.id)).get()!
    expect(lineAfterChoosing(current)).toEqual(line)
    // Outside a storm, or once the shop gave a time, there is no line to tell.
    expect(lineAfterChoosing({ ...current, stormEventId: null })).toBeNull()
    expect(lineAfterChoosing({ ...current, appointmentAt: `${dates[1]}T09:00` })).toBeNull()
  })

  it('is set by the shop for its own locations only, audited, and refused next to the field when not a number', async () => {
    const hastings = place('Hastings Glass', '68901', null)
    const staff = findOrCreateProfile('staff@capacity.example')
    const { shopStaff } = await import('~/db/schema')
    db().insert(shopStaff).values({ email: staff.email, partnerGroupId: group.id, addedBy: 'test' }).run()
    const cookie = await sessionCookieFor(staff.id)
    const post = (form: Record<string, string>) =>
      settle(() => shopRoute.action(routeArgs(makeRequest('/shop', { cookie, form: { intent: 'capacity', ...form } }))))

    const bad = await post({ locationId: hastings.id, dailyCapacity: 'ten' })
    expect(bad.status).toBe(400)
    expect(errorsOf(bad)[`capacity-${hastings.id}`]).toEqual([
      'Enter how many jobs the location takes a day: a whole number from 1 to 500, or leave it empty.',
    ])
    expect((await post({ locationId: hastings.id, dailyCapacity: '8' })).status).toBe(302)
    expect(db().select().from(partnerLocations).where(eq(partnerLocations.id, hastings.id)).get()!.dailyCapacity).toBe(8)
    expect(db().select().from(auditLog).where(eq(auditLog.entityId, hastings.id)).get()).toMatchObject({
      action: 'partner_location.capacity_set',
    })
    const other = createPartnerGroup('Other Glass')
    const theirs = db().insert(partnerLocations).values({ partnerGroupId: other.id, name: 'Theirs', slug: 'theirs-cap' }).returning().get()
    expect((await post({ locationId: theirs.id, dailyCapacity: '3' })).status).toBe(404)
    expect(db().select().from(partnerLocations).where(eq(partnerLocations.id, theirs.id)).get()!.dailyCapacity).toBeNull()
  })
})

describe('urgency', () => {
  it('orders the operator’s waiting claims most urgent first when asked, and the shop’s new jobs always', () => {
    const group = createPartnerGroup('Urgent Glass')
    const { policy } = createActivePolicy(createProfile().id)
    const waiting = (minutesAgo: number, overrides: Partial<typeof claims.$inferInsert>) =>
      createClaim(policy.id, { submittedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), ...overrides })
    const chip = waiting(300, { damageType: 'chip', damageSize: 'under_quarter', inLineOfSight: false })
    const crack = waiting(200, { damageType: 'crack', damageSize: 'up_to_6_inches', inLineOfSight: false })
    const shattered = waiting(100, { damageType: 'crack', damageSize: 'longer', inLineOfSight: false })
    const codes = (order: 'oldest' | 'urgent') =>
      claimQueue({ ...DEFAULT_QUEUE_FILTERS, order }, 1)!
        .rows.map((row) => row.code)
        .filter((code) => [chip, crack, shattered].some((claim) => claim.confirmationCode === code))
    expect(codes('oldest')).toEqual([chip.confirmationCode, crack.confirmationCode, shattered.confirmationCode])
    expect(codes('urgent')).toEqual([shattered.confirmationCode, crack.confirmationCode, chip.confirmationCode])

    const job = (overrides: Partial<typeof claims.$inferInsert>) =>
      createClaim(policy.id, {
        approvalStatus: 'approved',
        assignedPartnerGroupId: group.id,
        reviewedAt: new Date().toISOString(),
        ...overrides,
      })
    const chipJob = job({ damageType: 'chip', preferredDate: '2026-01-01' })
    const sightJob = job({ damageType: 'chip', inLineOfSight: true, preferredDate: '2026-01-03' })
    const crackJob = job({ damageType: 'crack', preferredDate: '2026-01-02' })
    expect(shopJobs(group.id).fresh.map((row) => row.id)).toEqual([sightJob.id, crackJob.id, chipJob.id])
  })
})

describe('the storm board', () => {
  it('counts the storm’s claims by ZIP and shop, each shop’s backlog in days, and who decided', async () => {
    expect((await declare({ name: 'Board storm', area: '803' })).status).toBe(302)
    const storm = db().select().from(stormEvents).where(eq(stormEvents.name, 'Board storm')).get()!
    const group = createPartnerGroup('Board Glass')
    const boulder = db()
      .insert(partnerLocations)
      .values({ partnerGroupId: group.id, name: 'Boulder Glass', slug: 'boulder-board', zip: '80302', dailyCapacity: 2 })
      .returning()
      .get()
    const { policy } = createActivePolicy(createProfile().id)
    const inStorm = (overrides: Partial<typeof claims.$inferInsert>) => createClaim(policy.id, { stormEventId: storm.id, ...overrides })
    inStorm({ vehicleZip: '80302', approvalStatus: 'approved', decidedByRulesVersion: '1', chosenLocationId: boulder.id })
    inStorm({ vehicleZip: '80302', approvalStatus: 'approved', reviewedBy: 'operator', chosenLocationId: boulder.id })
    inStorm({ vehicleZip: '80303', approvalStatus: 'approved', decidedByRulesVersion: '1', chosenLocationId: boulder.id })
    inStorm({ vehicleZip: '80303', filedLate: true })

    const board = stormBoard(storm.id)
    expect(board.byZip).toEqual([
      { label: '80302', value: 2 },
      { label: '80303', value: 2 },
    ])
    expect(board.byShop).toEqual([
      { label: 'Boulder Glass', value: 3 },
      { label: 'No shop yet', value: 1 },
    ])
    expect(board.decisions).toEqual({ automatic: 2, operator: 1, waiting: 1, late: 1, total: 4 })
    expect(board.backlog).toEqual([{ location: 'Boulder Glass', open: 3, dailyCapacity: 2, days: 2 }])

    const page = (await stormsLoader(routeArgs(makeRequest(`/admin/storms?event=${storm.id}`, { cookie: await operatorCookie() })))) as {
      shown: { name: string } | null
    }
    expect(page.shown?.name).toBe('Board storm')
    const missing = await settle(async () =>
      stormsLoader(routeArgs(makeRequest('/admin/storms?event=nope', { cookie: await operatorCookie() }))),
    )
    expect(missing.status).toBe(404)
  })
})
