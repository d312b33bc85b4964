import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claimDocuments, claims, partnerLocations, photoRequests } from '~/db/schema'
import { photoRequestPath } from '~/domain/paths'
import { PhotoRequestRefused, requestPhotos } from '~/models/claims/claim-messages.server'
import * as claimRoute from '~/routes/customer.claims.$code'
import * as calendarRoute from '~/routes/customer.claims.$code.appointment[.ics]'
import * as photoRoute from '~/routes/photo-requests.$code.$requestId'
import { signedPhotoRequestQuery } from '~/services/signed-links.server'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { jpegFile } from '../support/photos'
import { makeRequest, routeArgs, settle } from '../support/requests'

describe("a claim's own page", () => {
  ensureSeeded()
  const group = createPartnerGroup('Front Range Glass', { email: 'desk@front-range.example', phone: '(303) 555-0100' })
  const denver = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: 'Front Range Denver',
      slug: `front-range-${Date.now()}`,
      zip: '80202',
      address: '1600 Champa St',
      city: 'Denver',
      state: 'CO',
      phone: '(303) 555-0101',
    })
    .returning()
    .get()

  async function bookedClaim(appointmentAt = '2026-12-08T09:30') {
    const customer = createProfile({ fullName: 'Dana Denver' })
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id, {
      approvalStatus: 'approved',
      reviewedAt: new Date().toISOString(),
      assignedPartnerGroupId: group.id,
      chosenLocationId: denver.id,
      preferredDate: appointmentAt.slice(0, 10),
      preferredSlot: 'morning',
      serviceAt: 'shop',
      appointmentAt,
      appointmentConfirmedAt: new Date().toISOString(),
    })
    return { customer, claim, cookie: await sessionCookieFor(customer.id) }
  }

  const ics = (code: string, cookie: string) =>
    calendarRoute.loader(routeArgs(makeRequest(`/customer/claims/${code}/appointment.ics`, { cookie }), { code })) as Promise<Response>

  it("gives the appointment as a calendar file at the shop's hour, with the shop as summary and place", async () => {
    const { claim, cookie } = await bookedClaim('2026-12-08T09:30')
    const response = await ics(claim.confirmationCode, cookie)
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    const text = (await response.text()).replace(/\r\n[ \t]/g, '')
    // 9:30 in Denver in December (MST, UTC−7) is 16:30 UTC.
    expect(text).toMatch(/DTSTART:20261208T163000Z/)
    expect(text).toContain('SUMMARY:Windshield chip repair: Front Range Denver')
    expect(text).toContain('LOCATION:1600 Champa St\\, Denver\\, CO 80202')
    expect(text).toContain(`UID:appointment-${claim.confirmationCode}@`)
    // In July Denver keeps daylight time (MDT, UTC−6).
    const summer = await bookedClaim('2027-07-08T09:30')
    expect(await (await ics(summer.claim.confirmationCode, summer.cookie)).text()).toMatch(/DTSTART:20270708T153000Z/)
  })

  it('shows the timeline, the shop and the calendar link, and no internal id', async () => {
    const { claim, cookie } = await bookedClaim()
    const page = await settle(() =>
      claimRoute.loader(routeArgs(makeRequest(`/customer/claims/${claim.confirmationCode}`, { cookie }), { code: claim.confirmationCode })),
    )
    expect(page.status).toBe(200)
    const view = page.data as Awaited<ReturnType<typeof claimRoute.loader>>['data']
    expect(view.timeline.map((step) => [step.key, step.state])).toEqual([
      ['filed', 'done'],
      ['decided', 'done'],
      ['booked', 'done'],
      ['done', 'upcoming'],
    ])
    expect(view.shop).toMatchObject({ name: 'Front Range Denver', phone: '(303) 555-0101' })
    expect(view.appointment?.calendarHref).toBe(`/customer/claims/${claim.confirmationCode}/appointment.ics`)
    // Nothing the page shows carries the internal id; only the existing action pages' addresses do (decision 075).
    expect(view.actions.map((action) => action.key)).toEqual(['reschedule'])
    expect(JSON.stringify({ ...view, actions: [] })).not.toContain(claim.id)
  })

  it("is a 404 for another person's claim, a previous owner's and one without a time", async () => {
    const { claim } = await bookedClaim()
    const stranger = await sessionCookieFor(createProfile().id)
    const asStranger = await settle(() =>
      claimRoute.loader(
        routeArgs(makeRequest(`/customer/claims/${claim.confirmationCode}`, { cookie: stranger }), { code: claim.confirmationCode }),
      ),
    )
    expect(asStranger.status).toBe(404)
    expect((await settle(() => ics(claim.confirmationCode, stranger))).status).toBe(404)
    const post = await settle(() =>
      claimRoute.action(
        routeArgs(makeRequest(`/customer/claims/${claim.confirmationCode}`, { cookie: stranger, form: { body: 'Hello' } }), {
          code: claim.confirmationCode,
        }),
      ),
    )
    expect(post.status).toBe(404)

    // The policy passed to a next owner: the claim the seller filed is not theirs to open.
    const buyer = createProfile()
    db().update(claims).set({ filedByProfileId: createProfile().id }).where(eq(claims.id, claim.id)).run()
    const { policy } = createActivePolicy(buyer.id)
    db().update(claims).set({ policyId: policy.id }).where(eq(claims.id, claim.id)).run()
    const buyerCookie = await sessionCookieFor(buyer.id)
    expect(
      (
        await settle(() =>
          claimRoute.loader(
            routeArgs(makeRequest(`/customer/claims/${claim.confirmationCode}`, { cookie: buyerCookie }), { code: claim.confirmationCode }),
          ),
        )
      ).status,
    ).toBe(404)

    const pending = await bookedClaim()
    db().update(claims).set({ appointmentAt: null }).where(eq(claims.id, pending.claim.id)).run()
    expect((await settle(() => ics(pending.claim.confirmationCode, pending.cookie))).status).toBe(404)
  })

  it('takes a message from the customer, refuses an empty one next to the field, and e-mails the operator and the shop', async () => {
    const { claim, cookie } = await bookedClaim()
    const post = (body: string) =>
      settle(() =>
        claimRoute.action(
          routeArgs(makeRequest(`/customer/claims/${claim.confirmationCode}`, { cookie, form: { body } }), {
            code: claim.confirmationCode,
          }),
        ),
      )
    const empty = await post('   ')
    expect(empty.status).toBe(400)
    expect((empty.data as { result: { error: Record<string, string[]> } }).result.error.body).toEqual(['Write your message.'])
    const sent = await post('Can you come earlier?')
    expect(sent.status).toBe(302)
    expect(
      outboxFor('desk@front-range.example').some(
        (email) => email.text.includes('Can you come earlier?') && email.text.includes(`/shop/jobs/${claim.id}`),
      ),
    ).toBe(true)
  })
})

