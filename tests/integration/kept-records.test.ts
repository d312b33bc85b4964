import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, consentRecords, keptRecords, profiles, textConsents } from '~/db/schema'
import { anniversary, dayAfter, dayOf, startOfDayIn } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { removeDueKeptRecords } from '~/models/people/kept-records.server'
import { action as privacyAction, loader as privacyLoader } from '~/routes/customer.privacy'

import { createActivePolicy, createClaim, createProfile, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'

const DAY = 24 * 60 * 60 * 1000
const ADDRESS = { name: 'Tex Holder', line1: '100 Congress Ave', line2: null, city: 'Austin', state: 'TX', zip: '78701' }

async function deletionPage(profileId: string) {
  const page = await settle(async () =>
    privacyLoader(routeArgs(makeRequest('/customer/privacy', { cookie: await sessionCookieFor(profileId) }))),
  )
  return page.data as { kept: string[] }
}

/** Deletes the account through the privacy page, with the code it e-mails: the redirect's toast and the last e-mail. */
async function deleteThroughThePage(profile: { id: string; email: string }) {
  const cookie = await sessionCookieFor(profile.id)
  const post = (form: Record<string, string>) => settle(() => privacyAction(routeArgs(makeRequest('/customer/privacy', { cookie, form }))))
  expect((await post({ intent: 'deletion-code' })).status).toBe(302)
  const code = /Code: (\d{6})/.exec(outboxFor(profile.email).find((mail) => mail.subject === 'Your code to delete your account')!.text)![1]!
  const deleted = await post({ intent: 'delete-account', code })
  expect(deleted.status).toBe(302)
  return outboxFor(profile.email).find((mail) => mail.subject === 'Your Glass Plan account was deleted')!
}

const keptOf = (profileId: string) => db().select().from(keptRecords).where(eq(keptRecords.profileId, profileId)).all()

describe('deleting an account keeps the records a state requires (real SQLite file)', () => {
  it("Texas: the holder's name and address and each claim's description stay for the operator until a year after coverage ends, then go", async () => {
    const profile = createProfile({ fullName: 'Tex Holder', phone: '+18015550100', mailingAddress: JSON.stringify(ADDRESS), zip: '78701' })
    const { policy } = createActivePolicy(profile.id, { governingState: 'TX', initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })
    const claim = createClaim(policy.id, { approvalStatus: 'completed', description: 'A chip above the wiper line', actualCostCents: 8900 })
    db()
      .insert(textConsents)
      .values({ profileId: profile.id, phone: '+18015550100', wordingVersion: 'texts-1', consentedAt: new Date().toISOString() })
      .run()

    const today = dayOf(new Date())
    const mayGoOn = dayAfter(dayOf(anniversary(startOfDayIn(today), 1)))
    // Before confirming, the page says what stays, under which law, until when.
    const before = await deletionPage(profile.id)
    expect(before.kept).toEqual([expect.stringContaining(`Policy ${policy.policyNumber}: Texas law (Tex. Occ. Code §1304.155)`)])
    expect(before.kept[0]).toContain(`We delete them on ${formatLongDate(mayGoOn)}.`)

    const last = await deleteThroughThePage(profile)
    expect(last.text).toContain('The law requires us to keep these records after your account is deleted:')
    expect(last.text).toContain(`We delete them on ${formatLongDate(mayGoOn)}.`)

    // The sign-in and everything else that identifies the customer are gone...
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()).toMatchObject({
      email: `deleted-${profile.id}@deleted.invalid`,
      fullName: null,
      phone: null,
      mailingAddress: null,
      zip: null,
    })
    expect(
      db().select({ phone: textConsents.phone }).from(textConsents).where(eq(textConsents.wordingVersion, 'texts-1')).all(),
    ).not.toContainEqual({
      phone: '+18015550100',
    })
    // ...but the Texas file stays, marked with its day.
    expect(keptOf(profile.id)).toEqual([
      expect.objectContaining({
        policyId: policy.id,
        kind: 'service_contract',
        statute: 'Tex. Occ. Code §1304.155',
        holderName: 'Tex Holder',
        holderAddress: JSON.stringify(ADDRESS),
        coverageEndedOn: today,
        mayGoOn,
      }),
    ])
    const descriptionOf = () => db().select({ d: claims.description }).from(claims).where(eq(claims.id, claim.id)).get()!.d
    expect(descriptionOf()).toBe('A chip above the wiper line')

    // The daily job: the last moment of the day before its day keeps it; the first moment of its day removes it.
    expect(await removeDueKeptRecords(new Date(startOfDayIn(mayGoOn).getTime() - 1))).toBe(0)
    expect(keptOf(profile.id)).toHaveLength(1)
    expect(await removeDueKeptRecords(startOfDayIn(mayGoOn))).toBe(1)
    expect(keptOf(profile.id)).toHaveLength(0)
    expect(descriptionOf()).toBe('')
  })

  it('California: the renewal consent stays whole (its address too) for 3 years or a year after the end, whichever is later; then it is deleted', async () => {
    const profile = createProfile({ fullName: 'Cal Consenter' })
    const { policy } = createActivePolicy(profile.id, { governingState: 'CA', initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })
    const consentedAt = new Date(Date.now() - 30 * DAY).toISOString()
    db()
      .insert(consentRecords)
      .values({
        policyId: policy.id,
        profileId: profile.id,
        tosVersion: '1.0.1',
        priceCents: 799,
        renewalTermsVersion: 'renewal-2026-3',
        esignVersion: 'esign-2026-1',
        governingState: 'CA',
        consentedAt,
        clientIp: '198.51.100.7',
        userAgent: 'Mozilla/5.0 (Kept)',
      })
      .run()
    // Three years after the consent is later than a year after today's end.
    const mayGoOn = dayAfter(dayOf(anniversary(new Date(consentedAt), 3)))
    expect((await deletionPage(profile.id)).kept).toEqual([expect.stringContaining('California law (Cal. Bus. & Prof. Code §17602)')])

    await deleteThroughThePage(profile)
    expect(keptOf(profile.id)).toEqual([
      expect.objectContaining({ kind: 'renewal_consent', holderName: 'Cal Consenter', holderAddress: null, mayGoOn }),
    ])
    const consent = () =>
      db()
        .select()
        .from(consentRecords)
        .where(and(eq(consentRecords.policyId, policy.id)))
        .get()
    expect(consent()).toMatchObject({ profileId: profile.id, clientIp: '198.51.100.7', anonymisedAt: null })

    expect(await removeDueKeptRecords(startOfDayIn(dayAfter(mayGoOn, -1)))).toBe(0)
    expect(consent()).toBeDefined()
    expect(await removeDueKeptRecords(startOfDayIn(dayAfter(mayGoOn, 1)))).toBe(1)
    expect(consent()).toBeUndefined()
    expect(keptOf(profile.id)).toHaveLength(0)
  })

  it('Utah: nothing that identifies the customer is kept, and the page and the e-mail say so', async () => {
    const profile = createProfile()
    createActivePolicy(profile.id, { governingState: 'UT', initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })
    expect((await deletionPage(profile.id)).kept).toEqual([])
    const last = await deleteThroughThePage(profile)
    expect(last.text).toContain('No law requires us to keep anything that identifies you')
    expect(keptOf(profile.id)).toHaveLength(0)
  })
})
