import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, policyPhotos } from '~/db/schema'
import { NOT_FOUND } from '~/domain/messages'
import { action as cancelPolicyApi } from '~/routes/api.cancel-policy'
import { action as notifyClaimApi } from '~/routes/api.notify-claim-submission'
import { action as wizardAction, loader as wizardLoader } from '~/routes/customer.complete-policy'
import { action as cancelAction } from '~/routes/customer.policies.$policyId.cancel'
import { loader as completeLoader } from '~/routes/customer.policy-complete'
import { action as xhrUploadAction } from '~/routes/customer.policy-photos'
import { action as submitAction, loader as submitLoader } from '~/routes/customer.submit-claim'
import { loader as vinLoader } from '~/routes/customer.vin.$vin'
import { loader as fileLoader } from '~/routes/files.$'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import {
  createActivePolicy,
  createClaim,
  createPolicy,
  createProfile,
  ensureSeeded,
  getPolicy,
  sessionCookieFor,
} from '../support/factories'
import { transferPolicy } from '../support/ownership-transfer'
import { jpegFile } from '../support/photos'
import { makeRequest, routeArgs, settle, settleFileUrl } from '../support/requests'

// Decision 031: a policy that is not the customer's — another customer's, one that passed to the vehicle's next owner,
// or one that does not exist — is the same 404 in the setup wizard, on its last page, on the claim form and in the
// JavaScript photo upload, for the page and for every post, and nothing of a post is kept.

ensureSeeded()

type Case = { who: string; policyId: string; cookie: string }

/** The three ways a policy id is not the signed-in customer's, each with that customer's session. */
let cases: Case[]
/** An incomplete policy of someone else (the wizard's policy), and an active one sold by the seller in `cases`. */
let strangersIncomplete: string
let sold: string

beforeAll(async () => {
  const me = createProfile()
  const stranger = createProfile()
  strangersIncomplete = createPolicy(stranger.id).id
  const { policy: strangersActive } = createActivePolicy(stranger.id)

  const seller = createProfile()
  const buyer = createProfile()
  const { policy } = createActivePolicy(seller.id, {
    initialTermEndsAt: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString(),
    governingState: 'UT',
  })
  await transferPolicy(seller.id, policy.id, buyer)
  expect(getPolicy(policy.id)?.profileId).toBe(buyer.id)
  sold = policy.id

  const myCookie = await sessionCookieFor(me.id)
  cases = [
    { who: "another customer's", policyId: strangersActive.id, cookie: myCookie },
    { who: "a previous owner's (after the transfer)", policyId: sold, cookie: await sessionCookieFor(seller.id) },
    { who: 'an unknown', policyId: 'no-such-policy', cookie: myCookie },
  ]
})

const wizardUrl = (policyId: string, step = '') => `/customer/complete-policy?policy_id=${encodeURIComponent(policyId)}${step}`

function photoRows(policyId: string) {
  return db().select().from(policyPhotos).where(eq(policyPhotos.policyId, policyId)).all()
}

function claimsOf(policyId: string) {
  return db().select().from(claims).where(eq(claims.policyId, policyId)).all()
}

async function threePhotos() {
  const form = new FormData()
  form.append('intent', 'upload')
  for (const name of ['head_on', 'inside_drivers', 'inside_passengers'])
    form.append(name, await jpegFile(`${name}.jpg`, { width: 800, height: 600 }))
  return form
}

