import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { OnTheWay } from '~/components/shop/appointment'
import { db } from '~/db/client.server'
import { claims, partnerLocations } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { DAMAGE_DATE_FUTURE } from '~/domain/messages'
import { bookableDates, CUSTOMER_CHOOSES_SHOP } from '~/domain/shops'
import { submitClaim, type SubmitClaimInput } from '~/models/claims/claim-filing.server'
import { approveClaim } from '~/models/claims/claim-review.server'
import { shopJobPage } from '~/models/shops/shop-job-page.server'
import { loader as repairFailedLoader } from '~/routes/customer.claims.$claimId.repair-failed'
import { action as rescheduleAction, loader as rescheduleLoader } from '~/routes/customer.claims.$claimId.reschedule'
import { action as chooseAction, loader as chooseLoader } from '~/routes/customer.claims.$claimId.shop'
import * as claimRoute from '~/routes/customer.claims.$code'
import { loader as submitLoader } from '~/routes/customer.submit-claim'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

// 23:00 in Chicago on December 2 (CST, UTC−6) is already 05:00 on December 3 in UTC: every day a person sees or
// picks is their own zone's.
const ELEVEN_PM_CENTRAL = new Date('2026-12-03T05:00:00Z')
const CHICAGO_TODAY = '2026-12-02'
const CHICAGO_TOMORROW = '2026-12-03'

ensureSeeded()
afterEach(() => vi.useRealTimers())

function atElevenPmCentral() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(ELEVEN_PM_CENTRAL)
}

/** A Chicago customer (Illinois policy) and a partner location in downtown Chicago. */
async function chicagoCustomer() {
  const profile = createProfile({ phone: '+13125550123' })
  const { policy } = createActivePolicy(profile.id, { governingState: 'IL' })
  const group = createPartnerGroup()
  const location = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `Loop Glass ${profile.id.slice(0, 6)}`,
      slug: `loop-glass-${profile.id.slice(0, 8).toLowerCase()}`,
      zip: '60601',
      address: '1 Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      offersChipRepair: true,
      offersReplacement: true,
      offersCalibration: false,
    })
    .returning()
    .get()
  return { profile, policy, group, location, cookie: await sessionCookieFor(profile.id) }
}

