import { type RenderedEmail, renderLinesEmail } from './layout'

export type RefundEmailProps = {
  planName: string
  policyNumber: string
  /** '$19.99' */
  amount: string
  /** How the amount was computed, in plain words (app/domain/messages.ts `refundExplanation`). */
  explanation: string
  dashboardUrl: string
  supportEmail: string
}

function wording({ planName, policyNumber, amount, explanation, supportEmail }: RefundEmailProps) {
  return {
    subject: `Your Glass Plan refund of ${amount}`,
    title: `You are refunded ${amount}`,
    lines: [
      `Your ${planName} plan (policy ${policyNumber}) is cancelled, and you are refunded ${amount} to the card you paid with.`,
      explanation,
      'Your bank may take 5 to 10 business days to show it.',
    ],
    help: `Questions about your refund? Write to ${supportEmail}.`,
  }
}

/** Sent when a cancellation gives the customer a refund under their state's rules: the amount and how it was computed. */
export function refundEmail(props: RefundEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(wording(props), { href: props.dashboardUrl, label: 'Open my dashboard', textAction: 'Open your dashboard' })
}
