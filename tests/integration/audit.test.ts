import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog } from '~/db/schema'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditActionLabel } from '~/domain/audit'
import { recordAudit } from '~/models/operations/audit.server'
import * as adminActivityRoute from '~/routes/admin.activity'

import { createProfile, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const AdminActivity = adminActivityRoute.default
const activityLoader = inOperatorArea(adminActivityRoute.loader)

const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

async function activity(query: string) {
  const result = await settle(async () => activityLoader(routeArgs(makeRequest(`/admin/activity${query}`, { cookie: await operator() }))))
  return result as { status: number; data: Awaited<ReturnType<typeof activityLoader>>['data'] }
}

/** The activity page's HTML for this loader data, rendered as the server would. */
function renderActivity(loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      path: '/admin/activity',
      Component: () => createElement(AdminActivity as never, { loaderData, actionData: undefined, params: {}, matches: [] }),
    },
  ])
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ['/admin/activity'] }))
}

/** The [value, text] of each option of the page's <select name="…">. */
function optionsOf(html: string, name: string) {
  const select = new RegExp(`<select name="${name}"[^>]*>(.*?)</select>`).exec(html)
  expect(select, `a <select name="${name}">`).not.toBeNull()
  return [...select![1]!.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [match[1], match[2]])
}

describe('the audit actions', () => {
  it('name each action once, with a label and a kind of record the log knows', () => {
    const actions = AUDIT_ACTIONS.map((entry) => entry.action)
    expect(new Set(actions).size).toBe(actions.length)
    for (const entry of AUDIT_ACTIONS) {
      expect(entry.label.trim(), entry.action).not.toBe('')
      expect(AUDIT_ENTITY_TYPES, entry.action).toContain(entry.entity)
    }
  })

  it('are written only through recordAudit, which files each under the kind of record of its action', () => {
    // Every write to the audit log in the app goes through app/models/operations/audit.server.ts.
    const appDir = path.resolve('app')
    const writers = (fs.readdirSync(appDir, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => /\.insert\(\s*auditLog\s*\)/.test(fs.readFileSync(path.join(appDir, file), 'utf8')))
    expect(writers).toEqual([path.join('models', 'operations', 'audit.server.ts')])

    const subject = createProfile()
    recordAudit(db(), { actor: subject.id, action: 'privacy.data_exported', entityId: subject.id, detail: { files: 2 } })
    recordAudit(db(), { actor: 'system', action: 'price_change.cancelled', entityId: 'change-1' })
    const rows = db().select().from(auditLog).where(eq(auditLog.actor, subject.id)).all()
    expect(rows.map(({ action, entityType, entityId, detail }) => ({ action, entityType, entityId, detail }))).toEqual([
      { action: 'privacy.data_exported', entityType: 'profile', entityId: subject.id, detail: { files: 2 } },
    ])
    const cancelled = db().select().from(auditLog).where(eq(auditLog.entityId, 'change-1')).get()
    expect(cancelled).toMatchObject({ action: 'price_change.cancelled', entityType: 'price_change', detail: null })
  })

  it('refuse an action that is not on the list (the compiler, and at run time a cast)', () => {
    const before = db().select().from(auditLog).all().length
    expect(() =>
      // @ts-expect-error — an action must be one of AUDIT_ACTIONS: `npm run typecheck` fails if this line compiles.
      recordAudit(db(), { actor: 'system', action: 'policy.vanished', entityId: 'p1' }),
    ).toThrow('Unknown audit action: policy.vanished')
    expect(db().select().from(auditLog).all().length).toBe(before)
  })
})

describe("the activity page's action filter", () => {
  it('offers every action of AUDIT_ACTIONS, by its label, and nothing else', async () => {
    const page = await activity('')
    expect(page.status).toBe(200)
    expect(optionsOf(renderActivity(page.data), 'action')).toEqual([
      ['', 'Any action'],
      ...AUDIT_ACTIONS.map((entry) => [entry.action, entry.label]),
    ])
  })

  it('shows the entries of the chosen action only, named by its label', async () => {
    const subject = createProfile()
    recordAudit(db(), { actor: subject.id, action: 'profile.deletion_requested', entityId: subject.id, detail: {} })
    recordAudit(db(), { actor: subject.id, action: 'profile.email_change_requested', entityId: subject.id, detail: {} })

    const page = await activity(`?entity=profile&id=${subject.id}&action=profile.deletion_requested`)
    expect(page.status).toBe(200)
    expect(page.data.filters.action).toBe('profile.deletion_requested')
    const rows = page.data.result.rows as { entry: { action: string } }[]
    expect(rows.map((row) => row.entry.action)).toEqual(['profile.deletion_requested'])
    const html = renderActivity(page.data)
    const table = html.slice(html.indexOf('<tbody'))
    expect(table).toContain(`${auditActionLabel('profile.deletion_requested')}<code`)
    expect(table).not.toContain('profile.email_change_requested')
    // The chosen action stays chosen in the filter form.
    expect(html).toMatch(/<option value="profile.deletion_requested" selected="">/)
  })

  it('answers an action that is not on the list with a 400 and the reason', async () => {
    const page = await activity('?action=policy.vanished')
    expect(page.status).toBe(400)
    expect(page.data.notice).toBe('Unknown action: choose one from the list.')
  })

  it('still shows an entry whose action the list does not know, by its stored name', () => {
    expect(auditActionLabel('test.entry')).toBe('test.entry')
    expect(auditActionLabel('claim.approved')).toBe('Claim approved')
  })
})
