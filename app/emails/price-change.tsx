import { type RenderedEmail, renderLinesEmail } from './layout'

export type PriceChangeEmailProps = {
  planName: string
  policyNumber: string
  /** '$19.99' */
  oldPrice: string
  newPrice: string
  /** 'March 3, 2027': the first charge at the new price. */
  startsOn: string
  inCommitment: boolean
  /** A yearly payer: the price is a year's, first charged at their next yearly renewal. */
  yearly?: boolean
  cancelUrl: string
  /**
   * A higher price the subscriber's state lets reach them only with their consent: the link to accept it. Without
   * it the plan keeps its price.
   */
  acceptUrl?: string | null
  /** The last day to cancel before the first charge at the new price (domain/billing actByDay), in US long form. */
  actBy?: string | null
  supportEmail: string
}

function wording(props: PriceChangeEmailProps) {
  if (props.acceptUrl) {
    return {
      subject: `Your Glass Plan price: please accept the new price by ${props.startsOn}`,
      lines: [
        `We are changing the ${props.yearly ? 'yearly' : 'monthly'} price of your ${props.planName} plan (policy ${props.policyNumber}) from ${props.oldPrice} to ${props.newPrice}, from your charge on ${props.startsOn}.`,
        `The law of your state lets a higher price reach you only if you agree to it. To keep your plan at the new price, accept it with the link below. If you do not accept it, nothing changes: your plan stays at ${props.oldPrice}.`,
      ],
      help: `Questions? Write to ${props.supportEmail}.`,
    }
  }
  return {
    subject: `Your Glass Plan price changes on ${props.startsOn}`,
    lines: [
      `The ${props.yearly ? 'yearly' : 'monthly'} price of your ${props.planName} plan (policy ${props.policyNumber}) changes from ${props.oldPrice} to ${props.newPrice}. Your first charge at the new price is on ${props.startsOn}; nothing changes before then.`,
      props.inCommitment
        ? 'If you do not accept the new price, you can turn off renewal now: your plan then ends when your 12-month commitment does.'
        : props.actBy
          ? `If you do not accept the new price, you can cancel online: to avoid the charge on ${props.startsOn}, cancel by ${props.actBy}.`
          : 'If you do not accept the new price, you can cancel online before that date.',
    ],
    help: `Questions? Write to ${props.supportEmail}.`,
  }
}

/** The terms' notice of a price change, at least 30 days before the first charge at the new price. */
export function priceChangeEmail(props: PriceChangeEmailProps): Promise<RenderedEmail> {
  const words = wording(props)
  const cancel = { href: props.cancelUrl, label: 'Renewal and cancelling', textAction: 'Renewal and cancelling' }
  return renderLinesEmail(
    { ...words, title: words.subject, preheader: null },
    ...(props.acceptUrl ? [{ href: props.acceptUrl, label: 'Accept the new price', textAction: 'Accept the new price' }] : []),
    cancel,
  )
}
