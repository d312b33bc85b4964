import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { auditLog, partnerLocations, profiles } from '~/db/schema'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import * as adminSettingsRoute from '~/routes/admin.settings'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const settingsLoader = inOperatorArea(adminSettingsRoute.loader)
const settingsAction = inOperatorArea(adminSettingsRoute.action)
const claimLoader = inOperatorArea(adminClaimRoute.loader)

function render(path: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([
    { path, Component: () => createElement(Component as never, { loaderData, actionData: undefined, params: {}, matches: [] }) },
  ])
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }))
}

const operator = () => findOrCreateProfile('operator@example.com')

/** A claim whose shop (a location at `zip`) confirmed 9:30 on December 8, with an approval in its history. */
function claimAt(zip: string) {
  const group = createPartnerGroup(`Zone Glass ${createId(4)}`)
  const location = db()
    .insert(partnerLocations)
    .values({ partnerGroupId: group.id, name: `${group.name} — ${zip}`, slug: `zone-${createId(6).toLowerCase()}`, zip })
    .returning()
    .get()
  const { policy } = createActivePolicy(createProfile().id)
  const claim = createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: '2026-12-01T17:00:00.000Z',
    assignedPartnerGroupId: group.id,
    chosenLocationId: location.id,
    preferredDate: '2026-12-08',
    preferredSlot: 'morning',
    appointmentAt: '2026-12-08T09:30',
    appointmentConfirmedAt: '2026-12-02T16:00:00.000Z',
  })
  db()
    .insert(auditLog)
    .values({
      actor: operator().id,
      action: 'claim.approved',
      entityType: 'claim',
      entityId: claim.id,
      createdAt: '2026-12-01T17:00:00.000Z',
    })
    .run()
  return claim
}

async function claimPage(claimId: string) {
  const cookie = await sessionCookieFor(operator().id)
  const page = await claimLoader(routeArgs(makeRequest(`/admin/claims/${claimId}`, { cookie }), { claimId }))
  return { page, html: render(`/admin/claims/${claimId}`, adminClaimRoute.default, page) }
}

describe("the operator's time zone", () => {
  it('starts at Mountain time, refuses a zone not in the list next to the field, and keeps the one chosen', async () => {
    db().update(profiles).set({ timeZone: null }).where(eq(profiles.id, operator().id)).run()
    const cookie = await sessionCookieFor(operator().id)
    const loaded = await settingsLoader(routeArgs(makeRequest('/admin/settings', { cookie })))
    expect(loaded.timeZone).toBe('America/Denver')

    const refused = await settle(() =>
      settingsAction(routeArgs(makeRequest('/admin/settings', { cookie, form: { timeZone: 'Mars/Olympus_Mons' } }))),
    )
    expect(refused.status).toBe(400)
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error.timeZone).toEqual([
      'Choose one of the time zones in the list.',
    ])
    expect(db().select().from(profiles).where(eq(profiles.id, operator().id)).get()!.timeZone).toBeNull()

    const saved = await settle(() =>
      settingsAction(routeArgs(makeRequest('/admin/settings', { cookie, form: { timeZone: 'America/New_York' } }))),
    )
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/admin/settings')
    expect((await settingsLoader(routeArgs(makeRequest('/admin/settings', { cookie })))).timeZone).toBe('America/New_York')
    db().update(profiles).set({ timeZone: null }).where(eq(profiles.id, operator().id)).run()
  })

  it("shows an appointment in the shop's zone, and the history in the operator's, each with its abbreviation", async () => {
    const moab = claimAt('84532')
    const { page, html } = await claimPage(moab.id)
    expect(page.claim.appointmentZone).toBe("MST, the shop's time")
    expect(html).toContain('December 8, 2026 at 9:30 AM (MST, the shop&#x27;s time)')
    // The history, in the operator's zone (the default, Mountain), in words.
    expect(html).toContain('Claim approved</span> · Dec 1, 2026, 10:00 AM MST')
    expect(html).not.toContain('UTC')

    const newYork = claimAt('10001')
    expect((await claimPage(newYork.id)).page.claim.appointmentZone).toBe("EST, the shop's time")
  })
})
