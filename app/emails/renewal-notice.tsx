import { type RenderedEmail, renderLinesEmail } from './layout'

export type RenewalNoticeEmailProps = {
  planName: string
  /** '$19.99' */
  monthlyPrice: string
  /** 'December 21, 2026': the end of the 12-month commitment. */
  termEndDate: string
  /** True when the customer turned renewal off: the plan ends instead of renewing. */
  renewalOff: boolean
  /** A yearly payer: `termEndDate` is their next yearly renewal and `monthlyPrice` a year's price. */
  yearly?: boolean
  /** 'December 20, 2026': the last day to turn renewal off or cancel before the renewal's charge (domain/billing actByDay). */
  actBy?: string | null
  dashboardUrl: string
  supportEmail: string
}

function wording(props: RenewalNoticeEmailProps) {
  const base = baseWording(props)
  if (props.renewalOff || !props.actBy) return base
  return {
    ...base,
    lines: [...base.lines, `To avoid the charge on ${props.termEndDate}, turn renewal off or cancel by ${props.actBy}.`],
  }
}

function baseWording({ planName, monthlyPrice, termEndDate, renewalOff, yearly, supportEmail }: RenewalNoticeEmailProps) {
  if (yearly) {
    return {
      subject: renewalOff ? `Your Glass Plan coverage ends on ${termEndDate}` : `Your Glass Plan renews on ${termEndDate}`,
      title: renewalOff ? 'Your coverage is ending' : 'Your plan is about to renew',
      lines: renewalOff
        ? [
            `Your ${planName} plan is paid until ${termEndDate}. You turned renewal off, so your coverage and billing end on that date.`,
            'Changed your mind? Turn renewal back on from your dashboard before then.',
          ]
        : [
            `Your ${planName} plan renews on ${termEndDate} for another year, at ${monthlyPrice} per year.`,
            'Nothing to do if you want to stay covered. To stop, turn renewal off or cancel from your dashboard before then.',
          ],
      help: `Questions? Write to ${supportEmail}.`,
    }
  }
  return {
    subject: renewalOff ? `Your Glass Plan coverage ends on ${termEndDate}` : `Your Glass Plan renews on ${termEndDate}`,
    title: renewalOff ? 'Your coverage is ending' : 'Your plan is about to renew',
    lines: renewalOff
      ? [
          `Your 12-month commitment for the ${planName} plan ends on ${termEndDate}. You turned renewal off, so your coverage and billing end on that date.`,
          'Changed your mind? Turn renewal back on from your dashboard before then.',
        ]
      : [
          `Your 12-month commitment for the ${planName} plan ends on ${termEndDate}. After that your plan renews month to month at ${monthlyPrice} per month, and you can cancel at any time.`,
          'Nothing to do if you want to stay covered. To stop at the end of the commitment, turn renewal off or cancel from your dashboard.',
        ],
    help: `Questions? Write to ${supportEmail}.`,
  }
}

/** The terms' renewal notice, 30 days before the initial 12-month commitment ends (and before each yearly renewal). */
export function renewalNoticeEmail(props: RenewalNoticeEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(wording(props), { href: props.dashboardUrl, label: 'Open my dashboard', textAction: 'Open your dashboard' })
}
