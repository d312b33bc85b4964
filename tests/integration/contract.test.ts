import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { TOS_VERSION } from '~/content/terms'
import { TERMS_VERSIONS, type TermsVersion } from '~/content/terms-versions'
import { db } from '~/db/client.server'
import { auditLog, policies } from '~/db/schema'
import { sendFinishSetupEmail } from '~/models/policies/fulfilment.server'
import { action as contractAction, loader as contractLoader } from '~/routes/customer.policies.$policyId.contract'
import { loader as contractPdfLoader } from '~/routes/customer.policies.$policyId.contract[.pdf]'
import { loader as termsLoader } from '~/routes/terms-of-service'

import { createActivePolicy, createProfile, getPolicy, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { pdfText } from '../support/pdf-text'
import { makeRequest, routeArgs, settle } from '../support/requests'

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()

type ContractData = {
  contract: {
    planName: string
    monthlyPrice: string
    renewal: string[]
    cancelling: string[]
    terms: { version: string; document: { title: string; intro: string[] } | null }
    arbitration: { optedOutAt: string | null; open: boolean; windowEndsAt: string }
  }
}

async function loadContract(profileId: string, policyId: string) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => contractLoader(routeArgs(makeRequest(`/customer/policies/${policyId}/contract`, { cookie }), { policyId })))
}

async function optOut(
  profileId: string,
  policyId: string,
  form: Record<string, string> = { intent: 'opt-out-arbitration', confirm: 'on' },
) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => contractAction(routeArgs(makeRequest(`/customer/policies/${policyId}/contract`, { cookie, form }), { policyId })))
}

describe('the plan documents page', () => {
  it('shows the contract as agreed, with the full text of the terms version accepted', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { tosAcceptedAt: daysAgo(3), monthlyPriceCents: 2999 })
    const result = await loadContract(customer.id, policy.id)
    expect(result.status).toBe(200)
    const { contract } = result.data as ContractData
    expect(contract.planName).toBe('Comprehensive — Car')
    expect(contract.monthlyPrice).toBe('$29.99')
    expect(contract.terms.version).toBe('1.0.1')
    expect(contract.terms.document?.title).toBe('Terms of Service')
    expect(contract.renewal.join(' ')).toContain('renews automatically from month to month')
    expect(contract.cancelling.join(' ')).toContain(`/customer/policies/${policy.id}/cancel`)
    expect(contract.arbitration).toMatchObject({ optedOutAt: null, open: true })
  })

  it("says how to cancel by the policy's state: any time in Texas; in New York the commitment binds after the free look", async () => {
    const customer = createProfile()
    const texan = createActivePolicy(customer.id, { governingState: 'TX', createdAt: daysAgo(9) }).policy
    const newYorker = createActivePolicy(customer.id, { governingState: 'NY', createdAt: daysAgo(40) }).policy
    const texas = ((await loadContract(customer.id, texan.id)).data as ContractData).contract.cancelling.join(' ')
    expect(texas).toContain('You can cancel online at any time, effective at once')
    expect(texas).toContain('Within the 30 days after the day of purchase you may cancel for a full refund')
    expect(texas).not.toContain('you cannot cancel')
    const newYork = ((await loadContract(customer.id, newYorker.id)).data as ContractData).contract.cancelling.join(' ')
    expect(newYork).toContain('(the 30 days after your purchase) you can cancel online at any time')
    expect(newYork).toContain('you cannot cancel, but you can turn off automatic renewal')
  })

  it("answers another customer's contract and PDF with a 404", async () => {
    const owner = createProfile()
    const other = createProfile()
    const { policy } = createActivePolicy(owner.id)
    expect((await loadContract(other.id, policy.id)).status).toBe(404)
    expect((await loadContract(other.id, 'no-such-policy')).status).toBe(404)
    const cookie = await sessionCookieFor(other.id)
    const pdf = await settle(() =>
      contractPdfLoader(routeArgs(makeRequest(`/customer/policies/${policy.id}/contract.pdf`, { cookie }), { policyId: policy.id })),
    )
    expect(pdf.status).toBe(404)
    expect((await optOut(other.id, policy.id)).status).toBe(404)
    expect(getPolicy(policy.id)!.arbitrationOptedOutAt).toBeNull()
  })

  it('downloads as a PDF that contains the plan, the price and the terms version with its text', async () => {
    const customer = createProfile({ fullName: 'Robin Ortiz' })
    const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 2999 })
    const cookie = await sessionCookieFor(customer.id)
    const response = (await contractPdfLoader(
      routeArgs(makeRequest(`/customer/policies/${policy.id}/contract.pdf`, { cookie }), { policyId: policy.id }),
    )) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toContain(`glass-plan-contract-${policy.policyNumber}.pdf`)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text).toContain('Comprehensive — Car')
    expect(text).toContain('$29.99 / month')
    expect(text).toContain('Robin Ortiz')
    expect(text).toContain('Version 1.0.1')
    expect(text).toContain('Binding arbitration and class-action waiver')
  })
})

