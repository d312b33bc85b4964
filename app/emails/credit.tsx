import { type RenderedEmail, renderLinesEmail } from './layout'

export type CreditEmailProps = {
  /** '$19.99' */
  amount: string
  /** Why the credit is given, in the customer's words (app/domain/messages.ts CREDIT_MESSAGES). */
  reason: string
  /** How it reaches them: the next invoice, a refund to the card, or the account's ledger. */
  howPaid: string
  dashboardUrl: string
  supportEmail: string
}

function wording({ amount, reason, howPaid, supportEmail }: CreditEmailProps) {
  return {
    subject: `A credit of ${amount} from Glass Plan`,
    title: `You have a credit of ${amount}`,
    lines: [reason, howPaid],
    help: `Questions about your credit? Write to ${supportEmail}.`,
  }
}

/** Sent once a credit is paid: a missed service promise, or a credit the operator added. */
export function creditEmail(props: CreditEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(wording(props), { href: props.dashboardUrl, label: 'Open my dashboard', textAction: 'Open your dashboard' })
}
