import { beforeAll, describe, expect, it } from 'vitest'

import { DEMO_POLICIES, demoPolicyShown } from '~/components/demo/sample-data'
import {
  APPEAL_REQUIRED,
  CHECK_THE_FORM,
  DENIAL_REASON_REQUIRED,
  INVALID_EMAIL,
  PARTNER_MESSAGES,
  PHOTOS_REQUIRED,
  PRICES_MESSAGES,
  TERMS_REQUIRED,
} from '~/domain/messages'
import { canFileClaim } from '~/domain/policies'
import { action as adminClaimRouteAction } from '~/routes/admin.claims.$claimId'
import { action as adminCustomerRouteAction } from '~/routes/admin.customers.$profileId'
import { action as partnersRouteAction } from '~/routes/admin.partners'
import { action as pricesRouteAction } from '~/routes/admin.prices'
import { action as authAction } from '~/routes/auth'
import { action as appealAction } from '~/routes/customer.claims.$claimId.appeal'
import { action as wizardAction } from '~/routes/customer.complete-policy'
import { action as cancelAction } from '~/routes/customer.policies.$policyId.cancel'
import { action as policyPhotosAction } from '~/routes/customer.policy-photos'
import { action as submitClaimAction } from '~/routes/customer.submit-claim'
import { action as demoClaimAction } from '~/routes/demo.submit-claim'
import { action as partnerAction } from '~/routes/partner.complete-claim'
import { action as signupAction } from '~/routes/signup'

import { REVIEWED_CHIP } from '../support/claim-answers'
import {
  commitmentBinding,
  createActivePolicy,
  createClaim,
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

// The operator's actions run behind the operator area's guard, as they do in the app.
const adminClaimAction = inOperatorArea(adminClaimRouteAction)
const adminCustomerAction = inOperatorArea(adminCustomerRouteAction)
const partnersAction = inOperatorArea(partnersRouteAction)
const pricesAction = inOperatorArea(pricesRouteAction)

/**
 * Every form route answers a refusal in one shape, `ActionAnswer` (app/utils/refusal.ts): Conform's `result` with each
 * field's messages (read by the page with or without JavaScript) and the `toast`, with a 4xx status. The shapes this
 * replaced (`errors`, `fieldErrors`, `values`, `scheduleResult`) are gone.
 */

type Answer = {
  result?: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> | null } | null
  toast?: unknown
}

const LEGACY_KEYS = ['errors', 'fieldErrors', 'values', 'scheduleResult']

function expectAnswer(response: { status: number; data: unknown }, status: number) {
  expect(response.status).toBe(status)
  const body = response.data as Answer & Record<string, unknown>
  expect(body).toHaveProperty('result')
  expect(body).toHaveProperty('toast')
  for (const key of LEGACY_KEYS) expect(body).not.toHaveProperty(key)
  return body
}

let operatorCookie: string
beforeAll(async () => {
  ensureSeeded()
  operatorCookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
})

