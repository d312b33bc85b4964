import { type RenderedEmail, renderLinesEmail } from './layout'

export type YearlyReminderEmailProps = {
  planName: string
  policyNumber: string
  /** 'November 21, 2025': the day the plan was bought. */
  since: string
  /** '$19.99': what one renewal costs (a month's, or a year's when `yearly`). */
  price: string
  yearly: boolean
  /** 'November 21, 2027' while the 12-month commitment binds (renewal can then only be turned off); else null. */
  commitmentEnds: string | null
  /**
   * The next charge that can still be avoided (after the commitment, while it holds) and the last day to act before it
   * (domain/billing actByDay), both in US long form.
   */
  nextCharge?: { on: string; actBy: string } | null
  cancelUrl: string
  supportEmail: string
}

function wording(props: YearlyReminderEmailProps) {
  const every = props.yearly ? 'year' : 'month'
  return {
    subject: 'Your Glass Plan subscription: a yearly reminder',
    title: 'A yearly reminder of your subscription',
    lines: [
      `You have had the ${props.planName} plan (policy ${props.policyNumber}) since ${props.since}. It renews automatically every ${every} at ${props.price} per ${every} until you cancel it.`,
      props.commitmentEnds
        ? `Your 12-month commitment runs until ${props.commitmentEnds}: you can turn off renewal online now, and your plan then ends on that date.`
        : 'You can cancel online at any time, effective at once; the cancellation page shows any refund before you confirm.',
      ...(props.nextCharge
        ? [
            props.commitmentEnds
              ? `To avoid the first charge after it, on ${props.nextCharge.on}, turn renewal off by ${props.nextCharge.actBy}.`
              : `Your next charge is on ${props.nextCharge.on}: to avoid it, cancel by ${props.nextCharge.actBy}.`,
          ]
        : []),
    ],
    help: `Questions? Write to ${props.supportEmail}.`,
  }
}

/**
 * The reminder an automatically renewing subscription owes once a year where the subscriber's state requires it
 * (app/models/policies/yearly-reminders.server.ts): the plan, its price and interval, and how to cancel.
 */
export function yearlyReminderEmail(props: YearlyReminderEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(wording(props), { href: props.cancelUrl, label: 'Renewal and cancelling', textAction: 'Renewal and cancelling' })
}
