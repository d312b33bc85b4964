import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claims } from '~/db/schema'
import { DECISION_RULES_VERSION } from '~/domain/decision-rules'
import { claimPage } from '~/models/claims/claim-page.server'
import { completeClaim } from '~/models/claims/claim-shop.server'
import { replacementsLeft } from '~/models/claims/claims.server'
import { shopRework } from '~/models/shops/shop-jobs.server'
import { loader as dashboardLoader } from '~/routes/customer'
import { action, loader } from '~/routes/customer.claims.$claimId.repair-failed'

import { usToday } from '../support/days'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

/** The repair-failure guarantee on the real database: filing from the repaired claim, the rules, the refusals. */

let jpeg: Buffer
beforeAll(async () => {
  ensureSeeded()
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a3ab0' } })
    .jpeg()
    .toBuffer()
})

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()
const today = () => usToday()

/** A customer with a chip we repaired (passenger side) some days ago, on the plan given. */
async function repairedChip(planType: 'chip_only' | 'comprehensive', overrides: Partial<typeof claims.$inferInsert> = {}) {
  const profile = createProfile()
  const { policy } = createActivePolicy(profile.id, planType === 'chip_only' ? { planType, lookupKey: 'chip_only' } : {})
  const shop = createPartnerGroup()
  const repaired = createClaim(policy.id, {
    damageType: 'chip',
    damageZone: 'passenger',
    approvalStatus: 'completed',
    repairType: 'repair',
    assignedPartnerGroupId: shop.id,
    reviewedAt: daysAgo(40),
    completedAt: daysAgo(30),
    ...overrides,
  })
  return { profile, policy, shop, repaired, cookie: await sessionCookieFor(profile.id) }
}

function failureForm(zone = 'passenger', withPhoto = true) {
  const form = new FormData()
  form.append('damageDate', today())
  form.append('damageZone', zone)
  form.append('inLineOfSight', 'no')
  form.append('description', 'The repaired chip grew into a crack overnight.')
  if (withPhoto) form.append('photos', new File([new Uint8Array(jpeg)], 'crack.jpg', { type: 'image/jpeg' }))
  return form
}

const post = (claimId: string, cookie: string, form = failureForm()) =>
  settle(() => action(routeArgs(makeRequest(`/customer/claims/${claimId}/repair-failed`, { form, cookie }), { claimId })))

const guaranteeClaimsOf = (repairedId: string) => db().select().from(claims).where(eq(claims.repairFailureOfClaimId, repairedId)).all()

