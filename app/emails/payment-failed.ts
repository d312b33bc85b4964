import { button, finePrint, layout, paragraph, type RenderedEmail, textBody } from './layout'

export type PaymentFailedEmailProps = {
  /** 'Comprehensive — Car' etc. */
  planName: string
  /** '$19.99' */
  monthlyPrice: string
  /** Where the customer fixes the card: the dashboard (Manage billing). */
  dashboardUrl: string
  supportEmail: string
}

/** Sent once each time a policy's subscription falls into past_due: claims are paused until the payment succeeds. */
export function paymentFailedEmail({ planName, monthlyPrice, dashboardUrl, supportEmail }: PaymentFailedEmailProps): RenderedEmail {
  const subject = 'Your Glass Plan payment failed'
  const lines = [
    `We couldn't collect the ${monthlyPrice} monthly payment for your ${planName} plan.`,
    'Until the payment goes through, new claims are on hold. Please update your card from your dashboard ("Manage billing"); we will retry the payment automatically.',
  ]
  const html = layout({
    title: 'Your payment failed',
    preheader: 'Update your card to keep your windshield coverage.',
    body: [...lines.map(paragraph), button('Open my dashboard', dashboardUrl), finePrint(`Questions? Write to ${supportEmail}.`)].join(
      '\n',
    ),
  })
  const text = textBody('Your payment failed', ...lines, `Open your dashboard: ${dashboardUrl}`, `Questions? Write to ${supportEmail}.`)
  return { subject, html, text }
}
