import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, priceChangeNotices } from '~/db/schema'
import { runPriceChanges, schedulePriceChange } from '~/models/policies/price-changes.server'
import { getPricing } from '~/models/policies/pricing.server'
import * as adminPricesRoute from '~/routes/admin.prices'
import { action as consentAction, loader as consentLoader } from '~/routes/price-change.$token'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, getPolicy, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/**
 * New York (and a policy whose state is unknown, under the most protective rule) lets a higher price reach a subscriber
 * only once they accept it: the notice carries a link, the signed-in owner accepts on /price-change/:token, and the
 * daily job moves only accepted notices; the operator sees who did not accept. Local payments here.
 */

const at = (iso: string) => new Date(iso)
const pricesLoader = inOperatorArea(adminPricesRoute.loader)
const operator = () => findOrCreateProfile('operator@example.com')

beforeAll(() => ensureSeeded())

const tokenFrom = (text: string) => text.match(/\/price-change\/([A-Za-z0-9_-]+)/)?.[1] ?? null
const priceNotice = (email: string) => outboxFor(email).find((mail) => mail.tag === 'price-change')

function subscriber(state: string | null, key: 'comprehensive_car_adas_true' | 'chip_only', cents: number) {
  const customer = createProfile()
  const { policy } = createActivePolicy(customer.id, {
    governingState: state,
    lookupKey: key,
    hasAdas: key === 'comprehensive_car_adas_true',
    planType: key === 'chip_only' ? 'chip_only' : 'comprehensive',
    vehicleType: key === 'chip_only' ? null : 'car',
    monthlyPriceCents: cents,
    createdAt: '2030-06-25T12:00:00.000Z',
  })
  return { customer, policy }
}

async function load(token: string, cookie?: string) {
  return settle(() => consentLoader(routeArgs(makeRequest(`/price-change/${token}`, { cookie }), { token })))
}

async function accept(token: string, cookie: string) {
  return settle(() => consentAction(routeArgs(makeRequest(`/price-change/${token}`, { cookie, form: {} }), { token })))
}