describe('the repair-failure guarantee', () => {
  it('a repaired chip that cracks is approved by the rules on Chip Repair Only, linked to the repaired claim', async () => {
    const { repaired, cookie, profile, shop } = await repairedChip('chip_only')
    const page = await settle(() =>
      loader(routeArgs(makeRequest(`/customer/claims/${repaired.id}/repair-failed`, { cookie }), { claimId: repaired.id })),
    )
    expect(page.status).toBe(200)
    // The repaired claim's own page offers the guarantee, with its end date on the timeline.
    const before = claimPage(profile.id, repaired.confirmationCode)
    expect(before.actions).toContainEqual({
      key: 'repair-failed',
      label: 'My repair failed',
      href: `/customer/claims/${repaired.id}/repair-failed`,
    })
    expect(before.timeline.find((step) => step.key === 'guarantee')).toMatchObject({ state: 'current' })

    const answer = await post(repaired.id, cookie)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/customer#claims')
    const [filed] = guaranteeClaimsOf(repaired.id)
    expect(filed).toMatchObject({
      policyId: repaired.policyId,
      damageType: 'crack',
      damageZone: 'passenger',
      approvalStatus: 'approved',
      decidedByRulesVersion: DECISION_RULES_VERSION,
      filedByProfileId: profile.id,
    })
    const submitted = db().select().from(auditLog).where(eq(auditLog.entityId, filed!.id)).all()
    expect(submitted.map((entry) => entry.action)).toEqual(['claim.submitted', 'claim.approved_by_rules'])
    expect(submitted[0]!.detail).toMatchObject({ repairFailureOf: repaired.id })

    // The dashboard: the guarantee claim names the repaired one, and the repair offers no second claim.
    const dashboard = (await settle(() => dashboardLoader(routeArgs(makeRequest('/customer', { cookie }))))).data as {
      claims: { id: string; live: { reworkOf?: string | null; repairFailed?: unknown } }[]
    }
    expect(dashboard.claims.find((claim) => claim.id === filed!.id)!.live.reworkOf).toBe(repaired.confirmationCode)
    expect(dashboard.claims.find((claim) => claim.id === repaired.id)!.live.repairFailed).toBeNull()
    // Its page no longer offers it, and says which claim replaces the repair; the new claim's page names the repair.
    const after = claimPage(profile.id, repaired.confirmationCode)
    expect(after.actions.map((action) => action.key)).not.toContain('repair-failed')
    expect(after.timeline.find((step) => step.key === 'guarantee')!.detail).toContain(filed!.confirmationCode)
    expect(claimPage(profile.id, filed!.confirmationCode).timeline[0]!.detail).toContain(repaired.confirmationCode)

    // The shop that did the repair sees the rework on its record; another shop does not.
    expect(shopRework(shop.id)).toEqual([
      expect.objectContaining({ code: filed!.confirmationCode, repairedCode: repaired.confirmationCode, approvalStatus: 'approved' }),
    ])
    expect(shopRework(createPartnerGroup().id)).toEqual([])

    // A second one while the first is approved is refused, and nothing is written.
    const again = await post(repaired.id, cookie)
    expect(again.status).toBe(409)
    expect(guaranteeClaimsOf(repaired.id)).toHaveLength(1)
  })

  it('the shop may complete it as a replacement on Chip Repair Only, and it does not use the plan year’s replacement', async () => {
    const chipOnly = await repairedChip('chip_only')
    await post(chipOnly.repaired.id, chipOnly.cookie)
    const [onChipOnly] = guaranteeClaimsOf(chipOnly.repaired.id)
    db().update(claims).set({ assignedPartnerGroupId: chipOnly.shop.id }).where(eq(claims.id, onChipOnly!.id)).run()
    const invoice = { fieldName: 'invoice', fileName: 'invoice.jpg', contentType: 'image/jpeg', bytes: jpeg }
    const repairPhoto = { fieldName: 'repairPhotos', fileName: 'done.jpg', contentType: 'image/jpeg', bytes: jpeg }
    const done = await completeClaim({
      code: onChipOnly!.confirmationCode,
      repairType: 'replacement',
      actualCostCents: 32000,
      partnerNotes: null,
      invoice,
      repairPhotos: [repairPhoto],
    })
    expect(done.claim).toMatchObject({ approvalStatus: 'completed', repairType: 'replacement' })

    const comprehensive = await repairedChip('comprehensive')
    createClaim(comprehensive.policy.id, {
      damageType: 'crack',
      approvalStatus: 'completed',
      repairType: 'replacement',
      completedAt: daysAgo(1),
      repairFailureOfClaimId: comprehensive.repaired.id,
    })
    expect(replacementsLeft(comprehensive.policy)).toBe(1)
  })

  it('waits for the operator with the reason when the crack is not where the chip was', async () => {
    const { repaired, cookie } = await repairedChip('comprehensive')
    expect((await post(repaired.id, cookie, failureForm('driver'))).status).toBe(302)
    const [filed] = guaranteeClaimsOf(repaired.id)
    expect(filed).toMatchObject({ approvalStatus: 'pending_review', decidedByRulesVersion: null })
    const waited = db().select().from(auditLog).where(eq(auditLog.entityId, filed!.id)).all().at(-1)!
    expect(waited.action).toBe('claim.left_for_review')
    expect(waited.detail).toMatchObject({ rules: ['repair_guarantee'] })
  })

  it('refuses a claim that was no repair, one whose guarantee ended, and another customer’s, never with a 500', async () => {
    const replaced = await repairedChip('comprehensive', { repairType: 'replacement' })
    expect((await post(replaced.repaired.id, replaced.cookie)).status).toBe(409)
    const fromPage = await settle(() =>
      loader(
        routeArgs(makeRequest(`/customer/claims/${replaced.repaired.id}/repair-failed`, { cookie: replaced.cookie }), {
          claimId: replaced.repaired.id,
        }),
      ),
    )
    expect(fromPage.status).toBe(302)

    const old = await repairedChip('comprehensive', { completedAt: daysAgo(400) })
    const late = await post(old.repaired.id, old.cookie)
    expect(late.status).toBe(409)
    expect(JSON.stringify(late.data)).toContain('The repair guarantee lasts 12 months')

    const stranger = await repairedChip('comprehensive')
    expect((await post(stranger.repaired.id, old.cookie)).status).toBe(404)
    expect((await post('no-such-claim', old.cookie)).status).toBe(404)

    const noPhoto = await post(stranger.repaired.id, stranger.cookie, failureForm('passenger', false))
    expect(noPhoto.status).toBe(400)
    for (const { repaired } of [replaced, old, stranger]) expect(guaranteeClaimsOf(repaired.id)).toHaveLength(0)
  })
})
