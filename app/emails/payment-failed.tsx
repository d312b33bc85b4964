import { Action, EmailLayout, FinePrint, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

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

export function PaymentFailedEmail(props: PaymentFailedEmailProps) {
  const { lines, help } = wording(props)
  return (
    <EmailLayout title={TITLE} preheader="Update your card to keep your windshield coverage.">
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Action href={props.dashboardUrl}>Open my dashboard</Action>
      <FinePrint>{help}</FinePrint>
    </EmailLayout>
  )
}

/** Sent once each time a policy's subscription falls into past_due: claims are paused until the payment succeeds. */
export function paymentFailedEmail(props: PaymentFailedEmailProps): Promise<RenderedEmail> {
  const { lines, help } = wording(props)
  return renderEmail({
    subject: 'Your Glass Plan payment failed',
    html: <PaymentFailedEmail {...props} />,
    text: textBody(TITLE, ...lines, `Open your dashboard: ${props.dashboardUrl}`, help),
  })
}
