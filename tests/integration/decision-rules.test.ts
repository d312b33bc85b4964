import { and, eq, isNotNull } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claimDocuments, claimFlags, claims } from '~/db/schema'
import { DEFAULT_DAILY_CAP } from '~/domain/decision-rules'
import { RULES_DECISION_MESSAGES } from '~/domain/messages'
import { CUSTOMER_CHOOSES_SHOP } from '~/domain/shops'
import { decideFiledClaim, decisionSettingsNow, reverseRulesApproval, setDecisionSettings } from '~/models/claims/claim-decision.server'
import { submitClaim } from '~/models/claims/claim-filing.server'
import { approveClaim } from '~/models/claims/claim-review.server'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import * as adminSettingsRoute from '~/routes/admin.settings'
import { loader as dashboardLoader } from '~/routes/customer'
import { action as submitAction, loader as submitLoader } from '~/routes/customer.submit-claim'
import { loader as rulesPageLoader } from '~/routes/how-claims-are-decided'
import type { UploadedFile } from '~/services/multipart.server'

import { answersInput, appendAnswers, CLEAN_CHIP, REVIEWED_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createClaim, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/** The published decision rules at work on the real database: filing, the race for the last replacement, the settings. */

const settingsAction = inOperatorArea(adminSettingsRoute.action)
const settingsLoader = inOperatorArea(adminSettingsRoute.loader)
const claimLoader = inOperatorArea(adminClaimRoute.loader)
const claimAction = inOperatorArea(adminClaimRoute.action)

let jpeg: Buffer
let operatorId: string
let operatorCookie: string
beforeAll(async () => {
  ensureSeeded()
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7ab0' } })
    .jpeg()
    .toBuffer()
  const operator = findOrCreateProfile('operator@example.com')
  operatorId = operator.id
  operatorCookie = await sessionCookieFor(operator.id)
})

afterEach(() => {
  // Each test sets what it needs; the next starts from the defaults.
  setDecisionSettings(operatorId, { automaticApproval: 'chips', dailyCap: DEFAULT_DAILY_CAP })
})

const today = () => usToday()
const photo = (): UploadedFile => ({ fieldName: 'photos', fileName: 'damage.jpg', contentType: 'image/jpeg', bytes: jpeg })

function claimForm(policyId: string, answers: typeof CLEAN_CHIP | typeof REVIEWED_CHIP = CLEAN_CHIP) {
  const form = new FormData()
  form.append('policyId', policyId)
  form.append('damageType', 'chip')
  form.append('damageDate', today())
  form.append('description', 'A stone from a truck on I-15.')
  appendAnswers(form, answers)
  form.append('photos', new File([new Uint8Array(jpeg)], 'damage.jpg', { type: 'image/jpeg' }))
  return form
}

function auditOf(claimId: string) {
  return db().select().from(auditLog).where(eq(auditLog.entityId, claimId)).all()
}

describe('a claim filed through the form', () => {
  it('a clean chip is approved at once by rules v3: the success screen, the e-mail and the audit log say so', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const cookie = await sessionCookieFor(profile.id)
    const answer = await settle(() =>
      submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { form: claimForm(policy.id), cookie }))),
    )
    expect(answer.status).toBe(302)
    const claim = db().select().from(claims).where(eq(claims.policyId, policy.id)).get()!
    expect(claim).toMatchObject({
      approvalStatus: 'approved',
      decidedByRulesVersion: '3',
      reviewedBy: 'rules:v3',
      assignedPartnerGroupId: null,
      damageSize: 'under_quarter',
      inLineOfSight: false,
      chipCount: 'one',
      damageZone: 'passenger',
    })
    expect(auditOf(claim.id).map((row) => [row.action, row.actor])).toEqual([
      ['claim.submitted', profile.id],
      ['claim.approved_by_rules', 'rules:v3'],
    ])

    const screen = (await submitLoader(
      routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}&claim=${claim.id}`, { cookie })),
    )) as { approvedByRules: { version: string; chooseShopHref: string } | null }
    expect(screen.approvedByRules).toEqual({ version: '3', chooseShopHref: `/customer/claims/${claim.id}/shop` })

    // The dashboard: "Approved", the rule set's version, and the way to choose a shop.
    const dashboard = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as {
      claims?: { id: string; approvalStatus: string; live: { decidedByRules?: string | null; chooseShopHref?: string | null } }[]
    }
    const card = dashboard.claims!.find((row) => row.id === claim.id)!
    expect(card).toMatchObject({
      approvalStatus: 'approved',
      live: { decidedByRules: '3', chooseShopHref: `/customer/claims/${claim.id}/shop` },
    })

    const [email] = outboxFor(profile.email)
    expect(email!.tag).toBe('claim-approved')
    expect(email!.text).toContain('Approved at once by our published decision rules (version 3)')
    expect(email!.text).toContain(`/customer/claims/${claim.id}/shop`)
    // Nothing waits for the operator: no new-claim note.
    expect(outboxFor('operator@example.com').filter((sent) => sent.text.includes(claim.confirmationCode))).toEqual([])

    const page = (await claimLoader(
      routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie }), { claimId: claim.id }),
    )) as {
      rules: { label: string; reasons: string[]; reversible: boolean } | null
    }
    expect(page.rules).toEqual({ label: 'Decided by rules v3', reasons: [], reversible: true })
  })

  it('a chip in the line of sight waits, and the operator reads why', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const cookie = await sessionCookieFor(profile.id)
    await settle(() =>
      submitAction(
        routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { form: claimForm(policy.id, REVIEWED_CHIP), cookie })),
      ),
    )
    const claim = db().select().from(claims).where(eq(claims.policyId, policy.id)).get()!
    expect(claim).toMatchObject({ approvalStatus: 'pending_review', decidedByRulesVersion: null, reviewedAt: null })
    expect(outboxFor(profile.email)[0]!.tag).toBe('claim-received')
    const page = (await claimLoader(
      routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie }), { claimId: claim.id }),
    )) as {
      rules: { label: string; reasons: string[] } | null
    }
    expect(page.rules?.reasons).toEqual(['The chip is in the driver’s line of sight (or this was not answered).'])
  })

  it('a clean chip dated the day before coverage began waits, never denied, and the operator reads why', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const cookie = await sessionCookieFor(profile.id)
    // Inside the 48-hour window, so only the coverage start holds it.
    const dayBefore = new Date(Date.parse(`${policy.coverageStartDate}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    const form = claimForm(policy.id)
    form.set('damageDate', dayBefore)
    const answer = await settle(() =>
      submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { form, cookie }))),
    )
    expect(answer.status).toBe(302)
    const claim = db().select().from(claims).where(eq(claims.policyId, policy.id)).get()!
    expect(claim).toMatchObject({ approvalStatus: 'pending_review', decidedByRulesVersion: null, filedLate: false, damageDate: dayBefore })
    const page = (await claimLoader(
      routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie }), { claimId: claim.id }),
    )) as { rules: { label: string; reasons: string[] } | null }
    expect(page.rules?.reasons).toEqual(['The damage date is before the policy’s coverage began (or either date is missing).'])
  })
})

