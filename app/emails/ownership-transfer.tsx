import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

/**
 * The e-mails of passing a policy to the vehicle's next owner: the offer to the buyer, and the confirmation to each
 * side once the buyer has paid. None of them names the other person: the buyer reads about the plan and the vehicle,
 * the seller about their plan.
 */

export type OwnershipOfferEmailProps = {
  planName: string
  /** '2019 Toyota Camry' — year, make and model, never the plate. */
  vehicle: string
  monthlyPrice: string
  commitmentEnds: string
  expiresOn: string
  url: string
  supportEmail: string
}

const OFFER_SUBJECT = 'A windshield plan is waiting for you'

function offerWording(props: OwnershipOfferEmailProps) {
  return {
    lines: [
      `The owner of a ${oneLine(props.vehicle)} offers you its ${props.planName} plan, which protects the windshield of that vehicle.`,
      `To take it over, open the link, sign in or create your account with this e-mail address, accept the terms and pay ${props.monthlyPrice} a month. The plan's commitment runs until ${props.commitmentEnds}; coverage continues without a new setup.`,
      `The link works until ${props.expiresOn}.`,
    ],
    help: `Not expecting this? Ignore this e-mail: nothing happens unless you accept. Questions: ${props.supportEmail}.`,
  }
}

/** To the buyer named by the seller: the link to the offer (its token is the key). */
export function ownershipOfferEmail(props: OwnershipOfferEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    { subject: OFFER_SUBJECT, title: OFFER_SUBJECT, preheader: null, ...offerWording(props) },
    { href: props.url, label: 'See the plan', textAction: 'See the plan' },
  )
}

export type OwnershipTransferredEmailProps = {
  side: 'buyer' | 'seller'
  planName: string
  policyNumber: string
  vehicle: string
  monthlyPrice: string
  commitmentEnds: string
  dashboardUrl: string
  supportEmail: string
  /** The seller's side: what became of the period they had paid for (kept with the plan, or refunded). */
  paidPeriod?: string | null
}

function transferredWording(props: OwnershipTransferredEmailProps) {
  if (props.side === 'buyer') {
    return {
      subject: 'Your windshield plan is active',
      lines: [
        `Your ${props.planName} plan (policy ${props.policyNumber}) now covers your ${oneLine(props.vehicle)}. Coverage continues: there is nothing to set up.`,
        `You pay ${props.monthlyPrice} a month. The plan's commitment runs until ${props.commitmentEnds}, then it renews month to month.`,
      ],
      action: 'Go to your dashboard',
      help: `Questions? Write to ${props.supportEmail}.`,
    }
  }
  return {
    subject: 'Your plan has passed to the next owner',
    lines: [
      `Your ${props.planName} plan (policy ${props.policyNumber}) for your ${oneLine(props.vehicle)} now belongs to the vehicle's next owner, who accepted your offer and paid.`,
      'Your subscription has ended today, without a cancellation fee, and you will not be charged again for this plan.',
      ...(props.paidPeriod ? [props.paidPeriod] : []),
    ],
    action: 'Go to your dashboard',
    help: `Did not offer this plan to anyone? Write to ${props.supportEmail} at once.`,
  }
}

/** To each side once the buyer has paid and the policy has moved. */
export function ownershipTransferredEmail(props: OwnershipTransferredEmailProps): Promise<RenderedEmail> {
  const { action, ...words } = transferredWording(props)
  return renderLinesEmail(
    { ...words, title: words.subject, preheader: null },
    { href: props.dashboardUrl, label: action, textAction: 'Your dashboard' },
  )
}
