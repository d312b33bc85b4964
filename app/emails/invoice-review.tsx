import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

/**
 * The operator's answers to a shop's invoice, told to the shop the moment they are given (it should not have to look
 * at its page to learn that a job will not be paid as sent), and a shop's dispute, told to the operator with the date
 * the answer is due by. Each names the job by its claim code and vehicle and links to the page where the next step is.
 */

export type InvoiceRejectedEmailProps = {
  partnerGroup: string
  code: string
  vehicle: string
  /** The reason's wording, from the list kept with the messages. */
  reason: string
  note: string
  /** Where the reason is about files: that the correction can send them (from the messages). */
  filesHint?: string | null
  jobUrl: string
  supportEmail: string
}

export function invoiceRejectedEmail(props: InvoiceRejectedEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `Invoice for job ${props.code} needs a correction`,
      title: 'Your invoice needs a correction',
      lines: [
        `${oneLine(props.partnerGroup)}: we could not accept the invoice for job ${props.code} (${oneLine(props.vehicle)}).`,
        `Reason: ${props.reason}.`,
        { quote: props.note },
        'Correct the same invoice on the job’s page and send it again; it is checked again as soon as it arrives. If you think the invoice was right, you can dispute the rejection there.',
        ...(props.filesHint ? [props.filesHint] : []),
      ],
      help: `Questions about this job? Write to ${props.supportEmail}.`,
    },
    { href: props.jobUrl, label: 'Correct the invoice', textAction: 'Correct the invoice' },
  )
}

export type DisputeAnsweredEmailProps = {
  partnerGroup: string
  code: string
  /** 'Rejected invoice' or 'Short-pay'. */
  kind: string
  upheld: boolean
  /** What the job now pays, when the answer changed it ('$250.00'). */
  accepted: string | null
  answer: string
  jobUrl: string
}

export function disputeAnsweredEmail(props: DisputeAnsweredEmailProps): Promise<RenderedEmail> {
  const outcome = props.upheld ? 'You were right' : 'The decision stands'
  return renderLinesEmail(
    {
      subject: `Dispute on job ${props.code} answered: ${props.upheld ? 'upheld' : 'refused'}`,
      title: outcome,
      lines: [
        `${oneLine(props.partnerGroup)}: the operator answered your dispute (${props.kind.toLowerCase()}) of job ${props.code}.`,
        props.upheld
          ? props.accepted
            ? `The job now pays ${props.accepted}, in your next payout.`
            : 'The job is accepted for payment and goes into your next payout.'
          : 'The decision you disputed stands.',
        { quote: props.answer },
      ],
    },
    { href: props.jobUrl, label: 'See the job', textAction: 'See the job' },
  )
}

export type DisputeOpenedEmailProps = {
  partnerGroup: string
  code: string
  kind: string
  message: string
  /** 'December 3, 2026': the answer is due by the end of that business day. */
  dueOn: string
  claimUrl: string
}

export function disputeOpenedEmail(props: DisputeOpenedEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `Dispute on job ${props.code}: answer by ${props.dueOn}`,
      title: 'A shop disputes an invoice decision',
      lines: [`${oneLine(props.partnerGroup)} disputes the ${props.kind.toLowerCase()} of job ${props.code}:`, { quote: props.message }],
      help: `The shop sees the date you answer by (${props.dueOn}); past it, the dispute is flagged overdue in your queue.`,
    },
    { href: props.claimUrl, label: 'Answer the dispute', textAction: 'Answer the dispute' },
  )
}