describe('terms versions', () => {
  // A version published before the current one: the customers who accepted it keep seeing it, word for word.
  const older: TermsVersion = {
    version: '0.9.0',
    lastUpdated: '2025-01-15',
    document: ({ companyName }) => ({
      title: 'Terms of Service',
      intro: [`The older terms of ${companyName}, with a clause that 1.0.1 no longer has.`],
      sections: [],
    }),
  }
  ;(TERMS_VERSIONS as Map<string, TermsVersion>).set(older.version, older)

  it('serves the version a customer accepted, not the current one, on their contract and by its address', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { tosVersion: '0.9.0' })
    const { contract } = (await loadContract(customer.id, policy.id)).data as ContractData
    expect(contract.terms.version).toBe('0.9.0')
    expect(contract.terms.document?.intro[0]).toContain('a clause that 1.0.1 no longer has')

    const byVersion = await settle(() => termsLoader(routeArgs(makeRequest('/terms-of-service/0.9.0'), { version: '0.9.0' })))
    expect(byVersion.data).toMatchObject({ version: '0.9.0', current: false })
    const current = await settle(() => termsLoader(routeArgs(makeRequest('/terms-of-service'))))
    expect(current.data).toMatchObject({
      version: TOS_VERSION,
      current: true,
      // (0.9.0 is added by this test after the published ones, so it is not in date order here)
      others: expect.arrayContaining([
        { version: '1.0.5', lastUpdated: TERMS_VERSIONS.get('1.0.5')?.lastUpdated },
        { version: '1.0.4', lastUpdated: TERMS_VERSIONS.get('1.0.4')?.lastUpdated },
        { version: '1.0.3', lastUpdated: '2026-11-26' },
        { version: '1.0.2', lastUpdated: '2026-11-23' },
        { version: '1.0.1', lastUpdated: '2025-10-10' },
        { version: '0.9.0', lastUpdated: '2025-01-15' },
      ]),
    })
    expect((current.data as { others: unknown[] }).others).toHaveLength(6)
    const signed = await settle(() => termsLoader(routeArgs(makeRequest('/terms-of-service/1.0.1'), { version: '1.0.1' })))
    expect(signed.data).toMatchObject({ version: '1.0.1', lastUpdated: '2025-10-10', current: false })
    expect((await settle(() => termsLoader(routeArgs(makeRequest('/terms-of-service/7.7.7'), { version: '7.7.7' })))).status).toBe(404)
  })
})

