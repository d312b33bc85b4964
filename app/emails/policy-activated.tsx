import { ANSWER_PROMISE } from '~/domain/claims'

import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

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
    lines: [
      `Your ${props.planName} policy is now active. Coverage started on ${props.coverageStart}.`,
      `Vehicle: ${oneLine(props.vehicle)}. Policy ID: ${props.policyNumber}.`,
      `What happens next: if your windshield is chipped or cracked, file a claim from your dashboard at any time and we will connect you with a certified repair partner. We answer claims ${ANSWER_PROMISE}.`,
    ],
    help: `Questions? Write to ${props.supportEmail} or call ${props.supportPhone}.`,
  }
}

/** Sent once when the setup wizard finishes: coverage is on, and how to use it. */
export function policyActivatedEmail(props: PolicyActivatedEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    { subject: 'Your windshield coverage is active', title: TITLE, preheader: 'Your policy is now active', ...wording(props) },
    { href: props.dashboardUrl, label: 'Go to your dashboard', textAction: 'Your dashboard' },
  )
}
