import { button, finePrint, layout, paragraph, quoted, type RenderedEmail, textBody } from './layout'

export type PolicyEndedByOperatorEmailProps = {
  planName: string
  /** 'now', or the long date the policy ends (the end of the 12-month commitment). */
  ends: { now: true } | { now: false; on: string }
  reason: string
  dashboardUrl: string
  supportEmail: string
}

/** Sent when the operator cancels a policy, or turns its renewal off, on the customer's behalf. */
export function policyEndedByOperatorEmail({
  planName,
  ends,
  reason,
  dashboardUrl,
  supportEmail,
}: PolicyEndedByOperatorEmailProps): RenderedEmail {
  const subject = ends.now ? 'Your Glass Plan policy has been cancelled' : 'Your Glass Plan policy will end with its commitment'
  const intro = ends.now
    ? `As you asked, we cancelled your ${planName} plan. You will not be charged again.`
    : `As you asked, your ${planName} plan will not renew: it ends on ${ends.on}, when its 12-month commitment ends. You stay covered until then.`
  const html = layout({
    title: ends.now ? 'Your policy has been cancelled' : 'Your policy will not renew',
    body: [
      paragraph(intro),
      paragraph(`Our note: ${reason}`),
      button('Open my dashboard', dashboardUrl),
      finePrint(`If you did not ask for this, write to ${supportEmail} right away.`),
    ].join('\n'),
  })
  const text = textBody(
    subject,
    intro,
    `Our note:\n${quoted(reason)}`,
    `Open your dashboard: ${dashboardUrl}`,
    `If you did not ask for this, write to ${supportEmail} right away.`,
  )
  return { subject, html, text }
}