describe('a refused form answers { result, toast } with a 4xx', () => {
  it('the claim form: each field’s message, the values sent back, the first problem’s toast', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const cookie = await sessionCookieFor(profile.id)
    const form = { policyId: policy.id, damageType: 'chip', damageDate: '2020-01-01', description: 'A stone.', ...REVIEWED_CHIP }
    const response = await settle(() =>
      submitClaimAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { form, cookie }))),
    )
    const body = expectAnswer(response, 400)
    expect(body.result?.error).toEqual({ photos: [PHOTOS_REQUIRED.description] })
    expect(body.result?.initialValue).toMatchObject({ description: 'A stone.', damageDate: '2020-01-01' })
    expect(body.toast).toMatchObject({ type: 'error', title: PHOTOS_REQUIRED.title })
  })

  it('the demo claim form: the same answer as the real one', async () => {
    const policy = DEMO_POLICIES.find((candidate) => canFileClaim(demoPolicyShown(candidate)))!
    const url = `/demo/submit-claim?policy_id=${policy.id}`
    const form = { policyId: policy.id, damageType: 'chip', damageDate: '2020-01-01', description: '' }
    const body = expectAnswer(await settle(() => demoClaimAction(routeArgs(makeRequest(url, { form })))), 400)
    expect(body.result?.error).toMatchObject({ photos: [PHOTOS_REQUIRED.description] })
    expect(body.toast).toMatchObject({ title: PHOTOS_REQUIRED.title })
  })

  it('the appeal: the text’s message and its toast', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const claim = createClaim(policy.id, { approvalStatus: 'denied', denialReason: 'Old damage.', reviewedAt: new Date().toISOString() })
    const cookie = await sessionCookieFor(profile.id)
    const request = makeRequest(`/customer/claims/${claim.id}/appeal`, { form: { appealText: 'short' }, cookie })
    const body = expectAnswer(await settle(() => appealAction(routeArgs(request, { claimId: claim.id }))), 400)
    expect(body.result?.error?.appealText?.[0]).toMatch(/at least 10 characters/)
    expect(body.result?.initialValue).toMatchObject({ appealText: 'short' })
    expect(body.toast).toMatchObject({ title: APPEAL_REQUIRED.title })
  })

  it('the operator’s review, customer page, prices and partners', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id)

    const deny = makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie, form: { intent: 'deny', reason: '' } })
    const denied = expectAnswer(await settle(() => adminClaimAction(routeArgs(deny, { claimId: claim.id }))), 400)
    expect(denied).toMatchObject({ intent: 'deny', result: { error: { reason: [DENIAL_REASON_REQUIRED.description] } } })
    expect(denied.toast).toMatchObject({ title: DENIAL_REASON_REQUIRED.title })

    const cancel = makeRequest(`/admin/customers/${customer.id}`, {
      cookie: operatorCookie,
      form: { intent: 'cancel-policy', policyId: policy.id, when: 'now', reason: '' },
    })
    const cancelled = expectAnswer(await settle(() => adminCustomerAction(routeArgs(cancel, { profileId: customer.id }))), 400)
    expect(cancelled).toMatchObject({ intent: 'cancel-policy', target: policy.id, toast: { title: CHECK_THE_FORM.title } })
    expect(cancelled.result?.error?.reason).toEqual(['Please give the reason.'])

    const prices = makeRequest('/admin/prices', { cookie: operatorCookie, form: { intent: 'save', chip_only: 'free' } })
    const priced = expectAnswer(await settle(() => pricesAction(routeArgs(prices))), 400)
    expect(priced).toMatchObject({ intent: 'prices', toast: PRICES_MESSAGES.correct })
    expect(priced.result?.error?.chip_only).toBeDefined()

    const partners = makeRequest('/admin/partners', { cookie: operatorCookie, form: { intent: 'create-group', name: '' } })
    const partnered = expectAnswer(await settle(() => partnersAction(routeArgs(partners))), 400)
    expect(partnered).toMatchObject({ intent: 'create-group', toast: PARTNER_MESSAGES.correct })
    expect(Object.keys(partnered.result?.error ?? {})).toContain('name')
  })

  it('the shop’s completion form (no login): the code’s message', async () => {
    const body = expectAnswer(
      await settle(() => partnerAction(routeArgs(makeRequest('/partner/complete-claim', { form: { code: '' } })))),
      400,
    )
    expect(body.result?.error?.code?.length).toBe(1)
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error' })
  })

  it('the photo step, posted as a form and by the upload script: each missing photo named', async () => {
    const profile = createProfile()
    const policy = createPolicy(profile.id, { status: 'active' })
    const cookie = await sessionCookieFor(profile.id)
    const form = new FormData()
    form.append('intent', 'upload')
    const posted = await settle(() =>
      wizardAction(routeArgs(makeRequest(`/customer/complete-policy?policy_id=${policy.id}`, { form, cookie }))),
    )
    const body = expectAnswer(posted, 400)
    expect(body).toMatchObject({ intent: 'upload', toast: { type: 'error' } })
    expect(Object.keys(body.result?.error ?? {}).sort()).toEqual(['head_on', 'inside_drivers', 'inside_passengers'])

    const script = await policyPhotosAction(
      routeArgs(makeRequest(`/customer/policy-photos?policy_id=${policy.id}`, { form: new FormData(), cookie })),
    )
    expect(script.status).toBe(400)
    const json = (await script.json()) as Answer & { ok: boolean }
    expect(json.ok).toBe(false)
    expect(Object.keys(json.result?.error ?? {}).sort()).toEqual(['head_on', 'inside_drivers', 'inside_passengers'])
    expect(json).not.toHaveProperty('fieldErrors')
  })

  it('signup and sign-in: Conform’s result with the toast', async () => {
    const signup = makeRequest('/signup', { form: { planType: 'chip_only', shownPrices: '' } })
    const signedUp = expectAnswer(await settle(() => signupAction(routeArgs(signup))), 400)
    expect(signedUp).toMatchObject({ planType: 'chip_only', toast: { title: TERMS_REQUIRED.title } })

    const auth = makeRequest('/auth', { form: { intent: 'send', email: 'not an address' } })
    const authed = expectAnswer(await settle(() => authAction(routeArgs(auth))), 400)
    expect(authed).toMatchObject({ intent: 'send', toast: { title: INVALID_EMAIL.title } })
    expect(authed.result?.error?.email?.length).toBe(1)
  })

  it('cancelling within the commitment: the toast alone, 409', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, commitmentBinding())
    const cookie = await sessionCookieFor(profile.id)
    const request = makeRequest(`/customer/policies/${policy.id}/cancel`, { form: { intent: 'cancel' }, cookie })
    const response = await settle(() => cancelAction(routeArgs(request, { policyId: policy.id })))
    expect(response.status).toBe(409)
    const body = response.data as Answer
    expect(body.toast).toMatchObject({ type: 'error', title: 'Request not possible' })
    for (const key of LEGACY_KEYS) expect(body).not.toHaveProperty(key)
  })
})