describe("days in the customer's zone", () => {
  it("the claim form's default and latest damage day is the customer's today, not UTC's", async () => {
    atElevenPmCentral()
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { governingState: 'IL' })
    const cookie = await sessionCookieFor(profile.id)
    const data = (await submitLoader(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { cookie })))) as {
      today: string
    }
    expect(data.today).toBe(CHICAGO_TODAY)
  })

  it('the server refuses a damage day after the customer’s today, though it is today in UTC', async () => {
    atElevenPmCentral()
    const { profile, policy } = await chicagoCustomer()
    const input = {
      profile,
      policyId: policy.id,
      damageType: 'chip',
      description: 'A rock on I-90.',
      damageDate: CHICAGO_TOMORROW,
      damageSize: 'under_quarter',
      inLineOfSight: false,
      chipCount: 'one',
      damageZone: 'passenger',
      photos: [],
    } as unknown as SubmitClaimInput
    const refused = await submitClaim(input).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RuleError)
    expect((refused as RuleError).message).toBe(DAMAGE_DATE_FUTURE.description)
  })

  it('the first bookable day is the day after the customer’s today', () => {
    expect(bookableDates(ELEVEN_PM_CENTRAL, 3, 'America/Chicago')[0]).toBe(CHICAGO_TOMORROW)
    expect(bookableDates(ELEVEN_PM_CENTRAL, 3, 'UTC')[0]).toBe('2026-12-04')
  })

  it('choosing a Chicago shop at 11 PM offers tomorrow first, and the server accepts it', async () => {
    atElevenPmCentral()
    const { policy, location, cookie } = await chicagoCustomer()
    const operator = findOrCreateProfile('operator@example.com')
    const claim = createClaim(policy.id, { damageType: 'chip' })
    await approveClaim({ claimId: claim.id, partnerGroupId: CUSTOMER_CHOOSES_SHOP, actorId: operator.id })
    const page = await settle(() =>
      chooseLoader(routeArgs(makeRequest(`/customer/claims/${claim.id}/shop?zip=60601`, { cookie }), { claimId: claim.id })),
    )
    const loaded = page.data as { dates: string[]; shops: { id: string }[] }
    expect(loaded.dates[0]).toBe(CHICAGO_TOMORROW)
    expect(loaded.shops.map((shop) => shop.id)).toContain(location.id)
    const form = { zip: '60601', locationId: location.id, preferredDate: CHICAGO_TOMORROW, preferredSlot: 'morning', serviceAt: 'shop' }
    const chosen = await settle(() =>
      chooseAction(routeArgs(makeRequest(`/customer/claims/${claim.id}/shop`, { cookie, form }), { claimId: claim.id })),
    )
    expect(chosen.status).toBe(302)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      chosenLocationId: location.id,
      preferredDate: CHICAGO_TOMORROW,
    })
  })

  it('asking a Chicago shop for another time at 11 PM offers its tomorrow first, and the server accepts it', async () => {
    atElevenPmCentral()
    const { policy, group, location, cookie } = await chicagoCustomer()
    const claim = createClaim(policy.id, {
      approvalStatus: 'approved',
      assignedPartnerGroupId: group.id,
      chosenLocationId: location.id,
      preferredDate: '2026-12-07',
      preferredSlot: 'morning',
      appointmentAt: '2026-12-07T09:00',
      appointmentConfirmedAt: '2026-12-02T18:00:00.000Z',
    })
    const page = await settle(() =>
      rescheduleLoader(routeArgs(makeRequest(`/customer/claims/${claim.id}/reschedule`, { cookie }), { claimId: claim.id })),
    )
    expect((page.data as { dates: string[] }).dates[0]).toBe(CHICAGO_TOMORROW)
    const form = { preferredDate: CHICAGO_TOMORROW, preferredSlot: 'afternoon' }
    const asked = await settle(() =>
      rescheduleAction(routeArgs(makeRequest(`/customer/claims/${claim.id}/reschedule`, { cookie, form }), { claimId: claim.id })),
    )
    expect(asked.status).toBe(302)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.preferredDate).toBe(CHICAGO_TOMORROW)
  })

  it("the repair-failed form's default and latest day is the customer's today", async () => {
    atElevenPmCentral()
    const { policy, group, cookie } = await chicagoCustomer()
    const repaired = createClaim(policy.id, {
      damageType: 'chip',
      damageZone: 'passenger',
      approvalStatus: 'completed',
      repairType: 'repair',
      assignedPartnerGroupId: group.id,
      reviewedAt: '2026-11-01T15:00:00.000Z',
      completedAt: '2026-11-02T15:00:00.000Z',
    })
    const page = await settle(() =>
      repairFailedLoader(routeArgs(makeRequest(`/customer/claims/${repaired.id}/repair-failed`, { cookie }), { claimId: repaired.id })),
    )
    expect((page.data as { today: string }).today).toBe(CHICAGO_TODAY)
  })

  it("the claim page's timeline tells each step on the customer's day", async () => {
    const { policy, cookie } = await chicagoCustomer()
    // 10:30 PM in Chicago on December 2 is 04:30 on December 3 in UTC.
    const claim = createClaim(policy.id, {
      submittedAt: '2026-12-03T04:30:00.000Z',
      approvalStatus: 'denied',
      reviewedAt: '2026-12-03T04:45:00.000Z',
    })
    const page = await settle(() =>
      claimRoute.loader(routeArgs(makeRequest(`/customer/claims/${claim.confirmationCode}`, { cookie }), { code: claim.confirmationCode })),
    )
    const view = page.data as Awaited<ReturnType<typeof claimRoute.loader>>['data']
    expect(view.timeline.find((step) => step.key === 'filed')!.when).toBe('December 2, 2026')
    expect(view.timeline.find((step) => step.key === 'decided')!.when).toBe('December 2, 2026')
  })

  it("the shop's job page tells its times on the shop's clock, with the zone's abbreviation", async () => {
    const { policy, group, location } = await chicagoCustomer()
    const claim = createClaim(policy.id, {
      approvalStatus: 'approved',
      assignedPartnerGroupId: group.id,
      chosenLocationId: location.id,
      serviceAt: 'mobile',
      serviceAddress: '5 Elm St, Chicago, IL',
      appointmentAt: '2026-12-03T08:00',
      technicianOnTheWayAt: '2026-12-03T04:30:00.000Z',
    })
    const page = shopJobPage(group.id, claim.id)
    expect(page.zone).toBe('America/Chicago')
    const html = renderToStaticMarkup(createElement(OnTheWay, { onTheWayAt: page.job.technicianOnTheWayAt, errors: {}, zone: page.zone }))
    expect(html).toContain('On the way since <time dateTime="2026-12-03T04:30:00.000Z">Dec 2, 2026, 10:30 PM CST</time>')
  })
})