describe('a photo-request link', () => {
  ensureSeeded()
  const operator = findOrCreateProfile('operator@example.com')

  async function asked() {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id)
    const { request, uploadUrl } = await requestPhotos({
      claimId: claim.id,
      audience: 'customer',
      note: 'A close-up of the chip, please.',
      operatorId: operator.id,
    })
    return { customer, claim, request, url: new URL(uploadUrl) }
  }

  const form = async () => {
    const data = new FormData()
    data.append('photos', await jpegFile('chip.jpg'))
    return data
  }
  const open = (url: URL, params: { code: string; requestId: string }) =>
    settle(() => photoRoute.loader(routeArgs(makeRequest(`${url.pathname}${url.search}`), params)))
  const send = async (url: URL, params: { code: string; requestId: string }) =>
    settle(async () => photoRoute.action(routeArgs(makeRequest(`${url.pathname}${url.search}`, { form: await form() }), params)))

  it('is e-mailed to the customer and adds photos once, without signing in', async () => {
    const { customer, claim, request, url } = await asked()
    expect(outboxFor(customer.email).some((email) => email.text.includes(url.pathname))).toBe(true)
    const params = { code: claim.confirmationCode, requestId: request.id }
    expect((await open(url, params)).status).toBe(200)
    const used = await send(url, params)
    expect(used.status).toBe(303)
    expect(db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id)).all()).toHaveLength(1)
    // Twice: refused with the page that says so, and nothing more is added.
    const again = await send(url, params)
    expect(again.status).toBe(410)
    expect(again.data).toMatchObject({ refusal: { title: 'This link was already used' } })
    expect((await open(url, params)).status).toBe(410)
    expect(db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id)).all()).toHaveLength(1)
  })

  it('is refused once expired', async () => {
    const { claim, request, url } = await asked()
    db()
      .update(photoRequests)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(photoRequests.id, request.id))
      .run()
    const expired = await send(url, { code: claim.confirmationCode, requestId: request.id })
    expect(expired.status).toBe(410)
    expect(expired.data).toMatchObject({ refusal: { title: 'This link has expired' } })
    // A link whose own expiry has passed, signed as such.
    const past = new URL(
      `${url.origin}${photoRequestPath(claim.confirmationCode, request.id)}?${signedPhotoRequestQuery(request.id, claim.confirmationCode, new Date(Date.now() - 1000))}`,
    )
    expect((await open(past, { code: claim.confirmationCode, requestId: request.id })).status).toBe(410)
  })

  it('is refused for another claim, and when changed', async () => {
    const first = await asked()
    const other = await asked()
    // A request of one claim, signed with another claim's code: the link does not belong to that claim.
    const crossed = new URL(
      `${first.url.origin}${photoRequestPath(other.claim.confirmationCode, first.request.id)}?${signedPhotoRequestQuery(first.request.id, other.claim.confirmationCode, new Date(Date.now() + 3_600_000))}`,
    )
    const refused = await send(crossed, { code: other.claim.confirmationCode, requestId: first.request.id })
    expect(refused.status).toBe(403)
    expect(refused.data).toMatchObject({ refusal: { title: 'This link is for another claim' } })
    // The code in the link changed by hand: the signature no longer holds.
    const changed = await open(first.url, { code: other.claim.confirmationCode, requestId: first.request.id })
    expect(changed.status).toBe(403)
    expect(changed.data).toMatchObject({ refusal: { title: 'This link is not valid' } })
    expect(db().select().from(claimDocuments).where(eq(claimDocuments.claimId, other.claim.id)).all()).toHaveLength(0)
    expect(new PhotoRequestRefused('used').message).toBe('This link was already used')
  })
})
