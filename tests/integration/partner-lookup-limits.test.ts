import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { lookupClaimByCode, RateLimitedError, SITE_WRONG_CODE_LIMIT, WRONG_CODE_LIMIT } from '~/auth/shop-lookup-limits.server'
import { db } from '~/db/client.server'
import { rateLimits } from '~/db/schema'
import { generateConfirmationCode } from '~/domain/claims'
import { resetEnvForTests } from '~/env.server'
import { action as apiGetClaim } from '~/routes/api.get-claim-by-code'
import { loader as partnerLoader } from '~/routes/partner.complete-claim'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile, ensureSeeded } from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

// Per-address limits need distinct addresses: read the client address from a header, as in production.
process.env.CLIENT_IP_HEADER = 'X-Forwarded-For'
resetEnvForTests()

beforeAll(() => ensureSeeded())
beforeEach(() => {
  db().delete(rateLimits).run()
})

async function lookUp(code: string, ip: string) {
  const request = new Request('http://localhost:3999/api/get-claim-by-code', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3999', 'X-Forwarded-For': ip },
    body: JSON.stringify({ code }),
  })
  const response = (await apiGetClaim(routeArgs(request))) as Response
  return { status: response.status, body: (await response.json()) as { error?: string; claim?: { id: string } } }
}

function approvedClaim() {
  const { policy } = createActivePolicy(createProfile().id)
  return createClaim(policy.id, {
    approvalStatus: 'approved',
    assignedPartnerGroupId: createPartnerGroup().id,
  })
}

/** A well-formed code that no claim has (one in 887 million would be a claim of this small database: none). */
function wrongCode() {
  return generateConfirmationCode()
}

describe('per-address limit on wrong codes', () => {
  it('counts an IPv6 /64 as one address: rotating within it gets a 429 at the 11th wrong code', async () => {
    for (let i = 1; i <= WRONG_CODE_LIMIT.limit; i++) {
      expect((await lookUp(wrongCode(), `2001:db8:aa:1::${i.toString(16)}`)).status).toBe(404)
    }
    const rotated = await lookUp(wrongCode(), '2001:db8:aa:1:ffff:eeee:dddd:1')
    expect(rotated.status).toBe(429)
    expect(rotated.body.error).toMatch(/^Too many attempts\. Please wait/)
    // Even the right code is refused to that /64 while its block lasts; the next /64 is someone else.
    expect((await lookUp(approvedClaim().confirmationCode, '2001:db8:aa:1::abc')).status).toBe(429)
    expect((await lookUp(wrongCode(), '2001:db8:aa:2::1')).status).toBe(404)
  })
})

describe('site-wide limit on wrong codes', () => {
  it('after 200 wrong codes from 25 addresses, refuses unknown addresses right or wrong, while known shops keep working', async () => {
    const known = approvedClaim()
    const shop = '198.51.100.250'
    expect((await lookUp(known.confirmationCode, shop)).status).toBe(200) // a shop at work: now a known address

    // 25 addresses, each below its own limit (8 of 10): the old per-address limit never fired.
    const perAddress = 8
    const addresses = SITE_WRONG_CODE_LIMIT.limit / perAddress
    for (let a = 1; a <= addresses; a++) {
      for (let i = 0; i < perAddress; i++) expect((await lookUp(wrongCode(), `203.0.113.${a}`)).status).toBe(404)
    }

    const next = await lookUp(wrongCode(), '203.0.113.100')
    expect(next.status).toBe(429)
    expect(next.body.error).toMatch(/^Lookups are paused after many wrong codes\. Please wait \d+ minutes/)

    // Refused before the code is looked at: a right code from an unknown address gets the same 429, so the block
    // tells a guesser nothing.
    const target = approvedClaim()
    expect((await lookUp(target.confirmationCode, '203.0.113.101')).status).toBe(429)
    expect((await lookUp(wrongCode(), '203.0.113.1')).status).toBe(429)

    // The shop's page says what happened, without blaming the shop's connection.
    const page = await settle(() =>
      partnerLoader(
        routeArgs(
          makeRequest(`/partner/complete-claim?code=${target.confirmationCode}`, { headers: { 'X-Forwarded-For': '203.0.113.102' } }),
        ),
      ),
    )
    expect(page.status).toBe(429)
    expect(page.data).toMatchObject({ view: { kind: 'rate_limited', sitewide: true } })

    // A known shop still looks claims up (and its own typos are only its own limit's business).
    const found = await lookUp(target.confirmationCode, shop)
    expect(found.status).toBe(200)
    expect(found.body.claim?.id).toBe(target.id)
    expect((await lookUp(wrongCode(), shop)).status).toBe(404)

    // When the block is over, everyone looks up again.
    const later = new Date(Date.now() + SITE_WRONG_CODE_LIMIT.blockMs + 60_000)
    expect(lookupClaimByCode(target.confirmationCode, '203.0.113.101', later)).toMatchObject({ state: 'approved' })
  })

  it('lets one claim code make only a few addresses known shops', async () => {
    const own = approvedClaim()
    // A customer looks their own approved claim up from many addresses, hoping to guess from them during a block.
    for (let i = 1; i <= 10; i++) expect((await lookUp(own.confirmationCode, `192.0.2.${i}`)).status).toBe(200)
    for (let i = 0; i < SITE_WRONG_CODE_LIMIT.limit; i++) await lookUp(wrongCode(), `198.18.${Math.floor(i / 8)}.1`)

    const statuses = []
    for (let i = 1; i <= 10; i++) statuses.push((await lookUp(wrongCode(), `192.0.2.${i}`)).status)
    expect(statuses.filter((status) => status === 404)).toHaveLength(3)
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
  })

  it('does not count malformed codes (typos) towards the site-wide limit', () => {
    const now = new Date()
    for (let i = 0; i < SITE_WRONG_CODE_LIMIT.limit + 10; i++) {
      const address = `198.19.${Math.floor(i / 8)}.${i % 8}`
      expect(lookupClaimByCode('CS-12', address, now)).toEqual({ state: 'not_found' })
    }
    expect(() => lookupClaimByCode(wrongCode(), '198.19.200.1', now)).not.toThrow(RateLimitedError)
  })
})
