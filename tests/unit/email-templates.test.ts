import { describe, expect, it } from 'vitest'

import { EMAIL_SAMPLES, type EmailSample } from '~/emails/samples'

/**
 * Every e-mail template, rendered with its sample data (the same the /dev/emails preview shows): the text part is
 * snapshotted (tests/unit/__snapshots__), since it is what people and the other tests read; the HTML must carry the
 * facts of the subject and every link of the text part, and escape whatever a value holds.
 */

/** What each e-mail's HTML must say: the subject's facts (codes, dates, prices, names) and the title. */
const KEY_CONTENT: Record<string, string[]> = {
  'price-schedule-notice': ['Our price schedule, version 2', 'January 4, 2027', 'Chip repair: $65.00', 'Mobile service surcharge: $30.00'],
  'payout-remittance': ['We paid you $409.00', 'CS-7K2M9Q', 'CS-4HT8WP', '$89.00', '$320.00', 'ACH 2026-12-01 #4471', 'PY-7KQ2MX'],
  'invoice-rejected': [
    'Your invoice needs a correction',
    'CS-7K2M9Q',
    'The part number does not match the vehicle or the work',
    'FW04567 GTN',
  ],
  'invoice-dispute-operator': [
    'A shop disputes an invoice decision',
    'Wasatch Auto Glass',
    'December 3, 2026',
    'The moulding was part of the job',
  ],
  'invoice-dispute-answered': ['You were right', 'CS-7K2M9Q', '$355.00', 'the moulding is paid'],
  'sign-in': ['Sign in to Glass Plan', '482916', '15 minutes'],
  'finish-setup': ['finish setting up your coverage', '730514', 'Comprehensive — Car', '$19.99', 'Your plan: renewal and cancelling'],
  'policy-activated': ['You&#x27;re all set!', 'Comprehensive — Car', 'November 21, 2026', 'GP-7KQ4MX'],
  'payment-failed': ['Your payment failed', '$19.99', 'Comprehensive — Car'],
  'plan-transferred': ['Your plan now covers your new vehicle', '2024 Honda CR-V (UT XYZ789)', '2019 Toyota Camry (UT ABC123)'],
  'ownership-offer': ['A windshield plan is waiting for you', '2019 Toyota Camry', '$19.99', 'December 5, 2026'],
  'ownership-transferred-buyer': ['Your windshield plan is active', 'GP-7KQ4MX', 'November 21, 2027'],
  'ownership-transferred-seller': ['Your plan has passed to the next owner', 'GP-7KQ4MX', 'without a cancellation fee'],
  'renewal-notice': ['Your plan is about to renew', 'November 21, 2027', '$19.99 per month'],
  'renewal-notice-ending': ['Your coverage is ending', 'November 21, 2027', 'You turned renewal off'],
  'price-change': ['March 3, 2027', '$19.99', '$21.99', 'GP-7KQ4MX'],
  'price-change-consent': ['March 3, 2027', '$19.99', '$21.99', 'GP-7KQ4MX', 'Accept the new price'],
  'yearly-reminder': ['A yearly reminder of your subscription', 'GP-7KQ4MX', 'November 21, 2025', '$19.99 per month'],
  refund: ['You are refunded $19.99', 'GP-7KQ4MX', '30-day free look', 'Comprehensive — Car'],
  'claim-choice-reminder': ['Your approved claim is waiting for you', 'CS-7K2M9Q', 'Until then the clock waits for you.'],
  'service-credit': ['You have a credit of $19.99', 'We missed our service promise on claim CS-7K2M9Q', 'taken off your next invoice'],
  'arbitration-opt-out': ['You opted out of arbitration', 'November 22, 2026', '2026-01-01'],
  'policy-ended-by-operator': ['Your policy has been cancelled', 'Our note: Asked by phone on November 20.'],
  'provider-cancellation': [
    'Notice of cancellation',
    'GP-7KQ4MX',
    'December 6, 2026',
    'Nonpayment of the price',
    'without any cancellation fee',
  ],
  'policy-ended-by-operator-at-commitment-end': ['Your policy will not renew', 'November 21, 2027', 'Our note: Asked by e-mail.'],
  'claim-received': ['Claim Submitted Successfully!', 'CS-7K2M9Q', 'Claim ID: CS-7K2M9Q'],
  'claim-submitted-operator': ['New claim to review', 'CS-7K2M9Q', 'Customer: Gina Gee', 'Plan: Comprehensive'],
  'claim-appeal-operator': ['Appeal to review', 'CS-7K2M9Q', 'Filed more than 48 hours after the damage.'],
  'claim-approved': [
    'Your claim is approved',
    'CS-7K2M9Q',
    'Wasatch Auto Glass',
    '(801) 555-0100 · shop@wasatch-glass.example',
    'Wasatch — Ogden: 2549 Washington Blvd, Ogden, UT 84401',
    'query=2549%20Washington%20Blvd%2C%20Ogden%2C%20UT%2084401',
  ],
  'claim-assigned-shop': ['A claim is assigned to you', 'CS-7K2M9Q', 'Wasatch Auto Glass', 'Customer: Gina Gee'],
  'claim-approved-choose-shop': ['Your claim is approved', 'CS-7K2M9Q', 'Choose a shop near you'],
  'claim-approved-by-rules': ['Your claim is approved', 'published decision rules (version 1)', 'Choose a shop near you'],
  'appointment-confirmed': ['Wasatch — Ogden confirmed your appointment', 'December 8, 2026 at 9:30 AM', 'call (801) 555-0100'],
  'appointment-proposed': [
    'proposes December 9, 2026 at 2:00 PM',
    'Mobile service at 12 Elm St, Ogden',
    'To change it, call (801) 555-0100.',
  ],
  'claim-message': ['Wasatch Auto Glass wrote about claim CS-7K2M9Q', 'an hour earlier', 'Reply here and we will confirm.'],
  'shop-application-received': ['applying to join the Glass Plan network with Wasatch Auto Glass', 'within 5 business days'],
  'shop-application-approved': ['Wasatch Auto Glass is approved as a Glass Plan partner shop', 'Wasatch Auto Glass Ogden, Ogden, UT'],
  'shop-application-declined': ['not able to add Wasatch Auto Glass', 'at least $1,000,000 per occurrence'],
  'photo-request': ['more photos for claim CS-7K2M9Q', 'one close-up of the chip', 'until December 3, 2026'],
  'reschedule-requested': ['cannot come at December 8, 2026 at 9:30 AM', 'December 10, 2026, afternoon (12–5)', '(801) 555-0123'],
  'claim-assigned-shop-chosen': [
    'the customer chose Wasatch — Ogden',
    'December 8, 2026, morning (8–12)',
    'Mobile service at 12 Elm St, Ogden',
    '(801) 555-0123',
  ],
  'claim-denied': ['Your claim was not approved', 'CS-7K2M9Q', 'The photos show a crack longer than 6 inches.', 'December 5, 2026'],
  'claim-denied-appeal-decided': ['This was the decision on your appeal.', 'The damage happened before coverage started.'],
  'claim-appeal-received': ['Appeal received', 'CS-7K2M9Q'],
  'shop-rating-request': ['How did Wasatch Auto Glass — Sandy do?', 'nothing is given for it', 'Claim ID: CS-7K2M9Q'],
  'claim-completed': ['Your claim is complete', 'windshield replacement by Wasatch Auto Glass', 'Claim ID: CS-7K2M9Q'],
  'claim-text-by-email': ['News about your claim', 'is on the way for claim CS-7K2M9Q', 'Our texts are used up for today'],
  'email-change': ['Confirm your new e-mail address', '15 minutes'],
  'email-changed': ['Your e-mail address was changed', 'gina.new@example.com'],
  'account-deletion': ['Your code to delete your account', '615203'],
  'account-deleted': ['Your Glass Plan account was deleted', 'November 23, 2026'],
  'esign-withdrawn': ['A customer asked for paper copies', 'Gina Gee', 'November 23, 2026', 'pol_8f3k2m', 'posted to them on paper'],
}

