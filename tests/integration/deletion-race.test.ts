import fs from 'node:fs'

import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { db } from '~/db/client.server'
import { claims, policies, profiles } from '~/db/schema'
import { deleteAccount, sendDeletionCode } from '~/models/people/privacy.server'
import { action as submitAction } from '~/routes/customer.submit-claim'
import { uploadsPath } from '~/services/volume-store.server'

import { appendAnswers } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'

/**
 * A claim is being filed (its photos are being prepared) while the same customer deletes their account in another
 * tab: the deletion commits between the start of the filing and its write. The filing must then be a clean refusal —
 * a 4xx with a message, nothing half-saved — not a foreign-key failure on a 500 path.
 */

// The photo step waits for the test's go-ahead, so the deletion lands exactly between the filing's start and its write.
const gate = vi.hoisted(() => {
  let reached!: () => void
  let release!: () => void
  return {
    reached: new Promise<void>((resolve) => (reached = resolve)),
    released: new Promise<void>((resolve) => (release = resolve)),
    arrive: () => reached(),
    open: () => release(),
  }
})
vi.mock('~/services/images.server', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/services/images.server')>()
  return {
    ...original,
    prepareImage: async (...args: Parameters<typeof original.prepareImage>) => {
      gate.arrive()
      await gate.released
      return original.prepareImage(...args)
    },
  }
})

let jpeg: Buffer
beforeAll(async () => {
  ensureSeeded()
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7ab0' } })
    .jpeg()
    .toBuffer()
})

describe('an account deleted while one of its claims is being filed', () => {
  it('refuses the claim cleanly, and leaves no claim, document or file behind', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { initialTermEndsAt: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString() })
    const cookie = await sessionCookieFor(profile.id)

    const form = new FormData()
    form.append('policyId', policy.id)
    form.append('damageType', 'chip')
    form.append('damageDate', usToday())
    form.append('description', 'A rock hit the windshield.')
    appendAnswers(form)
    form.append('photos', new File([new Uint8Array(jpeg)], 'damage.jpg', { type: 'image/jpeg' }))
    const filing = settle(() => submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { form, cookie }))))

    await gate.reached
    await sendDeletionCode(profile)
    const code = /Code: (\d{6})/.exec(outboxFor(profile.email)[0]!.text)![1]!
    await deleteAccount(profile, code)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()!.email).toBe(`deleted-${profile.id}@deleted.invalid`)
    gate.open()

    const answer = await filing
    expect(answer.status).toBe(400)
    const body = answer.data as { toast: { title: string }; errors: Record<string, string[]> }
    expect(body.toast.title).toBe('Policy Not Active')
    expect(db().select().from(claims).where(eq(claims.policyId, policy.id)).all()).toEqual([])
    expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.status).toBe('canceled')
    const folder = uploadsPath('claim-documents')
    const left = fs.existsSync(folder) ? (fs.readdirSync(folder, { recursive: true }) as string[]) : []
    expect(left).toEqual([])
  })
})
