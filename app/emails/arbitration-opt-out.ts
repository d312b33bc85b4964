import { button, finePrint, layout, paragraph, type RenderedEmail, textBody } from './layout'

export type ArbitrationOptOutEmailProps = {
  planName: string
  policyId: string
  /** 'November 22, 2026' */
  optedOutAt: string
  tosVersion: string
  contractUrl: string
  supportEmail: string
}

/** Confirms the customer's opt-out of the terms' arbitration agreement: the record they keep. */
export function arbitrationOptOutEmail({
  planName,
  policyId,
  optedOutAt,
  tosVersion,
  contractUrl,
  supportEmail,
}: ArbitrationOptOutEmailProps): RenderedEmail {
  const subject = 'You opted out of arbitration'
  const lines = [
    `On ${optedOutAt} you opted out of the arbitration agreement in our Terms of Service (version ${tosVersion}) for your ${planName} plan (policy ${policyId}).`,
    'Disputes about this plan will not be decided by binding arbitration: you or we may take them to court. Every other part of the terms stays as it was.',
    'Your plan documents show the opt-out with its date.',
  ]
  const html = layout({
    title: subject,
    body: [
      ...lines.map(paragraph),
      button('See your plan documents', contractUrl),
      finePrint(`Did not do this? Write to ${supportEmail}.`),
    ].join('\n'),
  })
  const text = textBody(subject, ...lines, `Your plan documents: ${contractUrl}`, `Did not do this? Write to ${supportEmail}.`)
  return { subject, html, text }
}