describe('the decision step', () => {
  /** A filed chip claim as submitClaim leaves it before the decision: its row and one damage photo. */
  function filedChip(answers = CLEAN_CHIP) {
    const { policy } = createActivePolicy(createProfile().id)
    const claim = createClaim(policy.id, { damageDate: today(), ...answersInput(answers) })
    db()
      .insert(claimDocuments)
      .values({ claimId: claim.id, documentType: 'damage_photo', filePath: `claim-documents/${claim.id}/1.jpg`, fileName: '1.jpg' })
      .run()
    return claim
  }

  it('approves a filed clean chip', () => {
    expect(decideFiledClaim(filedChip().id).approvalStatus).toBe('approved')
  })

  it('leaves a claim with an integrity flag for a person, with the flag among the reasons', () => {
    const claim = filedChip()
    db()
      .insert(claimFlags)
      .values({ claimId: claim.id, kind: 'photo_matches_other_account', detail: 'Photo 1 matches a photo of another account.' })
      .run()
    const decided = decideFiledClaim(claim.id)
    expect(decided).toMatchObject({ approvalStatus: 'pending_review', decidedByRulesVersion: null })
    const waited = auditOf(claim.id).find((row) => row.action === 'claim.left_for_review')!
    expect(waited.actor).toBe('rules:v3')
    expect(waited.detail).toMatchObject({ version: '3', rules: ['no_integrity_flag'] })
  })

  it('leaves every claim for a person when automatic approval is off', () => {
    setDecisionSettings(operatorId, { automaticApproval: 'off', dailyCap: DEFAULT_DAILY_CAP })
    expect(decideFiledClaim(filedChip().id).approvalStatus).toBe('pending_review')
  })

  it('decides a claim once: an operator’s decision is never undone by the rules', async () => {
    const claim = filedChip()
    await approveClaim({ claimId: claim.id, partnerGroupId: CUSTOMER_CHOOSES_SHOP, actorId: operatorId })
    const after = decideFiledClaim(claim.id)
    expect(after).toMatchObject({ approvalStatus: 'approved', decidedByRulesVersion: null, reviewedBy: operatorId })
    expect(auditOf(claim.id).map((row) => row.action)).toEqual(['claim.approved'])
  })
})

