import { Action, EmailLayout, FinePrint, oneLine, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

export type PolicyActivatedEmailProps = {
  /** 'Comprehensive — Car', 'Chip Repair Only', ... */
  planName: string
  policyNumber: string
  /** '2019 Toyota Camry (UT ABC123)' */
  vehicle: string
  /** 'November 21, 2026' */
  coverageStart: string
  dashboardUrl: string
  supportEmail: string
  supportPhone: string
}

const TITLE = "You're all set!"

function wording(props: PolicyActivatedEmailProps) {
  return {
    intro: `Your ${props.planName} policy is now active. Coverage started on ${props.coverageStart}.`,
    details: `Vehicle: ${oneLine(props.vehicle)}. Policy ID: ${props.policyNumber}.`,
    next: 'What happens next: if your windshield is chipped or cracked, file a claim from your dashboard at any time and we will connect you with a certified repair partner. We respond to claims within 48 hours.',
    help: `Questions? Write to ${props.supportEmail} or call ${props.supportPhone}.`,
  }
}

export function PolicyActivatedEmail(props: PolicyActivatedEmailProps) {
  const lines = wording(props)
  return (
    <EmailLayout title={TITLE} preheader="Your policy is now active">
      <Paragraph>{lines.intro}</Paragraph>
      <Paragraph>{lines.details}</Paragraph>
      <Paragraph>{lines.next}</Paragraph>
      <Action href={props.dashboardUrl}>Go to your dashboard</Action>
      <FinePrint>{lines.help}</FinePrint>
    </EmailLayout>
  )
}

/** Sent once when the setup wizard finishes: coverage is on, and how to use it. */
export function policyActivatedEmail(props: PolicyActivatedEmailProps): Promise<RenderedEmail> {
  const lines = wording(props)
  return renderEmail({
    subject: 'Your windshield coverage is active',
    html: <PolicyActivatedEmail {...props} />,
    text: textBody(TITLE, lines.intro, lines.details, lines.next, `Your dashboard: ${props.dashboardUrl}`, lines.help),
  })
}