describe('a higher price that needs the subscriber consent', () => {
  it('is applied only to those who accepted, after they did; others keep their price and the operator sees them', async () => {
    const key = 'comprehensive_car_adas_true' as const
    const oldCents = (await getPricing())[key]!
    const accepting = subscriber('NY', key, oldCents)
    const declining = subscriber('NY', key, oldCents)
    const unknown = subscriber(null, key, oldCents)
    const texan = subscriber('TX', key, oldCents)

    const change = await schedulePriceChange(
      operator().id,
      { lookupKey: key, amountCents: oldCents + 400, effectiveOn: '2031-02-15' },
      at('2031-01-10T09:00:00Z'),
    )
    // Not yet: the change's first charge (February 25) is 45 days away, and New York's window, and an unknown state's,
    // opens 30 days before it; the Texan's opens now.
    await runPriceChanges(at('2031-01-11T03:00:00Z'))
    expect(priceNotice(accepting.customer.email)).toBeUndefined()
    expect(priceNotice(unknown.customer.email)).toBeUndefined()
    expect(priceNotice(texan.customer.email)).toBeDefined()
    await runPriceChanges(at('2031-01-26T03:00:00Z'))
    const notices = db().select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, change.id)).all()
    const noticeOf = (policyId: string) => notices.find((notice) => notice.policyId === policyId)!
    for (const { policy } of [accepting, declining, unknown]) {
      expect(noticeOf(policy.id)).toMatchObject({ consentRequired: true, acceptedAt: null })
      expect(noticeOf(policy.id).consentTokenHash).toMatch(/^[0-9a-f]{64}$/)
    }
    expect(noticeOf(texan.policy.id)).toMatchObject({ consentRequired: false, consentTokenHash: null })

    // The notice asks for consent and links to the page; the Texan's is the usual notice.
    const mail = priceNotice(accepting.customer.email)!
    expect(mail.subject).toBe('Your Glass Plan price: please accept the new price by February 25, 2031')
    expect(mail.text).toContain(`If you do not accept it, nothing changes: your plan stays at $${(oldCents / 100).toFixed(2)}.`)
    const token = tokenFrom(mail.text)!
    expect(token).toHaveLength(43)
    // Only the hash is stored.
    expect(JSON.stringify(notices)).not.toContain(token)
    expect(tokenFrom(priceNotice(texan.customer.email)!.text)).toBeNull()
    expect(priceNotice(texan.customer.email)!.subject).toBe('Your Glass Plan price changes on February 25, 2031')
    expect(priceNotice(texan.customer.email)!.text).toContain('to avoid the charge on February 25, 2031, cancel by February 24, 2031.')

    // The page: plan, both prices, the first charge, the button; signed out it asks to sign in first.
    const cookie = await sessionCookieFor(accepting.customer.id)
    const page = await load(token, cookie)
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({
      consent: {
        policyId: accepting.policy.id,
        planName: 'Comprehensive — Car + ADAS',
        oldPrice: `$${(oldCents / 100).toFixed(2)}`,
        newPrice: `$${((oldCents + 400) / 100).toFixed(2)}`,
        startsOn: '2031-02-25T12:00:00.000Z',
        acceptedAt: null,
        closed: false,
      },
    })
    const signedOut = await load(token)
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe(`/auth?redirect=${encodeURIComponent(`/price-change/${token}`)}`)

    // Another customer holding the link, and an unknown link: the same 404, nothing accepted.
    const otherCookie = await sessionCookieFor(declining.customer.id)
    expect((await load(token, otherCookie)).status).toBe(404)
    expect((await accept(token, otherCookie)).status).toBe(404)
    expect((await load('no-such-token', cookie)).status).toBe(404)
    expect((await accept('no-such-token', cookie)).status).toBe(404)

    const accepted = await accept(token, cookie)
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('Location')).toBe(`/price-change/${token}`)
    expect((await accept(token, cookie)).status).toBe(302) // a repeated submit changes nothing
    const acceptedRow = db()
      .select()
      .from(priceChangeNotices)
      .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, accepting.policy.id)))
      .get()!
    expect(acceptedRow.acceptedAt).not.toBeNull()
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, accepting.policy.id), eq(auditLog.action, 'policy.price_change_accepted')))
      .all()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actor: accepting.customer.id,
      detail: { priceChangeId: change.id, from: oldCents, to: oldCents + 400 },
    })
    expect(((await load(token, cookie)).data as { consent: { acceptedAt: string | null } }).consent.acceptedAt).toBe(acceptedRow.acceptedAt)

    // The renewal after the date: the one who accepted and the Texan move; the others keep their price.
    await runPriceChanges(at('2031-02-15T09:00:00Z'))
    await runPriceChanges(at('2031-02-25T12:00:00Z'))
    expect(getPolicy(accepting.policy.id)!.monthlyPriceCents).toBe(oldCents + 400)
    expect(getPolicy(texan.policy.id)!.monthlyPriceCents).toBe(oldCents + 400)
    expect(getPolicy(declining.policy.id)!.monthlyPriceCents).toBe(oldCents)
    expect(getPolicy(unknown.policy.id)!.monthlyPriceCents).toBe(oldCents)

    // The operator's list for this change: who needed to consent, the notice's date, accepted or not.
    const cookieOperator = await sessionCookieFor(operator().id)
    const prices = (await pricesLoader(routeArgs(makeRequest('/admin/prices', { cookie: cookieOperator })))) as {
      changes: Array<{ id: string; consents: Array<{ policyId: string; email: string; noticeSentAt: string; acceptedAt: string | null }> }>
    }
    const listed = prices.changes.find((row) => row.id === change.id)!.consents
    expect(listed.map((row) => row.policyId).sort()).toEqual([accepting.policy.id, declining.policy.id, unknown.policy.id].sort())
    // A person quotes the policy by its number (the random id stays in links only).
    expect(listed.find((row) => row.policyId === declining.policy.id)).toEqual({
      policyId: declining.policy.id,
      policyNumber: declining.policy.policyNumber,
      profileId: declining.customer.id,
      email: declining.customer.email,
      noticeSentAt: '2031-01-26T03:00:00.000Z',
      acceptedAt: null,
    })
    expect(listed.find((row) => row.policyId === accepting.policy.id)!.acceptedAt).toBe(acceptedRow.acceptedAt)

    // Accepting late: the next run moves them too.
    const lateToken = tokenFrom(priceNotice(declining.customer.email)!.text)!
    expect((await accept(lateToken, otherCookie)).status).toBe(302)
    await runPriceChanges(at('2031-03-01T09:00:00Z'))
    expect(getPolicy(declining.policy.id)!.monthlyPriceCents).toBe(oldCents + 400)
    expect(getPolicy(unknown.policy.id)!.monthlyPriceCents).toBe(oldCents)
  })

  it('a lower price needs no consent, in New York too', async () => {
    const oldCents = (await getPricing()).chip_only!
    const newYorker = subscriber('NY', 'chip_only', oldCents)
    const change = await schedulePriceChange(
      operator().id,
      { lookupKey: 'chip_only', amountCents: oldCents - 100, effectiveOn: '2031-02-15' },
      at('2031-01-10T09:00:00Z'),
    )
    await runPriceChanges(at('2031-01-26T03:00:00Z'))
    const notice = db()
      .select()
      .from(priceChangeNotices)
      .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, newYorker.policy.id)))
      .get()!
    expect(notice).toMatchObject({ consentRequired: false, consentTokenHash: null })
    expect(tokenFrom(priceNotice(newYorker.customer.email)!.text)).toBeNull()
    await runPriceChanges(at('2031-02-15T09:00:00Z'))
    await runPriceChanges(at('2031-02-25T12:00:00Z'))
    expect(getPolicy(newYorker.policy.id)!.monthlyPriceCents).toBe(oldCents - 100)
  })
})
