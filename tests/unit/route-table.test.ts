import { describe, expect, it } from 'vitest'

import { createRouteIdLookup, createRouteRulesLookup, type ServerRoutes } from '~/server/route-table.server'

// The lookups remember their answers (React Router's matchRoutes flattens and ranks the whole route table on every
// call, and each request looks its path up twice): what they remember must be the answer matching gives, however many
// paths come and go (app/server/route-table.server.ts). What it saves is measured by the benchmarks (docs/benchmarks.md).
const routes: ServerRoutes = {
  root: { id: 'root', path: '', module: {} },
  'routes/_index': {
    id: 'routes/_index',
    parentId: 'root',
    index: true,
    module: { handle: { body: 'form', public: true, pageCache: true, originCheck: true } },
  },
  'routes/customer': {
    id: 'routes/customer',
    parentId: 'root',
    path: 'customer',
    module: { handle: { body: 'form', public: false, pageCache: false, originCheck: true } },
  },
  'routes/claim': {
    id: 'routes/claim',
    parentId: 'root',
    path: 'customer/claims/:claimId',
    module: { handle: { body: 'form', public: false, pageCache: false, originCheck: true } },
  },
}

describe('the route lookups remember', () => {
  it('answer a path again from memory with the answer matching gave', () => {
    const rulesFor = createRouteRulesLookup(routes)
    const first = rulesFor('/customer')
    expect(rulesFor('/customer')).toBe(first)
    expect(rulesFor('/')).toMatchObject({ public: true })
    expect(rulesFor('/')).toMatchObject({ public: true })

    const idFor = createRouteIdLookup(routes)
    expect(idFor('/customer/claims/c1')).toBe('routes/claim')
    expect(idFor('/customer/claims/c1')).toBe('routes/claim')
    expect(idFor('/nowhere')).toBeNull()
    expect(idFor('/nowhere')).toBeNull()
  })

  it('stay right past the number of paths they remember', () => {
    const idFor = createRouteIdLookup(routes)
    for (let index = 0; index < 1_200; index++) expect(idFor(`/customer/claims/c${index}`)).toBe('routes/claim')
    expect(idFor('/customer')).toBe('routes/customer')
  })
})
