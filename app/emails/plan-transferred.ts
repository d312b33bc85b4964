import { button, finePrint, layout, oneLine, paragraph, type RenderedEmail, textBody } from './layout'

export type PlanTransferredEmailProps = {
  planName: string
  policyId: string
  /** '2024 Honda CR-V (UT ABC123)' */
  newVehicle: string
  oldVehicle: string
  dashboardUrl: string
  supportEmail: string
}

/** Confirms the plan's one transfer to a replacement vehicle (terms "Transferring your plan"). */
export function planTransferredEmail(props: PlanTransferredEmailProps): RenderedEmail {
  const subject = 'Your plan now covers your new vehicle'
  const lines = [
    `Your ${props.planName} plan (policy ${props.policyId}) now covers your ${oneLine(props.newVehicle)}, in place of your ${oneLine(props.oldVehicle)}.`,
    'Your 12-month commitment and your monthly price carry on unchanged. Claims you filed before the transfer stay with your previous vehicle.',
    'This was the one transfer the terms allow for this plan.',
  ]
  const html = layout({
    title: subject,
    body: [
      ...lines.map(paragraph),
      button('Go to your dashboard', props.dashboardUrl),
      finePrint(`Did not do this? Write to ${props.supportEmail}.`),
    ].join('\n'),
  })
  const text = textBody(subject, ...lines, `Your dashboard: ${props.dashboardUrl}`, `Did not do this? Write to ${props.supportEmail}.`)
  return { subject, html, text }
}
