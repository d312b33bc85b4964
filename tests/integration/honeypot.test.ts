import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { localCheckouts } from '~/db/schema'
import { INVALID_EMAIL } from '~/domain/messages'
import { action as authAction, loader as authLoader } from '~/routes/auth'
import { action as signupAction, loader as signupLoader } from '~/routes/signup'
import { HONEYPOT_FIELD, HONEYPOT_STAMP_FIELD } from '~/utils/honeypot-fields'

import { ensureSeeded, uniqueEmail } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { SIGNUP_FIELDS } from '../support/signup-form'

// The forms a stranger posts without signing in carry a honeypot (app/utils/honeypot-fields.ts): a person's post goes through;
// a bot's gets exactly the answer a person's empty form gets.

const shownPrices = JSON.stringify({
  chip_only: 799,
  comprehensive_car_adas_false: 1999,
  comprehensive_car_adas_true: 2999,
  comprehensive_trucksuv_adas_false: 2499,
  comprehensive_trucksuv_adas_true: 3499,
})

beforeAll(() => {
  ensureSeeded()
})

/** The stamp the page's loader put in its form, as a browser sends it back. */
async function stampFrom(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}) {
  const page = (await settle(() => loader(routeArgs(makeRequest(path), params)))).data as { honeypot: { stamp: string } }
  expect(page.honeypot.stamp).toMatch(/^\d+\.[\w-]+$/)
  return page.honeypot.stamp
}

function checkouts() {
  return db().select().from(localCheckouts).all().length
}

type Answer = { status: number; data: unknown }
/** What a person sees of an answer: its status and its message, not the echo of what was typed. */
function shownOf(answer: Answer) {
  const data = answer.data as { toast?: unknown; planType?: unknown; intent?: unknown } | null
  return { status: answer.status, toast: data?.toast, planType: data?.planType, intent: data?.intent }
}

describe.each([
  ['/signup', {}],
  ['/signup/sample-auto-glass', { slug: 'sample-auto-glass' }],
])('the honeypot on %s', (path, params) => {
  const post = (form: Record<string, string>) => settle(() => signupAction(routeArgs(makeRequest(path, { form }), params)))

  it("lets a person's post through to the checkout, with the fields as the page rendered them", async () => {
    const stamp = await stampFrom(signupLoader, path, params)
    const before = checkouts()
    const answer = await post({
      planType: 'chip_only',
      acceptTerms: 'on',
      ...SIGNUP_FIELDS,
      shownPrices,
      [HONEYPOT_FIELD]: '',
      [HONEYPOT_STAMP_FIELD]: stamp,
    })
    expect(answer.status).toBe(303)
    expect(checkouts()).toBe(before + 1)
  })

  it("refuses a filled trap or a changed stamp with a person's bad-form answer, and starts nothing", async () => {
    const stamp = await stampFrom(signupLoader, path, params)
    const before = checkouts()
    const empty = await post({ planType: 'chip_only' })
    expect(empty.status).toBe(400)
    const complete = { planType: 'chip_only', acceptTerms: 'on', ...SIGNUP_FIELDS, shownPrices }
    const trapped = await post({ ...complete, [HONEYPOT_FIELD]: 'https://cheap-pills.example', [HONEYPOT_STAMP_FIELD]: stamp })
    const forged = await post({ ...complete, [HONEYPOT_FIELD]: '', [HONEYPOT_STAMP_FIELD]: 'https://cheap-pills.example' })
    expect(shownOf(trapped)).toEqual(shownOf(empty))
    expect(shownOf(forged)).toEqual(shownOf(empty))
    expect(shownOf(trapped).toast).toMatchObject({ title: 'Terms of Service Required' })
    expect(checkouts()).toBe(before)
  })
})

describe('the honeypot on /auth', () => {
  const post = (form: Record<string, string>) => settle(() => authAction(routeArgs(makeRequest('/auth', { form }))))

  it("sends a person's link, and answers a bot as an empty form without sending anything", async () => {
    const stamp = await stampFrom(authLoader, '/auth')
    const person = uniqueEmail('person')
    const sent = await post({ intent: 'send', email: person, [HONEYPOT_FIELD]: '', [HONEYPOT_STAMP_FIELD]: stamp })
    expect(sent.status).toBe(302)
    expect(outboxFor(person)).toHaveLength(1)

    const bot = uniqueEmail('bot')
    const empty = await post({ intent: 'send', email: '' })
    const trapped = await post({
      intent: 'send',
      email: bot,
      [HONEYPOT_FIELD]: 'https://cheap-pills.example',
      [HONEYPOT_STAMP_FIELD]: stamp,
    })
    expect(trapped.status).toBe(400)
    expect(shownOf(trapped)).toEqual(shownOf(empty))
    expect(shownOf(trapped).toast).toMatchObject(INVALID_EMAIL)
    expect(outboxFor(bot)).toHaveLength(0)
  })

  it("answers a post without the page's stamp (a script that never loaded the form) as an empty form", async () => {
    const script = uniqueEmail('script')
    const empty = await post({ intent: 'send', email: '' })
    const unstamped = await settle(() =>
      authAction(
        routeArgs(makeRequest('/auth', { form: { intent: 'send', email: script, [HONEYPOT_FIELD]: '' }, withoutPageStamp: true })),
      ),
    )
    expect(shownOf(unstamped)).toEqual(shownOf(empty))
    expect(outboxFor(script)).toHaveLength(0)
  })
})
