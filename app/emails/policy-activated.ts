import { button, finePrint, layout, oneLine, paragraph, type RenderedEmail, textBody } from './layout'

export type PolicyActivatedEmailProps = {
  /** 'Comprehensive — Car', 'Chip Repair Only', ... */
  planName: string
  policyId: string
  /** '2019 Toyota Camry (UT ABC123)' */
  vehicle: string
  /** 'November 21, 2026' */
  coverageStart: string
  dashboardUrl: string
  supportEmail: string
  supportPhone: string
}

/** Sent once when the setup wizard finishes: coverage is on, and how to use it. */
export function policyActivatedEmail(props: PolicyActivatedEmailProps): RenderedEmail {
  const subject = 'Your windshield coverage is active'
  const lines = {
    intro: `Your ${props.planName} policy is now active. Coverage started on ${props.coverageStart}.`,
    details: `Vehicle: ${oneLine(props.vehicle)}. Policy ID: ${props.policyId}.`,
    next: 'What happens next: if your windshield is chipped or cracked, file a claim from your dashboard at any time and we will connect you with a certified repair partner. We respond to claims within 48 hours.',
    help: `Questions? Write to ${props.supportEmail} or call ${props.supportPhone}.`,
  }
  const html = layout({
    title: "You're all set!",
    preheader: 'Your policy is now active',
    body: [
      paragraph(lines.intro),
      paragraph(lines.details),
      paragraph(lines.next),
      button('Go to your dashboard', props.dashboardUrl),
      finePrint(lines.help),
    ].join('\n'),
  })
  const text = textBody("You're all set!", lines.intro, lines.details, lines.next, `Your dashboard: ${props.dashboardUrl}`, lines.help)
  return { subject, html, text }
}