const SITE = 'https://glassplan.example'

/** Where each e-mail's button leads (null: an e-mail without one). */
const BUTTONS: Record<string, string | null> = {
  'payout-remittance': null,
  'price-schedule-notice': `${SITE}/shop#price-schedule`,
  'invoice-rejected': `${SITE}/shop/jobs/clm_sample`,
  'invoice-dispute-operator': `${SITE}/admin/claims/clm_sample`,
  'invoice-dispute-answered': `${SITE}/shop/jobs/clm_sample`,
  'sign-in': `${SITE}/auth/verify?token=q8Zx3vN1sample`,
  'finish-setup': `${SITE}/auth/verify?token=k2Pm7wR4sample`,
  'policy-activated': `${SITE}/customer`,
  'payment-failed': `${SITE}/customer`,
  'plan-transferred': `${SITE}/customer`,
  'ownership-offer': `${SITE}/next-owner/Zq7sample`,
  'ownership-transferred-buyer': `${SITE}/customer`,
  'ownership-transferred-seller': `${SITE}/customer`,
  'renewal-notice': `${SITE}/customer`,
  'renewal-notice-ending': `${SITE}/customer`,
  refund: `${SITE}/customer`,
  'claim-choice-reminder': `${SITE}/customer/claims/claim-1/shop`,
  'service-credit': `${SITE}/customer#credits`,
  'yearly-reminder': `${SITE}/customer/policies/pol_8f3k2m/cancel`,
  'price-change': `${SITE}/customer/policies/pol_8f3k2m/cancel`,
  'price-change-consent': `${SITE}/price-change/Xy4sample`,
  'arbitration-opt-out': `${SITE}/customer/policies/pol_8f3k2m/contract`,
  'policy-ended-by-operator': `${SITE}/customer`,
  'policy-ended-by-operator-at-commitment-end': `${SITE}/customer`,
  'provider-cancellation': `${SITE}/customer`,
  'claim-received': `${SITE}/customer/claims/CS-7K2M9Q`,
  'claim-submitted-operator': `${SITE}/admin/claims/clm_4t9w1c`,
  'claim-appeal-operator': `${SITE}/admin/claims/clm_4t9w1c`,
  'claim-approved': `${SITE}/customer/claims/CS-7K2M9Q`,
  'claim-assigned-shop': `${SITE}/partner/complete-claim?code=CS-7K2M9Q`,
  'claim-approved-choose-shop': `${SITE}/customer/claims/clm_4t9w1c/shop`,
  'claim-approved-by-rules': `${SITE}/customer/claims/clm_4t9w1c/shop`,
  'claim-assigned-shop-chosen': `${SITE}/partner/complete-claim?code=CS-7K2M9Q`,
  'appointment-confirmed': `${SITE}/customer/claims/clm_4t9w1c/reschedule`,
  'appointment-proposed': null,
  'claim-message': `${SITE}/customer/claims/CS-7K2M9Q`,
  'shop-application-received': null,
  'shop-application-approved': `${SITE}/auth`,
  'shop-application-declined': null,
  'photo-request': `${SITE}/photo-requests/CS-7K2M9Q/req_5h2k?exp=1796000000&sig=sample`,
  'reschedule-requested': `${SITE}/shop/jobs/clm_4t9w1c`,
  'claim-denied': `${SITE}/customer/claims/clm_4t9w1c/appeal`,
  'claim-denied-appeal-decided': null,
  'claim-appeal-received': `${SITE}/customer/claims/CS-7K2M9Q`,
  'claim-completed': `${SITE}/customer/claims/CS-7K2M9Q`,
  'claim-text-by-email': `${SITE}/customer/claims/CS-7K2M9Q`,
  'shop-rating-request': `${SITE}/customer/claims/clm_4t9w1c/rating`,
  'email-change': `${SITE}/customer/privacy/confirm-email?token=n5Vb8sample`,
  'email-changed': null,
  'account-deletion': null,
  'account-deleted': null,
  'esign-withdrawn': `${SITE}/admin/customers/prof_2k9d`,
}

