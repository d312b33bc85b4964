import { type RenderedEmail, renderLinesEmail } from './layout'

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

/** Confirms the customer's opt-out of the terms' arbitration agreement: the record they keep. */
export function arbitrationOptOutEmail(props: ArbitrationOptOutEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    { subject: SUBJECT, title: SUBJECT, preheader: null, ...wording(props) },
    { href: props.contractUrl, label: 'See your plan documents', textAction: 'Your plan documents' },
  )
}
