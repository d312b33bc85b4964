import { countOf } from '~/domain/format'

import { Action, EmailLayout, FinePrint, Paragraph, quoted, type RenderedEmail, renderEmail, textBody } from './layout'

export type ProviderCancellationProps = {
  planName: string
  policyNumber: string
  /** The ground in words (GROUND_NAMES) and the operator's explanation of it. */
  ground: string
  explanation: string
  /** The long date the plan ends, and the notice period that led to it. */
  endsOn: string
  noticeDays: number
  /** How the refund is worked out, and by when it is paid (null: with the cancellation). */
  refundWithinDays: number | null
  dashboardUrl: string
  supportEmail: string
  supportPhone: string
}

/**
 * The notice's words, shared by the e-mail and the paper letter so both say the same. The second paragraph is the
 * operator's explanation as typed (the e-mail's text part quotes it, since it may run over several lines).
 */
export function providerCancellationWording(props: ProviderCancellationProps) {
  return {
    subject: `Notice: your Glass Plan policy ${props.policyNumber} ends on ${props.endsOn}`,
    title: 'Notice of cancellation',
    paragraphs: [
      `We are cancelling your ${props.planName} plan (policy ${props.policyNumber}) as your state allows. It ends on ${props.endsOn}, ${countOf(props.noticeDays, 'day')} after this notice; you stay covered until then. The reason: ${props.ground}.`,
      props.explanation,
      `You will be refunded the unused part of what you paid, without any cancellation fee${props.refundWithinDays ? `, within ${props.refundWithinDays} days after the plan ends` : ', when the plan ends'}.`,
      `If you believe this is a mistake, call ${props.supportPhone} or write to ${props.supportEmail} before ${props.endsOn}.`,
    ],
  }
}

export function ProviderCancellationEmail(props: ProviderCancellationProps) {
  const { title, paragraphs } = providerCancellationWording(props)
  return (
    <EmailLayout title={title}>
      <Paragraph>{paragraphs[0]}</Paragraph>
      <Paragraph>{`Our explanation: ${paragraphs[1]}`}</Paragraph>
      <Paragraph>{paragraphs[2]}</Paragraph>
      <Action href={props.dashboardUrl}>Open my dashboard</Action>
      <FinePrint>{paragraphs[3]}</FinePrint>
    </EmailLayout>
  )
}

/** Sent when the provider cancels a policy on a ground the customer's state permits, with the state's notice period. */
export function providerCancellationEmail(props: ProviderCancellationProps): Promise<RenderedEmail> {
  const { subject, paragraphs } = providerCancellationWording(props)
  return renderEmail({
    subject,
    html: <ProviderCancellationEmail {...props} />,
    text: textBody(
      subject,
      paragraphs[0],
      `Our explanation:\n${quoted(paragraphs[1]!)}`,
      paragraphs[2],
      `Open your dashboard: ${props.dashboardUrl}`,
      paragraphs[3],
    ),
  })
}
