import { button, finePrint, layout, paragraph, type RenderedEmail, textBody } from './layout'

export type RenewalNoticeEmailProps = {
  planName: string
  /** '$19.99' */
  monthlyPrice: string
  /** 'December 21, 2026': the end of the 12-month commitment. */
  termEndDate: string
  /** True when the customer turned renewal off: the plan ends instead of renewing. */
  renewalOff: boolean
  dashboardUrl: string
  supportEmail: string
}

/** The terms' renewal notice, 30 days before the initial 12-month commitment ends. */
export function renewalNoticeEmail({
  planName,
  monthlyPrice,
  termEndDate,
  renewalOff,
  dashboardUrl,
  supportEmail,
}: RenewalNoticeEmailProps): RenderedEmail {
  const subject = renewalOff ? `Your Glass Plan coverage ends on ${termEndDate}` : `Your Glass Plan renews on ${termEndDate}`
  const lines = renewalOff
    ? [
        `Your 12-month commitment for the ${planName} plan ends on ${termEndDate}. You turned renewal off, so your coverage and billing end on that date.`,
        'Changed your mind? Turn renewal back on from your dashboard before then.',
      ]
    : [
        `Your 12-month commitment for the ${planName} plan ends on ${termEndDate}. After that your plan renews month to month at ${monthlyPrice} per month, and you can cancel at any time.`,
        'Nothing to do if you want to stay covered. To stop at the end of the commitment, turn renewal off or cancel from your dashboard.',
      ]
  const html = layout({
    title: renewalOff ? 'Your coverage is ending' : 'Your plan is about to renew',
    preheader: subject,
    body: [...lines.map(paragraph), button('Open my dashboard', dashboardUrl), finePrint(`Questions? Write to ${supportEmail}.`)].join(
      '\n',
    ),
  })
  const text = textBody(
    renewalOff ? 'Your coverage is ending' : 'Your plan is about to renew',
    ...lines,
    `Open your dashboard: ${dashboardUrl}`,
    `Questions? Write to ${supportEmail}.`,
  )
  return { subject, html, text }
}
