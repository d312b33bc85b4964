import { beforeAll, describe, expect, it } from 'vitest'

import { DEMO_POLICIES } from '~/components/demo/sample-data'
import { action as realAction } from '~/routes/customer.submit-claim'
import { action as demoAction } from '~/routes/demo.submit-claim'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { jpeg as makeJpeg } from '../support/photos'
import { makeRequest, routeArgs, settle } from '../support/requests'

/**
 * The demo and the real claim form give the same message for the same input — the field messages and the one
 * toast — because both ask `checkClaimForm` (and the real one refuses nothing the demo lets through before storing).
 */

const DEMO_ACTIVE = DEMO_POLICIES.find((policy) => policy.status === 'active')!
let cookie: string
let policyId: string
let jpeg: Buffer

beforeAll(async () => {
  ensureSeeded()
  const profile = createProfile()
  policyId = createActivePolicy(profile.id).policy.id
  cookie = await sessionCookieFor(profile.id)
  jpeg = await makeJpeg({ width: 32, height: 32, colour: '#888' })
})

type Answer = { status: number; data: { errors?: Record<string, string[]>; toast?: { title: string; description?: string } } }

function formOf(fields: Record<string, string>, photos: number) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (let i = 0; i < photos; i++) form.append('photos', new File([new Uint8Array(jpeg)], `damage-${i}.jpg`, { type: 'image/jpeg' }))
  return form
}

async function both(fields: Record<string, string>, photos: number) {
  const real = (await settle(() =>
    realAction(
      routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policyId}`, { form: formOf({ policyId, ...fields }, photos), cookie })),
    ),
  )) as Answer
  const demo = (await settle(() =>
    demoAction(
      routeArgs(
        makeRequest(`/demo/submit-claim?policy_id=${DEMO_ACTIVE.id}`, { form: formOf({ policyId: DEMO_ACTIVE.id, ...fields }, photos) }),
      ),
    ),
  )) as Answer
  return { real, demo }
}

const today = usToday()
const REFUSALS: [name: string, fields: Record<string, string>, photos: number][] = [
  ['no photos', { damageType: 'chip', damageDate: today, description: 'A stone on I-15.', ...REVIEWED_CHIP }, 0],
  ['a blank description', { damageType: 'chip', damageDate: today, description: '   ', ...REVIEWED_CHIP }, 1],
  ['a description of control characters only', { damageType: 'chip', damageDate: today, description: '\u0000\u0007', ...REVIEWED_CHIP }, 1],
  ['no damage date', { damageType: 'chip', damageDate: '', description: 'A stone on I-15.', ...REVIEWED_CHIP }, 1],
  ['an impossible damage date', { damageType: 'crack', damageDate: '2026-02-30x', description: 'A stone on I-15.', ...REVIEWED_CHIP }, 1],
  ['an unknown damage type', { damageType: 'shatter', damageDate: today, description: 'A stone on I-15.', ...REVIEWED_CHIP }, 1],
  [
    'a zone that does not exist',
    { damageType: 'chip', damageDate: today, description: 'A stone.', ...REVIEWED_CHIP, damageZone: 'roof' },
    1,
  ],
  ['an unknown size', { damageType: 'chip', damageDate: today, description: 'A stone.', ...REVIEWED_CHIP, damageSize: 'huge' }, 1],
  ['no answers about the damage', { damageType: 'chip', damageDate: today, description: 'A stone on I-15.' }, 1],
  ['nothing at all', { damageType: 'chip', damageDate: '', description: '' }, 0],
]

describe('the demo and the real claim form refuse alike', () => {
  for (const [name, fields, photos] of REFUSALS) {
    it(name, async () => {
      const { real, demo } = await both(fields, photos)
      expect(real.status).toBe(400)
      expect(demo.status).toBe(400)
      expect(demo.data.toast).toEqual(real.data.toast)
      expect(demo.data.errors).toEqual(real.data.errors)
    })
  }
})

/** A refusal's field messages and the values sent back (the form's `result`). */
type AnswerWithResult = { result?: { error?: Record<string, string[]>; initialValue?: Record<string, string> } }

describe('the questions about the damage', () => {
  // A customer of its own: the filing limit counts each customer's submissions, and the refusals above used many.
  beforeAll(async () => {
    const profile = createProfile()
    policyId = createActivePolicy(profile.id).policy.id
    cookie = await sessionCookieFor(profile.id)
  })

  it('refuses an unknown or missing answer next to its question, keeping the choices made, on both forms', async () => {
    const fields = {
      damageType: 'chip',
      damageDate: today,
      description: 'A stone.',
      damageSize: 'under_quarter',
      inLineOfSight: 'no',
      damageZone: 'roof',
    }
    const { real, demo } = await both(fields, 1)
    for (const answer of [real, demo]) {
      expect(answer.status).toBe(400)
      expect((answer.data as AnswerWithResult).result?.error).toEqual({
        damageZone: ['Please choose where on the windshield the damage is.'],
        chipCount: ['Please choose how many chips there are.'],
      })
      expect(answer.data.toast?.title).toBe('Tell Us About the Damage')
    }
    // The answers given come back, so the form shows them chosen again.
    const values = (real.data as AnswerWithResult).result?.initialValue
    expect(values).toMatchObject({ damageSize: 'under_quarter', inLineOfSight: 'no', damageZone: 'roof', description: 'A stone.' })
  })

  it('does not ask a crack how many chips it has', async () => {
    const fields = { damageType: 'crack', damageDate: today, description: 'A crack.', damageSize: 'longer', inLineOfSight: 'no' }
    const { real } = await both(fields, 1)
    expect((real.data as AnswerWithResult).result?.error).toEqual({ damageZone: ['Please choose where on the windshield the damage is.'] })
  })
})
