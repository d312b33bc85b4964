import { Action, EmailLayout, FinePrint, oneLine, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

export type PlanTransferredEmailProps = {
  planName: string
  policyNumber: string
  /** '2024 Honda CR-V (UT ABC123)' */
  newVehicle: string
  oldVehicle: string
  dashboardUrl: string
  supportEmail: string
}

const SUBJECT = 'Your plan now covers your new vehicle'

function wording(props: PlanTransferredEmailProps) {
  return {
    lines: [
      `Your ${props.planName} plan (policy ${props.policyNumber}) now covers your ${oneLine(props.newVehicle)}, in place of your ${oneLine(props.oldVehicle)}.`,
      'Your 12-month commitment and your monthly price carry on unchanged. Claims you filed before the transfer stay with your previous vehicle.',
      'This was the one transfer the terms allow for this plan.',
    ],
    help: `Did not do this? Write to ${props.supportEmail}.`,
  }
}

export function PlanTransferredEmail(props: PlanTransferredEmailProps) {
  const { lines, help } = wording(props)
  return (
    <EmailLayout title={SUBJECT}>
      {lines.map((line, index) => (
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <Action href={props.dashboardUrl}>Go to your dashboard</Action>
      <FinePrint>{help}</FinePrint>
    </EmailLayout>
  )
}

/** Confirms the plan's one transfer to a replacement vehicle (terms "Transferring your plan"). */
export function planTransferredEmail(props: PlanTransferredEmailProps): Promise<RenderedEmail> {
  const { lines, help } = wording(props)
  return renderEmail({
    subject: SUBJECT,
    html: <PlanTransferredEmail {...props} />,
    text: textBody(SUBJECT, ...lines, `Your dashboard: ${props.dashboardUrl}`, help),
  })
}
