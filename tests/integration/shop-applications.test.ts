import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, partnerGroups, partnerLocations, shopApplications, shopStaff } from '~/db/schema'
import { SHOP_APPLICATION_MESSAGES } from '~/domain/messages'
import { resetEnvForTests } from '~/env.server'
import { shopApplicationsForReview } from '~/models/shops/shop-applications.server'
import * as reviewRoute from '~/routes/admin.applications'
import * as joinRoute from '~/routes/join-the-network'

import { findOrCreateProfile, sessionCookieFor, uniqueEmail } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { planOf, statementsOf } from '../support/query-plans'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const reviewAction = inOperatorArea(reviewRoute.action)

function application(email: string, overrides: Record<string, string> = {}) {
  return {
    businessName: 'Bonneville Glass',
    contactName: 'Ada Glazier',
    email,
    phone: '801.555.0170',
    'locations[0].name': 'Bonneville Glass Ogden',
    'locations[0].address': '2550 Washington Blvd',
    'locations[0].city': 'Ogden',
    'locations[0].state': 'ut',
    'locations[0].zip': '84401',
    'locations[1].name': '',
    'locations[1].address': '',
    'locations[1].city': '',
    'locations[1].state': '',
    'locations[1].zip': '',
    insuranceCarrier: 'Mountain Mutual',
    insurancePolicyNumber: 'GL-55120',
    insuranceExpiresOn: '2099-06-30',
    certifications: 'AGSC certified technicians',
    offersChipRepair: 'on',
    offersReplacement: 'on',
    mobileService: 'on',
    ...overrides,
  }
}

const apply = (form: Record<string, string>, ip = '198.51.100.7') =>
  settle(() => joinRoute.action(routeArgs(makeRequest('/join-the-network', { form, headers: { 'X-Forwarded-For': ip } }))))
const errorsOf = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error
const applicationsFor = (email: string) => db().select().from(shopApplications).where(eq(shopApplications.email, email)).all()

async function decide(form: Record<string, string>) {
  const cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
  return settle(() => reviewAction(routeArgs(makeRequest('/admin/applications', { cookie, form }))))
}

