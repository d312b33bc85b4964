import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claimDocuments, claims, partnerGroups } from '~/db/schema'
import { MAX_STORED_FILE_NAME } from '~/domain/uploads'
import { completeClaim } from '~/models/claims/claim-shop.server'
import * as adminClaimsClaimidRoute from '~/routes/admin.claims.$claimId'
import * as adminPartnersRoute from '~/routes/admin.partners'
import { action as submitAction } from '~/routes/customer.submit-claim'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { jpeg as makeJpeg } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const adminClaimAction = inOperatorArea(adminClaimsClaimidRoute.action)
const partnersAction = inOperatorArea(adminPartnersRoute.action)

/** What people type is stored without control characters, and what their files are called is stored short. */

let jpeg: Buffer
let operatorCookie: string
beforeAll(async () => {
  ensureSeeded()
  jpeg = await makeJpeg({ width: 64, height: 48, colour: '#4a7ab0' })
  operatorCookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
})

function photo(name: string) {
  return new File([new Uint8Array(jpeg)], name, { type: 'image/jpeg' })
}

async function fileClaim(profileId: string, policyId: string, fields: Record<string, string>, photos = [photo('damage.jpg')]) {
  const form = new FormData()
  const values = {
    policyId,
    damageType: 'chip',
    damageDate: usToday(),
    description: 'A rock hit the windshield.',
    ...REVIEWED_CHIP,
    ...fields,
  }
  for (const [key, value] of Object.entries(values)) form.append(key, value)
  for (const file of photos) form.append('photos', file)
  const cookie = await sessionCookieFor(profileId)
  return settle(() => submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policyId}`, { form, cookie }))))
}

function claimsOf(policyId: string) {
  return db().select().from(claims).where(eq(claims.policyId, policyId)).all()
}

describe('control characters in free text', () => {
  it('refuses a claim whose description is only a NUL as "Description Required"', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    for (const description of ['\u0000', ' \u0000\u0007\u001b \u007f ']) {
      const response = await fileClaim(profile.id, policy.id, { description })
      expect(response.status).toBe(400)
      const body = response.data as { result: { error: Record<string, string[]> }; toast: { title: string } }
      expect(body.result.error.description).toEqual(['Please provide a description of what happened.'])
      expect(body.toast.title).toBe('Description Required')
    }
    expect(claimsOf(policy.id)).toHaveLength(0)
  })

  it('stores a description without its control characters, keeping line breaks and tabs', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const response = await fileClaim(profile.id, policy.id, { description: 'A rock\u0000 hit\u0008 it.\r\nOn I-15,\tnorthbound.\u007f' })
    expect(response.status).toBe(302)
    expect(claimsOf(policy.id)[0]!.description).toBe('A rock hit it.\r\nOn I-15,\tnorthbound.')
  })

  it('refuses a denial whose reason is only a NUL, and leaves the claim pending', async () => {
    const { policy } = createActivePolicy(createProfile().id)
    const claim = createClaim(policy.id)
    const response = await settle(() =>
      adminClaimAction(
        routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie: operatorCookie, form: { intent: 'deny', reason: '\u0000' } }), {
          claimId: claim.id,
        }),
      ),
    )
    expect(response.status).toBe(400)
    expect((response.data as { result: { error: Record<string, string[]> } }).result.error.reason).toEqual([
      'Please give the reason for the denial.',
    ])
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      approvalStatus: 'pending_review',
      denialReason: null,
    })
  })

  it('stores a name with embedded control characters without them (and a phone of only control characters as none)', async () => {
    const response = await settle(() =>
      partnersAction(
        routeArgs(
          makeRequest('/admin/partners', {
            cookie: operatorCookie,
            form: { intent: 'create-group', name: 'Wasatch\u0007 Glass\u0000 Co\u001b', phone: '\u0000\u0000' },
          }),
        ),
      ),
    )
    expect(response.status).toBe(302)
    const group = db().select().from(partnerGroups).where(eq(partnerGroups.name, 'Wasatch Glass Co')).get()
    expect(group).toMatchObject({ name: 'Wasatch Glass Co', phone: null })

    const onlyControls = await settle(() =>
      partnersAction(
        routeArgs(makeRequest('/admin/partners', { cookie: operatorCookie, form: { intent: 'create-group', name: '\u0000\u0001\u0002' } })),
      ),
    )
    expect(onlyControls.status).toBe(400)
  })
})

describe('original file names', () => {
  const longName = `${'windshield-'.repeat(454)}xx.jpg` // 5,000 characters

  it('keeps at most 200 characters of a claim photo name, with its extension', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    expect(longName).toHaveLength(5000)
    const response = await fileClaim(profile.id, policy.id, {}, [photo(longName)])
    expect(response.status).toBe(302)
    const [document] = db()
      .select()
      .from(claimDocuments)
      .where(eq(claimDocuments.claimId, claimsOf(policy.id)[0]!.id))
      .all()
    expect(document!.fileName.length).toBeLessThanOrEqual(MAX_STORED_FILE_NAME)
    expect(document!.fileName).toMatch(/^windshield-windshield-.*….jpg$/)
  })

  it('does the same for the invoice and repair photos a shop uploads', async () => {
    const { policy } = createActivePolicy(createProfile().id)
    const claim = createClaim(policy.id, {
      approvalStatus: 'approved',
      assignedPartnerGroupId: createPartnerGroup().id,
    })
    const upload = (fieldName: string, fileName: string) => ({ fieldName, fileName, contentType: 'image/jpeg', bytes: jpeg })
    await completeClaim({
      code: claim.confirmationCode,
      repairType: 'repair',
      actualCostCents: null,
      partnerNotes: null,
      invoice: upload('invoice', `invoice-${'x'.repeat(4990)}.jpeg`),
      repairPhotos: [upload('repairPhotos', 'after.png')],
    })
    const names = db()
      .select()
      .from(claimDocuments)
      .where(eq(claimDocuments.claimId, claim.id))
      .all()
      .map((row) => row.fileName)
      .sort()
    expect(names[0]).toBe('after.png')
    expect(names[1]!.length).toBeLessThanOrEqual(MAX_STORED_FILE_NAME)
    expect(names[1]).toMatch(/^invoice-x+….jpeg$/)
  })
})
