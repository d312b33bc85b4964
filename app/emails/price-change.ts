import { button, finePrint, layout, paragraph, type RenderedEmail, textBody } from './layout'

export type PriceChangeEmailProps = {
  planName: string
  policyId: string
  /** '$19.99' */
  oldPrice: string
  newPrice: string
  /** 'March 3, 2027': the first charge at the new price. */
  startsOn: string
  inCommitment: boolean
  cancelUrl: string
  supportEmail: string
}

/** The terms' notice of a price change, at least 30 days before the first charge at the new price. */
export function priceChangeEmail(props: PriceChangeEmailProps): RenderedEmail {
  const subject = `Your Glass Plan price changes on ${props.startsOn}`
  const lines = [
    `The monthly price of your ${props.planName} plan (policy ${props.policyId}) changes from ${props.oldPrice} to ${props.newPrice}. Your first charge at the new price is on ${props.startsOn}; nothing changes before then.`,
    props.inCommitment
      ? 'If you do not accept the new price, you can turn off renewal now: your plan then ends when your 12-month commitment does.'
      : 'If you do not accept the new price, you can cancel online before that date.',
  ]
  const html = layout({
    title: subject,
    body: [
      ...lines.map(paragraph),
      button('Renewal and cancelling', props.cancelUrl),
      finePrint(`Questions? Write to ${props.supportEmail}.`),
    ].join('\n'),
  })
  return {
    subject,
    html,
    text: textBody(subject, ...lines, `Renewal and cancelling: ${props.cancelUrl}`, `Questions? Write to ${props.supportEmail}.`),
  }
}
