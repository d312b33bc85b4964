import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, partnerGroups } from '~/db/schema'
import routes from '~/routes'
import * as adminCustomersProfileidRoute from '~/routes/admin.customers.$profileId'
import * as adminPartnersRoute from '~/routes/admin.partners'
import { fieldLimits } from '~/validation/limits'
import { CancelOnBehalfSchema, CorrectVehicleSchema } from '~/validation/operator'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] }
type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown }

const area = (routes as RouteEntry[]).find((route) => route.path === 'admin')!
const modules = import.meta.glob<RouteModule>('../../app/routes/admin*.{ts,tsx}')
const moduleOf = (file: string) => modules[`../../app/${file}`]!()

describe('the operator area', () => {
  ensureSeeded()

  it('is one layout: every /admin path is inside it, and the layout runs the guard', async () => {
    expect(area.file).toBe('routes/admin.tsx')
    const outside = (routes as RouteEntry[]).filter((route) => route !== area && route.path?.startsWith('admin'))
    expect(outside.map((route) => route.path)).toEqual([])
    expect(area.children!.length).toBeGreaterThanOrEqual(10)
  })

  it("answers 404 to a customer and to a visitor on every route's loader and action, and runs neither", async () => {
    const customer = await sessionCookieFor(createProfile().id)
    const answers: string[] = []
    for (const child of area.children!) {
      const path = `/admin${child.index ? '' : `/${child.path!.replace(':claimId', 'x').replace(':profileId', 'x')}`}`
      const route = await moduleOf(child.file)
      const params = { claimId: 'x', profileId: 'x' }
      for (const cookie of [customer, undefined]) {
        const who = cookie ? 'customer' : 'visitor'
        if (route.loader) {
          const answer = await settle(() => inOperatorArea(route.loader!)(routeArgs(makeRequest(path, { cookie }), params)))
          answers.push(`GET ${path} as ${who}: ${answer.status}`)
        }
        if (route.action) {
          const request = makeRequest(path, { cookie, form: { intent: 'create-group', name: 'Sneaky Glass' } })
          const answer = await settle(() => inOperatorArea(route.action!)(routeArgs(request, params)))
          answers.push(`POST ${path} as ${who}: ${answer.status}`)
        }
      }
    }
    // Every leaf has a loader; the four form pages have an action.
    expect(answers.filter((line) => line.startsWith('GET'))).toHaveLength(area.children!.length * 2)
    expect(answers.filter((line) => line.startsWith('POST')).length).toBeGreaterThanOrEqual(8)
    expect(answers.filter((line) => !line.endsWith(': 404'))).toEqual([])
    expect(db().select().from(partnerGroups).where(eq(partnerGroups.name, 'Sneaky Glass')).all()).toHaveLength(0)
  })

  it("records the operator the guard put into the context as the action's actor", async () => {
    const operator = findOrCreateProfile('operator@example.com')
    const cookie = await sessionCookieFor(operator.id)
    const name = 'Context Glass'
    const request = makeRequest('/admin/partners', { cookie, form: { intent: 'create-group', name } })
    expect((await settle(() => inOperatorArea(adminPartnersRoute.action)(routeArgs(request)))).status).toBe(302)
    const group = db().select().from(partnerGroups).where(eq(partnerGroups.name, name)).get()!
    const entry = db().select().from(auditLog).where(eq(auditLog.entityId, group.id)).get()
    expect(entry?.actor).toBe(operator.id)
  })

  it("gives the customer page's form fields the schemas' length limits", async () => {
    const customer = createProfile()
    createActivePolicy(customer.id)
    const cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
    const path = `/admin/customers/${customer.id}`
    const loaderData = await inOperatorArea(adminCustomersProfileidRoute.loader)(
      routeArgs(makeRequest(path, { cookie }), { profileId: customer.id }),
    )
    const Page = adminCustomersProfileidRoute.default as never
    const Stub = createRoutesStub([
      { path, Component: () => createElement(Page, { loaderData, actionData: undefined, params: {}, matches: [] } as never) },
    ])
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: [path] }))

    const limitsShown = (form: string) => {
      const start = html.indexOf(`name="intent" value="${form}"`)
      const end = html.indexOf('</form>', start)
      expect(start, form).toBeGreaterThan(-1)
      const fields: Record<string, number | null> = {}
      for (const tag of html.slice(start, end).matchAll(/<(?:input|textarea)\b[^>]*>/g)) {
        const name = /name="([^"]+)"/.exec(tag[0])?.[1]
        if (!name || /type="hidden"/.test(tag[0])) continue
        const maxLength = /maxLength="(\d+)"/i.exec(tag[0])?.[1]
        fields[name] = maxLength ? Number(maxLength) : null
      }
      return fields
    }

    const correction = fieldLimits(CorrectVehicleSchema('comprehensive'))
    expect(limitsShown('correct-vehicle')).toEqual({
      licensePlate: correction.licensePlate.maxLength,
      year: String(new Date().getFullYear()).length,
      make: correction.make.maxLength,
      model: correction.model.maxLength,
      vin: correction.vin.maxLength,
      reason: correction.reason.maxLength,
    })
    // The numbers themselves, so a helper that read nothing could not pass.
    expect(correction.licensePlate.maxLength).toBe(10)
    expect(correction.reason.maxLength).toBe(CancelOnBehalfSchema.shape.reason.maxLength)
    expect(limitsShown('cancel-policy')).toEqual({ reason: CancelOnBehalfSchema.shape.reason.maxLength })
  })
})