function vehicleForm() {
  const form = new FormData()
  const fields = { intent: 'complete', licensePlate: 'ABC123', licensePlateState: 'UT', year: '2019', make: 'Toyota', model: 'Camry' }
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

async function claimForm(policyId: string) {
  const form = new FormData()
  const fields = {
    policyId,
    damageType: 'chip',
    damageDate: usToday(),
    description: 'A rock hit the windshield on I-15.',
    ...REVIEWED_CHIP,
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('photos', await jpegFile('damage.jpg', { width: 64, height: 48 }))
  return form
}

/** The 404 notFound() throws: the 404 page for a page, the body itself for a resource route, in its one wording. */
function expectNotFound(answer: { status: number; data: unknown }) {
  expect(answer.status).toBe(404)
  expect(answer.data).toEqual({ error: NOT_FOUND })
}

describe('the setup wizard', () => {
  it('answers the page with a 404 for each policy that is not yours', async () => {
    for (const { who, policyId, cookie } of cases) {
      for (const url of [wizardUrl(policyId), wizardUrl(policyId, '&step=photos')]) {
        const answer = await settle(() => wizardLoader(routeArgs(makeRequest(url, { cookie }))))
        expect(answer.status, `${who}: ${url}`).toBe(404)
        expectNotFound(answer)
      }
    }
  })

  it('answers the photo and vehicle posts with a 404 and keeps nothing', async () => {
    const { cookie } = cases[0]!
    for (const policyId of [strangersIncomplete, ...cases.map((item) => item.policyId)]) {
      const before = photoRows(policyId).length
      const upload = await settle(async () =>
        wizardAction(routeArgs(makeRequest(wizardUrl(policyId), { form: await threePhotos(), cookie }))),
      )
      expectNotFound(upload)
      const vehicle = await settle(() => wizardAction(routeArgs(makeRequest(wizardUrl(policyId), { form: vehicleForm(), cookie }))))
      expectNotFound(vehicle)
      expect(photoRows(policyId)).toHaveLength(before)
    }
    expect(getPolicy(strangersIncomplete)?.status).toBe('incomplete')
    expect(getPolicy(strangersIncomplete)?.vehicleId).toBeNull()
  })

  it("answers the seller's posts to a sold policy with a 404 too", async () => {
    const seller = cases[1]!
    const before = photoRows(sold).length
    const upload = await settle(async () =>
      wizardAction(routeArgs(makeRequest(wizardUrl(sold), { form: await threePhotos(), cookie: seller.cookie }))),
    )
    expectNotFound(upload)
    expect(photoRows(sold)).toHaveLength(before)
  })

  it('still sends a request without a policy id to the dashboard, as the SPEC says', async () => {
    const answer = await settle(() => wizardLoader(routeArgs(makeRequest('/customer/complete-policy', { cookie: cases[0]!.cookie }))))
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/customer')
  })
})

describe('the JavaScript photo upload', () => {
  it('answers the JSON error shape with a 404 and keeps nothing', async () => {
    for (const { who, policyId, cookie } of [
      ...cases,
      { who: 'an incomplete one of a stranger', policyId: strangersIncomplete, cookie: cases[0]!.cookie },
    ]) {
      const before = photoRows(policyId).length
      const request = makeRequest(`/customer/policy-photos?policy_id=${encodeURIComponent(policyId)}`, {
        form: await threePhotos(),
        cookie,
      })
      const response = (await xhrUploadAction(routeArgs(request))) as Response
      expect(response.status, who).toBe(404)
      expect(await response.json()).toEqual({ error: NOT_FOUND })
      expect(photoRows(policyId)).toHaveLength(before)
    }
  })
})

describe('the setup-finished page', () => {
  it('is a 404 when its link names a policy that is not yours, and the page otherwise', async () => {
    for (const { who, policyId, cookie } of cases) {
      const answer = await settle(() =>
        completeLoader(routeArgs(makeRequest(`/customer/policy-complete?policy_id=${encodeURIComponent(policyId)}`, { cookie }))),
      )
      expect(answer.status, who).toBe(404)
      expectNotFound(answer)
    }
    const plain = await settle(() => completeLoader(routeArgs(makeRequest('/customer/policy-complete', { cookie: cases[0]!.cookie }))))
    expect(plain.status).toBe(200)
  })

  it("shows the page for the customer's own policy", async () => {
    const owner = createProfile()
    const { policy } = createActivePolicy(owner.id)
    const cookie = await sessionCookieFor(owner.id)
    const answer = await settle(() =>
      completeLoader(routeArgs(makeRequest(`/customer/policy-complete?policy_id=${policy.id}`, { cookie }))),
    )
    expect(answer.status).toBe(200)
  })
})

describe('the claim form', () => {
  it('answers the page with a 404 for each policy that is not yours', async () => {
    for (const { who, policyId, cookie } of cases) {
      const url = `/customer/submit-claim?policy_id=${encodeURIComponent(policyId)}`
      const answer = await settle(() => submitLoader(routeArgs(makeRequest(url, { cookie }))))
      expect(answer.status, who).toBe(404)
      expectNotFound(answer)
    }
  })

  it('answers a post with a 404 and files nothing', async () => {
    for (const { who, policyId, cookie } of cases) {
      const before = claimsOf(policyId).length
      const url = `/customer/submit-claim?policy_id=${encodeURIComponent(policyId)}`
      const answer = await settle(async () => submitAction(routeArgs(makeRequest(url, { form: await claimForm(policyId), cookie }), {})))
      expect(answer.status, who).toBe(404)
      expectNotFound(answer)
      expect(claimsOf(policyId)).toHaveLength(before)
    }
  })

  it("answers the confirmation of someone else's claim with a 404", async () => {
    const owner = createProfile()
    const { policy, vehicle } = createActivePolicy(owner.id)
    const claim = createClaim(policy.id, { vehicleId: vehicle.id })
    const url = `/customer/submit-claim?policy_id=${policy.id}&claim=${claim.id}`
    const answer = await settle(() => submitLoader(routeArgs(makeRequest(url, { cookie: cases[0]!.cookie }))))
    expectNotFound(answer)
    // The owner sees it.
    const own = await settle(async () => submitLoader(routeArgs(makeRequest(url, { cookie: await sessionCookieFor(owner.id) }))))
    expect(own.status).toBe(200)
    expect(own.data).toMatchObject({ view: 'submitted', confirmationCode: claim.confirmationCode })
  })
})

describe('the policy pages and the JSON routes answer the same 404', () => {
  it("a resource route: another customer's photo carries the same { error } as a JSON route's 404", async () => {
    const owner = createProfile()
    const policy = createPolicy(owner.id)
    const cookie = await sessionCookieFor(owner.id)
    const stored = await settle(async () =>
      wizardAction(routeArgs(makeRequest(wizardUrl(policy.id), { form: await threePhotos(), cookie }))),
    )
    expect(stored.status).toBe(302)
    const relPath = `policy-photos/${owner.id}/${policy.id}/head_on.jpg`
    expect((await settleFileUrl(fileLoader, `/files/${relPath}`, cookie)).status).toBe(200)
    for (const { who, cookie: theirs } of cases) {
      const answer = await settleFileUrl(fileLoader, `/files/${relPath}`, theirs)
      expect(answer.status, who).toBe(404)
      expectNotFound(answer)
    }
  })

  it("the cancel page's post", async () => {
    for (const { who, policyId, cookie } of cases) {
      const request = makeRequest(`/customer/policies/${policyId}/cancel`, { form: { intent: 'cancel' }, cookie })
      const answer = await settle(() => cancelAction(routeArgs(request, { policyId })))
      expect(answer.status, who).toBe(404)
      expectNotFound(answer)
    }
  })

  it('POST /api/cancel-policy, GET /customer/vin/:vin and POST /api/notify-claim-submission: { error } with 404', async () => {
    for (const { who, policyId, cookie } of cases) {
      const jsonPost = (path: string, body: unknown) =>
        new Request(new URL(path, 'http://localhost:3999'), {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3999' },
          body: JSON.stringify(body),
        })
      const canceled = (await cancelPolicyApi(routeArgs(jsonPost('/api/cancel-policy', { policyId })))) as Response
      expect(canceled.status, who).toBe(404)
      expect(await canceled.json()).toEqual({ error: NOT_FOUND })

      const vin = (await vinLoader(
        routeArgs(makeRequest(`/customer/vin/1HGCM82633A004352?policy_id=${encodeURIComponent(policyId)}`, { cookie }), {
          vin: '1HGCM82633A004352',
        }),
      )) as Response
      expect(vin.status, who).toBe(404)
      expect(await vin.json()).toEqual({ error: NOT_FOUND })
    }
    const notify = (await notifyClaimApi(
      routeArgs(
        new Request('http://localhost:3999/api/notify-claim-submission', {
          method: 'POST',
          headers: { Cookie: cases[0]!.cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3999' },
          body: JSON.stringify({ claimId: 'no-such-claim' }),
        }),
      ),
    )) as Response
    expect(notify.status).toBe(404)
    expect(await notify.json()).toEqual({ error: NOT_FOUND })
  })
})
