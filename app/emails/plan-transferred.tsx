import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

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

/** Confirms the plan's one transfer to a replacement vehicle (terms "Transferring your plan"). */
export function planTransferredEmail(props: PlanTransferredEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    { subject: SUBJECT, title: SUBJECT, preheader: null, ...wording(props) },
    { href: props.dashboardUrl, label: 'Go to your dashboard', textAction: 'Your dashboard' },
  )
}