describe('arbitration opt-out', () => {
  it('is recorded with its time, audited and confirmed by e-mail while the 30 days run; a second one is refused', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { tosAcceptedAt: daysAgo(29) })
    const done = await optOut(customer.id, policy.id)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/customer/policies/${policy.id}/contract`)
    const optedOutAt = getPolicy(policy.id)!.arbitrationOptedOutAt
    expect(Date.now() - Date.parse(optedOutAt!)).toBeLessThan(60_000)
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.arbitration_opted_out')))
      .all()
    expect(audit).toHaveLength(1)
    expect(audit[0]!.actor).toBe(customer.id)
    const [email] = outboxFor(customer.email)
    expect(email?.subject).toBe('You opted out of arbitration')
    expect(email?.text).toContain('Terms of Service (version 1.0.1)')

    const { contract } = (await loadContract(customer.id, policy.id)).data as ContractData
    expect(contract.arbitration.optedOutAt).toBe(optedOutAt)

    const again = await optOut(customer.id, policy.id)
    expect(again.status).toBe(409)
    expect((again.data as { toast: { title: string } }).toast.title).toBe('Already opted out')
    expect(getPolicy(policy.id)!.arbitrationOptedOutAt).toBe(optedOutAt)
  })

  it('is refused after the 30 days, with the date the window closed, and nothing is recorded', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { tosAcceptedAt: daysAgo(31) })
    const late = await optOut(customer.id, policy.id)
    expect(late.status).toBe(409)
    expect((late.data as { toast: { title: string; description: string } }).toast).toMatchObject({
      title: 'The opt-out window has closed',
      description: expect.stringContaining('within 30 days of accepting the terms'),
    })
    expect(getPolicy(policy.id)!.arbitrationOptedOutAt).toBeNull()
    const { contract } = (await loadContract(customer.id, policy.id)).data as ContractData
    expect(contract.arbitration.open).toBe(false)
  })

  it('asks for the confirmation box next to it, with a 400', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const unticked = await optOut(customer.id, policy.id, { intent: 'opt-out-arbitration' })
    expect(unticked.status).toBe(400)
    expect((unticked.data as { result: { error: Record<string, string[]> } }).result.error.confirm).toEqual([
      'Tick the box to confirm that you opt out of arbitration.',
    ])
    expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.arbitrationOptedOutAt).toBeNull()
  })
})

describe('the purchase acknowledgment', () => {
  it('repeats the price, the first term (no commitment where it cannot bind), the renewal, how to cancel and the contract link', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 2499 })
    expect(await sendFinishSetupEmail(customer, policy)).toBe(true)
    const [email] = outboxFor(customer.email)
    expect(email?.subject).toBe('Finish setting up your coverage')
    for (const part of [
      'Your plan is billed $24.99 a month. Its first term runs until',
      'and you may cancel at any time.',
      'renews automatically from month to month',
      'renewal notice at least 30 days before',
      `/customer/policies/${policy.id}/cancel`,
      `/customer/policies/${policy.id}/contract`,
    ]) {
      expect(email?.text).toContain(part)
      expect(email?.html).toContain(part.replace(/'/g, '&#39;'))
    }
  })
})

describe('the state disclosures', () => {
  const TDLR = 'regulated by the Texas Department of Licensing and Regulation'
  const PROVIDER = 'The provider of this contract is Glass Plan LLC, 2150 South 1300 East, Suite 500, Salt Lake City, UT 84106.'

  async function contractPdfTextFor(profileId: string, policyId: string) {
    const cookie = await sessionCookieFor(profileId)
    const response = (await contractPdfLoader(
      routeArgs(makeRequest(`/customer/policies/${policyId}/contract.pdf`, { cookie }), { policyId }),
    )) as Response
    expect(response.status).toBe(200)
    // pdf.js breaks lines where the PDF wraps them: compare the words, not the line breaks.
    return (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ')
  }

  it("of a Texas policy are on its contract page and in its PDF, with the provider's name and address", async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { governingState: 'TX' })
    const { contract } = (await loadContract(customer.id, policy.id)).data as ContractData & {
      contract: { disclosures: { heading: string; lines: string[] }[] }
    }
    expect(contract.disclosures.map((block) => block.heading)).toEqual(['The provider and this contract', 'Texas'])
    const page = contract.disclosures.flatMap((block) => block.lines).join(' ')
    for (const part of [PROVIDER, TDLR, 'full faith and credit of the provider', 'This contract is not insurance.']) {
      expect(page).toContain(part)
    }

    const pdf = await contractPdfTextFor(customer.id, policy.id)
    for (const part of ['Disclosures', PROVIDER, TDLR, 'www.tdlr.texas.gov', 'This contract is not insurance.']) expect(pdf).toContain(part)
  })

  it('of a policy whose state is not known yet are the national ones and a line saying so', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const pdf = await contractPdfTextFor(customer.id, policy.id)
    expect(pdf).toContain(PROVIDER)
    expect(pdf).toContain('Your state of residence is not known yet.')
    expect(pdf).not.toContain(TDLR)
  })

  it('are in the purchase e-mail, text and HTML', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { governingState: 'TX' })
    expect(await sendFinishSetupEmail(customer, policy)).toBe(true)
    const [email] = outboxFor(customer.email)
    for (const part of [PROVIDER, TDLR, 'TEXAS', 'This contract is not insurance.']) expect(email?.text).toContain(part)
    for (const part of [TDLR, 'Glass Plan LLC, 2150 South 1300 East', '>Texas<']) expect(email?.html).toContain(part)
  })
})
