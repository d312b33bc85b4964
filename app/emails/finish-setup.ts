import { button, codeBlock, escapeHtml, finePrint, layout, paragraph, type RenderedEmail, textBody } from './layout'

export type FinishSetupEmailProps = {
  /** 'Comprehensive — Car', 'Chip Repair Only', ... */
  planName: string
  /** '$19.99' */
  monthlyPrice: string
  /** The absolute sign-in link; after signing in it leads to the setup wizard of this policy. */
  url: string
  /** The 6-digit code that can be typed on /auth instead. */
  code: string
  expiresInMinutes: number
  supportEmail: string
  /** The acknowledgment the automatic-renewal laws ask for (content/contract.ts): renewal terms and how to cancel. */
  renewalTerms: string[]
  cancelTerms: string[]
  /** The policy's plan documents: the contract and the terms version accepted. */
  contractUrl: string
}

/** Sent once per paid checkout: the customer's way in, and what is left before coverage starts. */
export function finishSetupEmail({
  planName,
  monthlyPrice,
  url,
  code,
  expiresInMinutes,
  supportEmail,
  renewalTerms,
  cancelTerms,
  contractUrl,
}: FinishSetupEmailProps): RenderedEmail {
  const subject = 'Finish setting up your coverage'
  const steps = ['Upload 3 photos of your windshield', 'Enter your vehicle information', 'Review and confirm']
  const html = layout({
    title: 'Payment received: finish setting up your coverage',
    preheader: `Your sign-in code is ${code}`,
    body: [
      paragraph(`Thank you for subscribing to ${planName} at ${monthlyPrice} per month.`),
      paragraph('Your coverage is not active yet. Sign in to finish setting up your policy (it takes under 5 minutes):'),
      `<ol style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:#1f2937">${steps
        .map((step) => `<li>${escapeHtml(step)}</li>`)
        .join('')}</ol>`,
      button('Sign in and finish setup', url),
      paragraph('Or enter this code on the sign-in page:'),
      codeBlock(code),
      finePrint(
        `The link and the code work once and expire in ${expiresInMinutes} minutes. After that, ask for a new login link on the sign-in page with this e-mail address. Questions? Write to ${supportEmail}.`,
      ),
      `<h2 style="margin:24px 0 8px;font-size:18px;color:#111827">Your plan: renewal and cancelling</h2>`,
      ...renewalTerms.map(paragraph),
      ...cancelTerms.map(paragraph),
      paragraph(`Your contract and the terms you accepted, to read or download as a PDF: ${contractUrl}`),
    ].join('\n'),
  })
  const text = textBody(
    'Payment received: finish setting up your coverage',
    `Thank you for subscribing to ${planName} at ${monthlyPrice} per month.`,
    'Your coverage is not active yet. Sign in to finish setting up your policy (it takes under 5 minutes):',
    steps.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    `Open this link to sign in (you will be asked to confirm with one more click):\n${url}`,
    `Or enter this code on the sign-in page: ${code}`,
    `The link and the code work once and expire in ${expiresInMinutes} minutes. After that, ask for a new login link on the sign-in page with this e-mail address. Questions? Write to ${supportEmail}.`,
    'YOUR PLAN: RENEWAL AND CANCELLING',
    ...renewalTerms,
    ...cancelTerms,
    `Your contract and the terms you accepted, to read or download as a PDF: ${contractUrl}`,
  )
  return { subject, html, text }
}
