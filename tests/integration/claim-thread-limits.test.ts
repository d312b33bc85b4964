import { describe, expect, it } from 'vitest'

import { CLAIM_MESSAGES_PER_PERSON } from '~/auth/claim-limits.server'
import { db } from '~/db/client.server'
import { partnerLocations } from '~/db/schema'
import { CLAIM_THREAD_MESSAGES } from '~/domain/messages'
import { postClaimMessage, threadOf } from '~/models/claims/claim-messages.server'
import * as claimRoute from '~/routes/customer.claims.$code'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'

/** A claim thread's limit and its e-mails (docs/decisions/099-claim-thread-read-marks.md). */
describe("a claim thread's limit and e-mails", () => {
  ensureSeeded()

  async function bookedClaim() {
    const stamp = Date.now().toString(36)
    const group = createPartnerGroup(`Burst Glass ${stamp}`, { email: `desk-${stamp}@burst.example` })
    const place = db()
      .insert(partnerLocations)
      .values({
        partnerGroupId: group.id,
        name: `Burst ${stamp}`,
        slug: `burst-${stamp}`,
        zip: '80202',
        address: '1 Main St',
        city: 'Denver',
        state: 'CO',
      })
      .returning()
      .get()
    const customer = createProfile({ fullName: 'Burt Burst' })
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id, {
      approvalStatus: 'approved',
      reviewedAt: new Date().toISOString(),
      assignedPartnerGroupId: group.id,
      chosenLocationId: place.id,
    })
    return { customer, claim, shopEmail: group.email!, cookie: await sessionCookieFor(customer.id) }
  }

  it('refuses the 9th message and after (429 by the field, text kept, nothing saved) and e-mails each side once until it reads the thread', async () => {
    const { customer, claim, shopEmail, cookie } = await bookedClaim()
    const code = claim.confirmationCode
    const post = (body: string) =>
      settle(() => claimRoute.action(routeArgs(makeRequest(`/customer/claims/${code}`, { cookie, form: { body } }), { code })))
    const subject = `New message on claim ${code}`
    const mails = (to: string) => outboxFor(to).filter((email) => email.subject === subject)

    // 25 messages at once.
    const answers = await Promise.all(Array.from({ length: 25 }, (_, index) => post(`Message ${index + 1}`)))
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(8)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(17)
    // Each says when the window frees, in seconds, as the other limited answers do.
    for (const answer of refused) {
      const seconds = Number(answer.headers.get('Retry-After'))
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(CLAIM_MESSAGES_PER_PERSON.windowMs / 1000)
    }
    const result = (refused[0]!.data as { result: { error: Record<string, string[]>; initialValue: { body: string } } }).result
    expect(result.error.body![0]).toMatch(
      /^You have sent many messages on this claim in a few minutes\. Please wait .+ before sending this one/,
    )
    expect(result.error.body![0]).toContain(CLAIM_THREAD_MESSAGES.tooMany.description('').split('wait')[0]!)
    expect(result.initialValue.body).toMatch(/^Message \d+$/)
    // Every message let through is on the thread; none refused is.
    expect(threadOf(claim.id)).toHaveLength(8)

    // One e-mail to the operator and one to the shop, however many messages came.
    expect(mails('operator@example.com')).toHaveLength(1)
    expect(mails(shopEmail)).toHaveLength(1)
    expect(mails(customer.email)).toHaveLength(0)

    // The operator answers twice before the customer opens the page: one e-mail.
    const operator = findOrCreateProfile('operator@example.com')
    await postClaimMessage({ claimId: claim.id, author: 'operator', authorProfileId: operator.id, body: 'We are on it.' })
    await postClaimMessage({ claimId: claim.id, author: 'operator', authorProfileId: operator.id, body: 'The shop will call.' })
    expect(mails(customer.email)).toHaveLength(1)
    expect(mails(customer.email)[0]!.text).toContain('We are on it.')

    // The customer reads the thread (their page load), and the next message e-mails again, saying how many wait.
    const page = await settle(() => claimRoute.loader(routeArgs(makeRequest(`/customer/claims/${code}`, { cookie }), { code })))
    expect(page.status).toBe(200)
    expect((page.data as { thread: unknown[] }).thread).toHaveLength(10)
    await postClaimMessage({ claimId: claim.id, author: 'operator', authorProfileId: operator.id, body: 'Booked for Tuesday.' })
    const customerMails = mails(customer.email)
    expect(customerMails).toHaveLength(2)
    expect(customerMails[0]!.text).toContain('Booked for Tuesday.')
    expect(customerMails[0]!.text).toContain('Until you open the claim, further messages wait there without another e-mail.')
    // The shop has not opened its page since its e-mail: still one.
    expect(mails(shopEmail)).toHaveLength(1)
  })
})