describe('joining the network', () => {
  it('refuses bad input next to each field with a 400 and saves nothing', async () => {
    const email = uniqueEmail('shop')
    const answer = await apply(
      application(email, {
        phone: '555-0170',
        'locations[0].zip': '00000',
        insuranceExpiresOn: '2001-01-01',
        offersChipRepair: '',
        offersReplacement: '',
      }),
    )
    expect(answer.status).toBe(400)
    expect(errorsOf(answer)).toMatchObject({
      phone: [SHOP_APPLICATION_MESSAGES.phone],
      insuranceExpiresOn: [SHOP_APPLICATION_MESSAGES.insuranceExpiresOn],
    })
    // A well-formed ZIP that does not exist is refused once the rest is right.
    const zip = await apply(application(email, { 'locations[0].zip': '00000' }))
    expect(zip.status).toBe(400)
    expect(errorsOf(zip)['locations[0].zip']).toEqual(['That ZIP code does not exist. Check the five digits.'])
    const services = await apply(application(email, { offersChipRepair: '', offersReplacement: '' }))
    expect(errorsOf(services).offersChipRepair).toEqual([SHOP_APPLICATION_MESSAGES.servicesRequired])
    expect(applicationsFor(email)).toEqual([])
  })

  it('files the application, and the operator approves it: group, location and staff created, audited, e-mailed', async () => {
    const email = uniqueEmail('shop')
    expect((await apply(application(email))).status).toBe(302)
    const [filed] = applicationsFor(email)
    expect(filed).toMatchObject({ status: 'pending', phone: '+18015550170', businessName: 'Bonneville Glass' })
    expect(filed!.locations).toEqual([
      { name: 'Bonneville Glass Ogden', address: '2550 Washington Blvd', city: 'Ogden', state: 'UT', zip: '84401' },
    ])
    expect(outboxFor(email).map((message) => message.subject)).toContain('We received your application to join Glass Plan')

    expect((await decide({ intent: 'approve', id: filed!.id })).status).toBe(302)
    const decided = applicationsFor(email)[0]!
    expect(decided.status).toBe('approved')
    const group = db().select().from(partnerGroups).where(eq(partnerGroups.id, decided.partnerGroupId!)).get()!
    expect(group).toMatchObject({ name: 'Bonneville Glass', email, phone: '+18015550170' })
    const locations = db().select().from(partnerLocations).where(eq(partnerLocations.partnerGroupId, group.id)).all()
    expect(locations).toHaveLength(1)
    expect(locations[0]).toMatchObject({ name: 'Bonneville Glass Ogden', zip: '84401', mobileService: true, offersCalibration: false })
    expect(db().select().from(shopStaff).where(eq(shopStaff.email, email)).get()?.partnerGroupId).toBe(group.id)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, filed!.id))
        .all()
        .map((row) => row.action),
    ).toEqual(['shop_application.received', 'shop_application.approved'])
    expect(outboxFor(email).map((message) => message.subject)).toContain('Your Glass Plan partner application is approved')
    // Decided once: a second approval answers as the first did and creates nothing; declining it now is refused.
    const again = await decide({ intent: 'approve', id: filed!.id })
    expect(again.status).toBe(302)
    expect(db().select().from(partnerGroups).where(eq(partnerGroups.email, email)).all()).toHaveLength(1)
    expect(outboxFor(email).filter((message) => message.subject === 'Your Glass Plan partner application is approved')).toHaveLength(1)
    expect((await decide({ intent: 'decline', id: filed!.id, reason: 'Changed my mind.' })).status).toBe(409)
  })

  it('two approvals posted at once make one group, one location set, one staff member and one e-mail', async () => {
    const email = uniqueEmail('shop')
    await apply(application(email, { businessName: 'Twice Glass', 'locations[0].name': 'Twice Glass Ogden' }))
    const [filed] = applicationsFor(email)
    const answers = await Promise.all([decide({ intent: 'approve', id: filed!.id }), decide({ intent: 'approve', id: filed!.id })])
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    const groups = db().select().from(partnerGroups).where(eq(partnerGroups.email, email)).all()
    expect(groups).toHaveLength(1)
    expect(applicationsFor(email)[0]).toMatchObject({ status: 'approved', partnerGroupId: groups[0]!.id })
    expect(db().select().from(partnerLocations).where(eq(partnerLocations.partnerGroupId, groups[0]!.id)).all()).toHaveLength(1)
    expect(db().select().from(shopStaff).where(eq(shopStaff.email, email)).all()).toHaveLength(1)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, filed!.id))
        .all()
        .filter((row) => row.action === 'shop_application.approved'),
    ).toHaveLength(1)
    expect(outboxFor(email).filter((message) => message.subject === 'Your Glass Plan partner application is approved')).toHaveLength(1)
  })

  it('declines with a reason the applicant reads; a missing reason is refused; an unknown one is a 404', async () => {
    const email = uniqueEmail('shop')
    await apply(application(email))
    const [filed] = applicationsFor(email)
    const missing = await decide({ intent: 'decline', id: filed!.id, reason: ' ' })
    expect(missing.status).toBe(400)
    expect(errorsOf(missing).reason).toEqual([SHOP_APPLICATION_MESSAGES.declineReason])
    expect((await decide({ intent: 'decline', id: filed!.id, reason: 'Insurance below $1,000,000.' })).status).toBe(302)
    expect(applicationsFor(email)[0]).toMatchObject({
      status: 'declined',
      declineReason: 'Insurance below $1,000,000.',
      partnerGroupId: null,
    })
    const message = outboxFor(email).find((sent) => sent.subject === 'Your Glass Plan partner application')!
    expect(message.text).toContain('> Insurance below $1,000,000.')
    expect((await decide({ intent: 'approve', id: 'no-such-application' })).status).toBe(404)
  })
  it('ignores a bot that fills the honeypot, and limits applications per network', async () => {
    const email = uniqueEmail('bot')
    const bot = await apply({ ...application(email), homepage_url: 'http://spam.example' })
    expect(bot.status).toBe(400)
    expect(applicationsFor(email)).toEqual([])
    // Counted by the address the proxy names, like behind Fly's.
    process.env.CLIENT_IP_HEADER = 'X-Forwarded-For'
    resetEnvForTests()
    const ip = '203.0.113.77'
    for (let n = 0; n < 5; n++) expect((await apply(application(uniqueEmail('many')), ip)).status).toBe(302)
    expect((await apply(application(uniqueEmail('many')), ip)).status).toBe(429)
    // Another network is not held back.
    expect((await apply(application(uniqueEmail('other')), '198.51.100.99')).status).toBe(302)
    delete process.env.CLIENT_IP_HEADER
    resetEnvForTests()
  })

  it('the review page reads the latest decisions newest first by index, never sorting every decided application', async () => {
    const statements = await statementsOf(() => shopApplicationsForReview())
    const plans = [...statements].map((source) => planOf(source).join(' | '))
    expect(plans.some((plan) => plan.includes('shop_applications_decided_idx'))).toBe(true)
    for (const plan of plans) expect(plan).not.toContain('TEMP B-TREE')
  })
})
