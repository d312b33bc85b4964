import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { profiles } from '~/db/schema'
import { addCalendarDays, dayOf } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { listClaimsForProfile } from '~/models/claims/claims-read.server'
import { getPolicyForProfile, listPoliciesForProfile } from '~/models/policies/policies.server'
import CustomerDashboard, { loader } from '~/routes/customer'

import {
  commitmentBinding,
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createPolicy,
  createProfile,
  ensureSeeded,
  sessionCookieFor,
} from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

type DashboardData = Awaited<ReturnType<typeof loader>>

async function loadDashboard(profileId: string) {
  const cookie = await sessionCookieFor(profileId)
  return (await loader(routeArgs(makeRequest('/customer', { cookie })))) as Extract<DashboardData, { loadError: false }>
}

/** The dashboard's HTML for this loader data, rendered as the server would (no router data APIs needed). */
function renderDashboard(loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      path: '/customer',
      Component: () => createElement(CustomerDashboard as never, { loaderData, actionData: undefined, params: {}, matches: [] }),
    },
  ])
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ['/customer'] }))
}

/** One policy card's HTML out of the page. */
function cardOf(html: string, policyId: string) {
  const start = html.indexOf(`data-policy-id="${policyId}"`)
  expect(start).toBeGreaterThan(-1)
  const next = html.indexOf('data-policy-id="', start + 1)
  return html.slice(start, next === -1 ? html.indexOf('</section>', start) : next)
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

describe('customer dashboard', () => {
  ensureSeeded()

  it('sends a visitor who is not signed in to /auth with the way back', async () => {
    const response = await settle(() => loader(routeArgs(makeRequest('/customer'))))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/auth?redirect=%2Fcustomer')
  })

  it('greets by full name, else e-mail, and shows the empty states', async () => {
    const named = createProfile({ fullName: 'Jordan Lee' })
    const html = renderDashboard(await loadDashboard(named.id))
    expect(html).toContain('Welcome back, Jordan Lee')
    expect(html).toContain('Your Policies')
    expect(html).toContain('No policies yet')
    expect(html).toContain('href="/signup"')
    expect(html).toContain('View Plans')
    expect(html).toMatch(/id="claims"[^>]*>[\s\S]*Your Claims/)
    expect(html).toContain('No claims yet')

    const unnamed = createProfile({ fullName: null })
    expect(renderDashboard(await loadDashboard(unnamed.id))).toContain(`Welcome back, ${unnamed.email}`)
  })

  it('says how a repair shop will reach the customer: by phone when they gave one, else by e-mail', async () => {
    const withPhone = createProfile({ phone: '+18015550142' })
    expect(renderDashboard(await loadDashboard(withPhone.id))).toContain('A repair shop will reach you by phone at (801) 555-0142.')
    const withoutPhone = createProfile({ phone: null })
    expect(renderDashboard(await loadDashboard(withoutPhone.id))).toContain(
      `A repair shop will reach you by e-mail at ${withoutPhone.email}.`,
    )
  })

  it("renders seeded policies and claims with the product's texts", async () => {
    const customer = createProfile({ fullName: 'Casey Nguyen' })
    const termEnd = new Date(Date.now() + 200 * 24 * 60 * 60 * 1000)
    const incomplete = createPolicy(customer.id, {
      planType: 'chip_only',
      vehicleType: null,
      lookupKey: 'chip_only',
      monthlyPriceCents: 799,
      initialTermEndsAt: termEnd.toISOString(),
      ...commitmentBinding(),
    })
    // The commitment binds where the state lets it (New York after its free look) …
    const { policy: active, vehicle } = createActivePolicy(customer.id, {
      billingInterval: 'year',
      monthlyPriceCents: 2999,
      hasAdas: true,
      ...commitmentBinding(),
    })
    // … and not in Texas, where a contract may not forbid cancelling.
    const { policy: texas } = createActivePolicy(customer.id, { governingState: 'TX' })
    const { policy: pastTerm } = createActivePolicy(customer.id, { initialTermEndsAt: new Date(Date.now() - YEAR_MS / 12).toISOString() })
    const canceled = createPolicy(customer.id, { status: 'canceled', initialTermEndsAt: new Date(Date.now() - 1000).toISOString() })
    const pastDue = createPolicy(customer.id, { status: 'past_due' })
    const shop = createPartnerGroup('Wasatch Glass')
    const pending = createClaim(active.id, { submittedAt: '2026-11-21T15:00:00.000Z' })
    const approved = createClaim(active.id, {
      approvalStatus: 'approved',
      assignedPartnerGroupId: shop.id,
      submittedAt: '2026-11-20T10:00:00.000Z',
    })

    const dashboard = await loadDashboard(customer.id)
    expect(dashboard.policies).toHaveLength(6)
    expect(dashboard.claims.map((claim) => claim.id)).toEqual([pending.id, approved.id])
    const html = renderDashboard(dashboard)

    // Policies: badges, setup texts, vehicle, id, price, billing and buttons.
    expect(html).toContain('Incomplete')
    expect(html).toContain('Setup required to activate coverage')
    expect(html).toContain('Your coverage is active')
    expect(html).toContain('This policy has been cancelled')
    expect(html).toContain('Canceled')
    // A policy past due is told in words, never as its stored value.
    expect(html).toContain('Past due')
    expect(html).toContain('Your last payment failed: claims are paused until it goes through')
    expect(html).not.toContain('past_due')
    expect(html).toContain('Vehicle information pending')
    expect(html).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.licensePlateState} ${vehicle.licensePlate})`)
    expect(html).toContain(incomplete.id)
    expect(html).toContain('$7.99 / month')
    // A yearly policy: its price is a year's.
    expect(html).toContain('$29.99 / year')
    expect(html).toContain('Annual')
    expect(html).toContain('Monthly')
    expect(html).toContain('Chip Repair Only')
    expect(html).toContain('Comprehensive — Car')
    expect(html).toContain(`href="/customer/complete-policy?policy_id=${incomplete.id}"`)
    expect(html).toContain('Complete Policy Setup')
    expect(html).toContain(`href="/customer/submit-claim?policy_id=${active.id}"`)
    expect(html).toContain('Submit Claim')
    const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(termEnd)
    expect(html).toContain(`Annual commitment until ${longDate}. Cancellation available after this date.`)
    // Cancel only after the commitment and never for a canceled policy.
    expect(cardOf(html, pastTerm.id)).toContain('Cancel Policy')
    expect(cardOf(html, pastTerm.id)).not.toContain('Annual commitment until')
    expect(cardOf(html, active.id)).not.toContain('Cancel Policy')
    expect(cardOf(html, active.id)).toContain('Annual commitment until')
    expect(cardOf(html, texas.id)).toContain('Cancel Policy')
    expect(cardOf(html, texas.id)).not.toContain('Annual commitment until')
    expect(cardOf(html, canceled.id)).not.toContain('Cancel Policy')
    expect(cardOf(html, canceled.id)).not.toContain('Annual commitment until')
    expect(cardOf(html, pastDue.id)).not.toContain('Complete Policy Setup')
    expect(cardOf(html, pastDue.id)).not.toContain('Submit Claim')
    expect(cardOf(html, incomplete.id)).not.toContain('Submit Claim')

    // Claims: badge, date, plan and policy, partner group, code.
    expect(html).toContain('Pending Review')
    expect(html).toContain('Approved')
    expect(html).toContain('November 21, 2026')
    expect(html).toContain('November 20, 2026')
    expect(html).toContain(pending.confirmationCode)
    // The code's hint says what it is for now: only an approved claim goes to the shop.
    const claimCard = (claimId: string) =>
      html.slice(html.indexOf(`data-claim-id="${claimId}"`), html.indexOf('</dl>', html.indexOf(`data-claim-id="${claimId}"`)))
    expect(claimCard(approved.id)).toContain('Give this to the shop')
    expect(claimCard(pending.id)).not.toContain('Give this to the shop')
    expect(claimCard(pending.id)).toContain('Once the claim is approved, give it to the shop.')
    expect(html).toContain('Not assigned')
    expect(html).toContain('Wasatch Glass')
    expect(html).toContain(`(${active.policyNumber})`)
    // Each policy by its number, each claim by its code; the internal ids only in links and attributes, never in text.
    for (const policy of [incomplete, active, pastTerm, texas, canceled, pastDue])
      expect(cardOf(html, policy.id)).toContain(policy.policyNumber)
    // The code is said once, in the heading: no 'Claim ID' row repeating it.
    expect(claimCard(approved.id).split(approved.confirmationCode)).toHaveLength(2)
    expect(claimCard(approved.id)).not.toContain('Claim ID')
    const text = html.replace(/<[^>]*>/g, ' ')
    for (const id of [incomplete, active, pastTerm, texas, canceled, pastDue, pending, approved].map((row) => row.id))
      expect(text).not.toContain(id)
  })

  it('tells a customer whose appeal waits by when they will hear back (30 days from the appeal)', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    createClaim(policy.id, {
      approvalStatus: 'pending_review',
      reviewedAt: '2026-03-01T10:00:00.000Z',
      denialReason: 'Photos unclear',
      appealText: 'Here are better photos.',
      appealedAt: '2026-03-05T10:00:00.000Z',
    })
    const html = renderDashboard(await loadDashboard(customer.id))
    expect(html).toContain('Your appeal is in review. You will hear from us by April 4, 2026')
  })

  it("never shows another customer's policies or claims", async () => {
    const mine = createProfile()
    const theirs = createProfile()
    const { policy: myPolicy } = createActivePolicy(mine.id)
    const myClaim = createClaim(myPolicy.id)
    const { policy: theirPolicy } = createActivePolicy(theirs.id)
    const theirClaim = createClaim(theirPolicy.id)

    const html = renderDashboard(await loadDashboard(mine.id))
    expect(html).toContain(myPolicy.id)
    expect(html).toContain(myClaim.confirmationCode)
    expect(html).not.toContain(theirPolicy.id)
    expect(html).not.toContain(theirClaim.confirmationCode)

    expect(listPoliciesForProfile(mine.id).map((policy) => policy.id)).toEqual([myPolicy.id])
    expect(listClaimsForProfile(mine.id).map((claim) => claim.id)).toEqual([myClaim.id])
    expect(getPolicyForProfile(mine.id, theirPolicy.id)).toBeNull()
    expect(getPolicyForProfile(mine.id, myPolicy.id)?.vehicle).not.toBeNull()
  })

  it("sends a session whose profile row is gone to / with 'Profile not found'", async () => {
    const customer = createProfile()
    const cookie = await sessionCookieFor(customer.id)
    // Simulates a race: the session lookup saw the profile, the dashboard's own read does not.
    const request = makeRequest('/customer', { cookie })
    const { getSignedIn } = await import('~/auth/session.server')
    await getSignedIn(request)
    db().delete(profiles).where(eq(profiles.id, customer.id)).run()
    const response = await settle(() => loader(routeArgs(request)))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
  })
})

describe('the free look and the commitment, by date, in the customer zone', () => {
  it("says until when a full refund is available, counted in the zone of the customer's ZIP, and from when the commitment binds", async () => {
    // Houston: Texas's Central time (the state's default would be El Paso's Mountain time).
    const customer = createProfile({ zip: '77002' })
    const DAY = 24 * 60 * 60 * 1000
    const boughtTexas = new Date(Date.now() - 5 * DAY)
    const { policy: texas } = createActivePolicy(customer.id, { governingState: 'TX', createdAt: boughtTexas.toISOString() })
    const boughtNewYork = new Date(Date.now() - 10 * DAY)
    const { policy: newYork } = createActivePolicy(customer.id, {
      governingState: 'NY',
      createdAt: boughtNewYork.toISOString(),
      initialTermEndsAt: new Date(boughtNewYork.getTime() + 365 * DAY).toISOString(),
    })

    const dashboard = await loadDashboard(customer.id)
    const zones = Object.fromEntries(dashboard.policies.map((policy) => [policy.id, policy.timeZone]))
    expect(zones[texas.id]).toBe('America/Chicago')
    // A New York policy of a customer whose ZIP is in Texas is counted in New York's zone.
    expect(zones[newYork.id]).toBe('America/New_York')

    const html = renderDashboard(dashboard)
    const texasLastDay = dayOf(addCalendarDays(boughtTexas, 30, 'America/Chicago'), 'America/Chicago')
    expect(cardOf(html, texas.id)).toContain(`Full refund if you cancel by ${formatLongDate(texasLastDay)}.`)
    expect(cardOf(html, texas.id)).not.toContain('commitment binds from')
    const newYorkLastDay = dayOf(addCalendarDays(boughtNewYork, 30, 'America/New_York'), 'America/New_York')
    const bindsFrom = dayOf(addCalendarDays(boughtNewYork, 31, 'America/New_York'), 'America/New_York')
    expect(cardOf(html, newYork.id)).toContain(`Full refund if you cancel by ${formatLongDate(newYorkLastDay)}.`)
    expect(cardOf(html, newYork.id)).toContain(`Your 12-month commitment binds from ${formatLongDate(bindsFrom)}`)
  })
})
