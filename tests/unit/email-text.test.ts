import { describe, expect, it } from 'vitest'

import { claimMessageEmail, photoRequestEmail } from '~/emails/claim-messages'
import { claimApprovedEmail, claimDeniedEmail, operatorClaimEmail, shopAssignedEmail } from '~/emails/claims'
import { oneLine, quoted } from '~/emails/layout'
import { planTransferredEmail } from '~/emails/plan-transferred'
import { policyEndedByOperatorEmail } from '~/emails/policy-ended-by-operator'

/**
 * In a plain-text e-mail a line break is structure: what a person typed must not add a line that reads like one of
 * ours. One-line values (names, vehicles, shops) are folded; text written over several lines is quoted behind "> ".
 */

const ATTACK = 'Gina Gee\r\nPlan: Comprehensive (operator note: pre-approved, skip photo review)\r\nVehicle: 2024 Tesla'
const linesOf = (text: string) => text.split(/\r\n|[\r\n\u2028\u2029]/)

describe('a name with line breaks (stored before names were kept to one line)', () => {
  it('cannot add a "Plan:" or "Vehicle:" line to the operator\'s new-claim e-mail', async () => {
    for (const lineBreak of ['\r\n', '\n', '\r', '\u2028', '\u2029']) {
      const email = await operatorClaimEmail({
        kind: 'new',
        claimId: 'clm1',
        confirmationCode: 'CS-ABC123',
        customer: ATTACK.replaceAll('\r\n', lineBreak),
        planType: 'chip_only',
        damageType: 'chip',
        vehicle: `2019 Toyota${lineBreak}Camry`,
        filedLate: false,
        reviewUrl: 'http://localhost/admin/claims/clm1',
      })
      const lines = linesOf(email.text)
      expect(lines.filter((line) => line.startsWith('Plan:'))).toEqual(['Plan: Chip Repair Only'])
      expect(lines.filter((line) => line.startsWith('Vehicle:'))).toEqual(['Vehicle: 2019 Toyota Camry'])
      expect(lines).toContain('Customer: Gina Gee Plan: Comprehensive (operator note: pre-approved, skip photo review) Vehicle: 2024 Tesla')
    }
  })

  it("is folded in the shop's and the customer's e-mails too, subjects included", async () => {
    const shop = await shopAssignedEmail({
      partnerGroup: 'Wasatch\r\nBcc: someone@example.com',
      confirmationCode: 'CS-ABC123',
      damageType: 'chip',
      vehicle: '2019 Toyota\nCamry',
      customerName: ATTACK,
      completeUrl: 'http://localhost/partner/complete-claim',
    })
    expect(shop.subject).not.toMatch(/[\r\n]/)
    expect(linesOf(shop.text).some((line) => /^(Plan|Vehicle|Bcc):/.test(line))).toBe(false)

    const approved = await claimApprovedEmail({
      confirmationCode: 'CS-ABC123',
      partnerGroup: 'Wasatch\nGlass',
      partnerPhone: '801\n555 0100',
      partnerEmail: 'shop@example.com',
      claimUrl: 'http://localhost/customer/claims/CS-ABC123',
    })
    expect(linesOf(approved.text)).toContain('Your shop: Wasatch Glass')
    expect(linesOf(approved.text)).toContain('801 555 0100 · shop@example.com')

    const transferred = await planTransferredEmail({
      planName: 'Chip Repair Only',
      policyNumber: 'GP-7KQ4MX',
      newVehicle: '2024 Honda\nCR-V',
      oldVehicle: '2019 Toyota\r\nCamry',
      dashboardUrl: 'http://localhost/customer',
      supportEmail: 'help@example.com',
    })
    expect(transferred.text).toContain('now covers your 2024 Honda CR-V, in place of your 2019 Toyota Camry.')
  })
})

describe('text written over several lines', () => {
  it("is quoted line by line in a denial's text part", async () => {
    const email = await claimDeniedEmail({
      confirmationCode: 'CS-ABC123',
      reason: 'The photos show a crack.\r\nPlan: Comprehensive\n\nYour plan covers chips only.',
      appealUntil: null,
      appealUrl: 'http://localhost/customer',
      claimUrl: 'http://localhost/customer/claims/CS-ABC123',
      supportEmail: 'help@example.com',
    })
    expect(email.text).toContain('Reason:\n> The photos show a crack.\n> Plan: Comprehensive\n>\n> Your plan covers chips only.\n')
    expect(linesOf(email.text).some((line) => line.startsWith('Plan:'))).toBe(false)
  })

  it("is quoted in the operator's note when a policy is ended on the customer's behalf", async () => {
    const email = await policyEndedByOperatorEmail({
      planName: 'Chip Repair Only',
      ends: { now: true },
      reason: 'Asked by phone.\nVehicle: sold',
      dashboardUrl: 'http://localhost/customer',
      supportEmail: 'help@example.com',
    })
    expect(email.text).toContain('Our note:\n> Asked by phone.\n> Vehicle: sold\n')
    expect(linesOf(email.text).some((line) => line.startsWith('Vehicle:'))).toBe(false)
    expect(email.html).toContain('Our note: Asked by phone.')
  })

  it("is a quote line of a lines e-mail: behind '> ' in the text part, with its line breaks kept on the page", async () => {
    const email = await claimMessageEmail({
      confirmationCode: 'CS-ABC123',
      from: 'The customer',
      body: 'Can you come earlier?\nPlan: Comprehensive',
      replyUrl: 'http://localhost/shop/jobs/clm1',
    })
    expect(email.text).toContain('The customer wrote about claim CS-ABC123:\n\n> Can you come earlier?\n> Plan: Comprehensive\n\n')
    expect(linesOf(email.text).some((line) => line.startsWith('Plan:'))).toBe(false)
    expect(email.html).toContain('<span style="white-space:pre-line">Can you come earlier?\nPlan: Comprehensive</span>')
  })

  it('leaves out the fine print of a lines e-mail that has none', async () => {
    const email = await photoRequestEmail({
      confirmationCode: 'CS-ABC123',
      note: 'One close-up, please.',
      uploadUrl: 'http://localhost/photo-requests/CS-ABC123/req1',
      expiresAt: new Date('2026-12-03T12:00:00Z'),
    })
    expect(email.text.trimEnd().endsWith('Add photos: http://localhost/photo-requests/CS-ABC123/req1')).toBe(true)
    expect(email.html).not.toContain('font-size:13px')
  })

  it('quotes each kind of line break, and drops control characters', () => {
    expect(quoted('a\rb\u2028c\u2029d\r\ne\u0000')).toBe('> a\n> b\n> c\n> d\n> e')
    expect(oneLine('a\u2028b\u0007')).toBe('a b')
  })
})
