import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import * as adminClaimsClaimidRoute from '~/routes/admin.claims.$claimId'
import ClaimAppeal from '~/routes/customer.claims.$claimId.appeal'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs } from '../support/requests'

const AdminClaim = adminClaimsClaimidRoute.default
const adminClaimLoader = inOperatorArea(adminClaimsClaimidRoute.loader)

/** A route component's HTML for this loader data, rendered as the server would. */
function render(path: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([
    { path, Component: () => createElement(Component as never, { loaderData, actionData: undefined, params: {}, matches: [] }) },
  ])
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }))
}

const serverZone = process.env.TZ
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ
  else process.env.TZ = serverZone
})

describe('dates and prices on the pages', () => {
  it("the appeal page gives the deadline's day in UTC, whatever the server's own zone", () => {
    // 03:00 UTC on December 1 is still November 30 in Denver: the page must say the day every other page says.
    process.env.TZ = 'America/Denver'
    const html = render('/customer/claims/c1/appeal', ClaimAppeal, {
      claim: { id: 'c1', code: 'CS-ABCDEF', denialReason: 'Not covered.', deadline: '2026-12-01T03:00:00.000Z' },
    })
    expect(html).toContain('You can appeal until December 1, 2026.')
  })

  it("the operator's claim page shows a completed claim's cost as every price is shown", async () => {
    const operator = findOrCreateProfile('operator@example.com')
    const { policy } = createActivePolicy(createProfile().id)
    const group = createPartnerGroup('Cost Glass')
    const claim = createClaim(policy.id, {
      approvalStatus: 'completed',
      assignedPartnerGroupId: group.id,
      reviewedAt: '2026-11-20T10:00:00.000Z',
      completedAt: '2026-11-21T10:00:00.000Z',
      repairType: 'replacement',
      actualCostCents: 123456,
    })
    const cookie = await sessionCookieFor(operator.id)
    const page = await adminClaimLoader(routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie }), { claimId: claim.id }))
    const html = render(`/admin/claims/${claim.id}`, AdminClaim, page)
    expect(html).toContain('>$1,234.56</dd>')
  })
})
