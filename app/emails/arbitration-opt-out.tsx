import { Action, EmailLayout, FinePrint, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

export type ArbitrationOptOutEmailProps = {
  planName: string
  policyNumber: string
  /** 'November 22, 2026' */
  optedOutAt: string
  tosVersion: string
  contractUrl: string
  supportEmail: string
}

const SUBJECT = 'You opted out of arbitration'

function wording(props: ArbitrationOptOutEmailProps) {
  return {
    lines: [
      `On ${props.optedOutAt} you opted out of the arbitration agreement in our Terms of Service (version ${props.tosVersion}) for your ${props.planName} plan (policy ${props.policyNumber}).`,
      'Disputes about this plan will not be decided by binding arbitration: you or we may take them to court. Every other part of the terms stays as it was.',
      'Your plan documents show the opt-out with its date.',
    ],
    help: `Did not do this? Write to ${props.supportEmail}.`,
  }
}

export function ArbitrationOptOutEmail(props: ArbitrationOptOutEmailProps) {
  const { lines, help } = wording(props)
  return (
    <EmailLayout title={SUBJECT}>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Action href={props.contractUrl}>See your plan documents</Action>
      <FinePrint>{help}</FinePrint>
    </EmailLayout>
  )
}

/** Confirms the customer's opt-out of the terms' arbitration agreement: the record they keep. */
export function arbitrationOptOutEmail(props: ArbitrationOptOutEmailProps): Promise<RenderedEmail> {
  const { lines, help } = wording(props)
  return renderEmail({
    subject: SUBJECT,
    html: <ArbitrationOptOutEmail {...props} />,
    text: textBody(SUBJECT, ...lines, `Your plan documents: ${props.contractUrl}`, help),
  })
}