describe('claims filed at the same moment', () => {
  async function crackClaim(profile: { id: string }, policyId: string) {
    return submitClaim({
      profile,
      policyId,
      damageType: 'crack',
      description: 'A crack across the glass.',
      damageDate: today(),
      damageSize: 'longer',
      inLineOfSight: true,
      chipCount: null,
      damageZone: 'driver',
      photos: [photo()],
    })
  }

  it('cannot both be approved against the last replacement of the plan year', async () => {
    setDecisionSettings(operatorId, { automaticApproval: 'chips_and_cracks', dailyCap: DEFAULT_DAILY_CAP })
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const [first, second] = await Promise.all([crackClaim(profile, policy.id), crackClaim(profile, policy.id)])
    expect([first.approvalStatus, second.approvalStatus].sort()).toEqual(['approved', 'pending_review'])
    const waiting = first.approvalStatus === 'pending_review' ? first : second
    expect(auditOf(waiting.id).find((row) => row.action === 'claim.left_for_review')!.detail).toMatchObject({ rules: ['replacement_left'] })
  })

  it('cannot pass the daily cap together', async () => {
    const approvedToday = db()
      .select()
      .from(claims)
      .where(and(isNotNull(claims.decidedByRulesVersion), eq(claims.approvalStatus, 'approved')))
      .all().length
    setDecisionSettings(operatorId, { automaticApproval: 'chips', dailyCap: approvedToday + 1 })
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const chip = () =>
      submitClaim({
        profile,
        policyId: policy.id,
        damageType: 'chip',
        description: 'A small chip.',
        damageDate: today(),
        ...answersInput(CLEAN_CHIP),
        photos: [photo()],
      })
    const outcomes = await Promise.all([chip(), chip()])
    expect(outcomes.map((claim) => claim.approvalStatus).sort()).toEqual(['approved', 'pending_review'])
  })
})

