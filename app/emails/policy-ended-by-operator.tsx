import { Action, EmailLayout, FinePrint, Paragraph, quoted, type RenderedEmail, renderEmail, textBody } from './layout'

export type PolicyEndedByOperatorEmailProps = {
  planName: string
  /** 'now', or the long date the policy ends (the end of the 12-month commitment). */
  ends: { now: true } | { now: false; on: string }
  reason: string
  dashboardUrl: string
  supportEmail: string
}

function wording({ planName, ends, supportEmail }: PolicyEndedByOperatorEmailProps) {
  return {
    subject: ends.now ? 'Your Glass Plan policy has been cancelled' : 'Your Glass Plan policy will end with its commitment',
    title: ends.now ? 'Your policy has been cancelled' : 'Your policy will not renew',
    intro: ends.now
      ? `As you asked, we cancelled your ${planName} plan. You will not be charged again.`
      : `As you asked, your ${planName} plan will not renew: it ends on ${ends.on}, when its 12-month commitment ends. You stay covered until then.`,
    help: `If you did not ask for this, write to ${supportEmail} right away.`,
  }
}

export function PolicyEndedByOperatorEmail(props: PolicyEndedByOperatorEmailProps) {
  const { title, intro, help } = wording(props)
  return (
    <EmailLayout title={title}>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>{`Our note: ${props.reason}`}</Paragraph>
      <Action href={props.dashboardUrl}>Open my dashboard</Action>
      <FinePrint>{help}</FinePrint>
    </EmailLayout>
  )
}

/** Sent when the operator cancels a policy, or turns its renewal off, on the customer's behalf. */
export function policyEndedByOperatorEmail(props: PolicyEndedByOperatorEmailProps): Promise<RenderedEmail> {
  const { subject, intro, help } = wording(props)
  return renderEmail({
    subject,
    html: <PolicyEndedByOperatorEmail {...props} />,
    text: textBody(subject, intro, `Our note:\n${quoted(props.reason)}`, `Open your dashboard: ${props.dashboardUrl}`, help),
  })
}
