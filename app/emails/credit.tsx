import { Action, EmailLayout, FinePrint, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

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

export function CreditEmail(props: CreditEmailProps) {
  const { subject, title, lines, help } = wording(props)
  return (
    <EmailLayout title={title} preheader={subject}>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Action href={props.dashboardUrl}>Open my dashboard</Action>
      <FinePrint>{help}</FinePrint>
    </EmailLayout>
  )
}

/** Sent once a credit is paid: a missed service promise, or a credit the operator added. */
export function creditEmail(props: CreditEmailProps): Promise<RenderedEmail> {
  const { subject, title, lines, help } = wording(props)
  return renderEmail({
    subject,
    html: <CreditEmail {...props} />,
    text: textBody(title, ...lines, `Open your dashboard: ${props.dashboardUrl}`, help),
  })
}
