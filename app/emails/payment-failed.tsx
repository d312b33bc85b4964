import { type RenderedEmail, renderLinesEmail } from './layout'

export type PaymentFailedEmailProps = {
  /** 'Comprehensive — Car' etc. */
  planName: string
  /** '$19.99' */
  monthlyPrice: string
  /** Where the customer fixes the card: the dashboard (Manage billing). */
  dashboardUrl: string
  supportEmail: string
}

const TITLE = 'Your payment failed'

function wording({ planName, monthlyPrice, supportEmail }: PaymentFailedEmailProps) {
  return {
    lines: [
      `We couldn't collect the ${monthlyPrice} monthly payment for your ${planName} plan.`,
      'Until the payment goes through, new claims are on hold. Please update your card from your dashboard ("Manage billing"); we will retry the payment automatically.',
    ],
    help: `Questions? Write to ${supportEmail}.`,
  }
}

/** Sent once each time a policy's subscription falls into past_due: claims are paused until the payment succeeds. */
export function paymentFailedEmail(props: PaymentFailedEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: 'Your Glass Plan payment failed',
      title: TITLE,
      preheader: 'Update your card to keep your windshield coverage.',
      ...wording(props),
    },
    { href: props.dashboardUrl, label: 'Open my dashboard', textAction: 'Open your dashboard' },
  )
}