describe('the operator', () => {
  it('sets the mode and the daily cap on /admin/settings, audited; a bad cap is refused next to the field', async () => {
    const refused = await settle(() =>
      settingsAction(
        routeArgs(
          makeRequest('/admin/settings', {
            cookie: operatorCookie,
            form: { intent: 'automatic-approval', automaticApproval: 'everything', dailyCap: '-3' },
          }),
        ),
      ),
    )
    expect(refused.status).toBe(400)
    const errors = (refused.data as { result: { error: Record<string, string[]> } }).result.error
    expect(Object.keys(errors).sort()).toEqual(['automaticApproval', 'dailyCap'])
    expect(decisionSettingsNow()).toEqual({ automaticApproval: 'chips', dailyCap: DEFAULT_DAILY_CAP })

    const saved = await settle(() =>
      settingsAction(
        routeArgs(
          makeRequest('/admin/settings', {
            cookie: operatorCookie,
            form: { intent: 'automatic-approval', automaticApproval: 'chips_and_cracks', dailyCap: '40' },
          }),
        ),
      ),
    )
    expect(saved.status).toBe(302)
    expect(decisionSettingsNow()).toEqual({ automaticApproval: 'chips_and_cracks', dailyCap: 40 })
    const loaded = (await settingsLoader(routeArgs(makeRequest('/admin/settings', { cookie: operatorCookie })))) as {
      automatic: { automaticApproval: string; dailyCap: number }
    }
    expect(loaded.automatic).toEqual({ automaticApproval: 'chips_and_cracks', dailyCap: 40 })
    const entry = db().select().from(auditLog).where(eq(auditLog.action, 'decision_settings.updated')).all().at(-1)!
    expect(entry).toMatchObject({ actor: operatorId, entityType: 'decision_settings' })
    expect(entry.detail).toEqual({
      before: { automaticApproval: 'chips', dailyCap: DEFAULT_DAILY_CAP },
      after: { automaticApproval: 'chips_and_cracks', dailyCap: 40 },
    })
  })

  it('reverses an automatic approval into a denial the customer may appeal, and is e-mailed', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const claim = await submitClaim({
      profile,
      policyId: policy.id,
      damageType: 'chip',
      description: 'A chip.',
      damageDate: today(),
      ...answersInput(CLEAN_CHIP),
      photos: [photo()],
    })
    expect(claim.approvalStatus).toBe('approved')

    const noReason = await settle(() =>
      claimAction(
        routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie, form: { intent: 'reverse', reason: '' } }), {
          claimId: claim.id,
        }),
      ),
    )
    expect(noReason.status).toBe(400)
    // Only a ground the terms list: none, or one of the operator's own, is refused by its field.
    for (const ground of ['', 'looks_suspicious']) {
      const noGround = await settle(() =>
        claimAction(
          routeArgs(
            makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie, form: { intent: 'reverse', ground, reason: 'Because.' } }),
            { claimId: claim.id },
          ),
        ),
      )
      expect(noGround.status).toBe(400)
      expect(JSON.stringify(noGround.data)).toContain(RULES_DECISION_MESSAGES.reversalGroundRequired)
    }
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('approved')

    const reversed = await settle(() =>
      claimAction(
        routeArgs(
          makeRequest(`/admin/claims/${claim.id}`, {
            cookie: operatorCookie,
            form: { intent: 'reverse', ground: 'photos_reused', reason: 'The setup photos already show this chip.' },
          }),
          { claimId: claim.id },
        ),
      ),
    )
    expect(reversed.status).toBe(302)
    const after = db().select().from(claims).where(eq(claims.id, claim.id)).get()!
    expect(after).toMatchObject({ approvalStatus: 'denied', decidedByRulesVersion: null, reviewedBy: operatorId })
    expect(auditOf(claim.id).map((row) => row.action)).toContain('claim.rules_approval_reversed')
    const [email] = outboxFor(profile.email)
    expect(email!.tag).toBe('claim-denied')
    expect(email!.text).toContain('A check on the photos found they were used before. The setup photos already show this chip.')
    expect(auditOf(claim.id).find((row) => row.action === 'claim.rules_approval_reversed')!.detail).toMatchObject({
      ground: 'photos_reused',
    })
    expect(email!.text).toContain(`/customer/claims/${claim.id}/appeal`)

    // A claim a person decided is not the rules' to reverse.
    await expect(
      reverseRulesApproval({ claimId: claim.id, ground: 'damage_differs', reason: 'Again.', actorId: operatorId }),
    ).rejects.toMatchObject({ status: 409 })
  })
})

describe('the public page', () => {
  it('renders every rule of the set that decides, with its version', () => {
    const page = rulesPageLoader()
    expect(page.version).toBe('3')
    expect(page.rules.map((rule) => rule.id)).toContain('no_integrity_flag')
    expect(page.rules.every((rule) => rule.plain.length > 0)).toBe(true)
  })
})