/** React's escaping, of text and of attribute values alike. */
const escaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

describe.each(EMAIL_SAMPLES.map((sample) => [sample.id, sample] as const))('the %s e-mail', (_id, sample: EmailSample) => {
  it('renders its text part as written (snapshot)', async () => {
    const { subject, text } = await sample.render()
    expect(`Subject: ${subject}\n\n${text}`).toMatchSnapshot()
  })

  it('renders an HTML document with the key content and every link of the text part as a link', async () => {
    const { subject, html, text } = await sample.render()
    expect(html).toMatch(/^<!DOCTYPE html/)
    expect(html).toContain('<html dir="ltr" lang="en">')
    expect(html).toContain('Glass Plan · Windshield protection plans')
    const facts = KEY_CONTENT[sample.id]
    expect(facts, `no key content listed for ${sample.id}`).toBeDefined()
    for (const fact of facts!) expect(html).toContain(fact)
    // The subject's own facts (codes, dates, names) are in the body too.
    for (const fact of subject.match(/CS-[A-Z0-9]+|[A-Z][a-z]+ \d{1,2}, \d{4}|Wasatch Auto Glass/g) ?? []) expect(html).toContain(fact)
    // Every link of the text part is in the HTML too, and the button leads where the text part's link does.
    for (const link of text.match(/https?:\/\/[^\s]+[^\s.]/g) ?? []) expect(html).toContain(escaped(link))
    const button = BUTTONS[sample.id]
    expect(button, `no button listed for ${sample.id}`).toBeDefined()
    if (button) {
      expect(text).toContain(button)
      expect(html).toContain(`href="${escaped(button)}"`)
    } else expect(html).not.toContain('href=')
  })
})

describe('the samples', () => {
  it('cover every template function in app/emails', async () => {
    const modules = import.meta.glob<Record<string, unknown>>(['../../app/emails/*.tsx', '!../../app/emails/layout.tsx'], { eager: true })
    const templates = Object.values(modules).flatMap((module) =>
      Object.entries(module).filter(([name, value]) => typeof value === 'function' && /^[a-z]\w*Email$/.test(name)),
    )
    expect(templates.length).toBeGreaterThanOrEqual(20)
    const covered = new Set(EMAIL_SAMPLES.map((sample) => sample.template))
    expect(templates.filter(([, template]) => !covered.has(template)).map(([name]) => name)).toEqual([])
    expect(new Set(EMAIL_SAMPLES.map((sample) => sample.id)).size).toBe(EMAIL_SAMPLES.length)
  })
})

/** Every string in the props replaced by markup that must not survive as markup. */
function hostile(value: unknown): unknown {
  if (typeof value === 'string') return `${value}"><script>alert(1)</script><img src=x onerror=alert(2)>`
  if (Array.isArray(value)) return value.map(hostile)
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, hostile(inner)]))
  }
  return value
}

describe('values in the HTML', () => {
  it.each(EMAIL_SAMPLES.map((sample) => [sample.id, sample] as const))('are escaped by React in %s', async (_id, sample) => {
    const { html } = await sample.renderWith(hostile(sample.props))
    expect(html).not.toMatch(/<script|<img/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})
