import type { CSSProperties } from 'react'

import { countOf } from '~/domain/format'

import { EmailLayout, FinePrint, oneLine, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

/** To a partner group once its payout is paid: the jobs it pays (code, completion date, amount), the total and the reference. */

export type RemittanceEmailProps = {
  partnerGroup: string
  /** 'December 1, 2026' */
  paidOn: string
  /** The bank transfer's reference, as the operator typed it. */
  reference: string
  /** '$409.00' */
  total: string
  jobs: { code: string; completedOn: string; amount: string }[]
  /** 'PY-7KQ2MX': what the shop quotes about this payment. */
  payoutNumber: string
  supportEmail: string
}

const cell: CSSProperties = { padding: '6px 8px', borderBottom: '1px solid #e5e7eb', fontSize: '15px', color: '#1f2937' }
const right: CSSProperties = { ...cell, textAlign: 'right' }
const head: CSSProperties = { ...cell, fontWeight: 600, color: '#111827' }

function wording(props: RemittanceEmailProps) {
  const partnerGroup = oneLine(props.partnerGroup)
  const reference = oneLine(props.reference)
  const count = countOf(props.jobs.length, 'job')
  return {
    subject: `Glass Plan remittance: ${props.total} for ${count}`,
    title: `We paid you ${props.total}`,
    intro: `${partnerGroup}: on ${props.paidOn} we sent ${props.total} by bank transfer for ${count} below.`,
    reference: `Transfer reference: ${reference}`,
    help: `Questions about this payment? Write to ${props.supportEmail} with the payout number ${props.payoutNumber}.`,
  }
}

export function RemittanceEmail(props: RemittanceEmailProps) {
  const words = wording(props)
  return (
    <EmailLayout title={words.title} preheader={words.subject}>
      <Paragraph>{words.intro}</Paragraph>
      <Paragraph>{words.reference}</Paragraph>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse', margin: '0 0 16px' }}>
        <thead>
          <tr>
            <th style={{ ...head, textAlign: 'left' }}>Claim code</th>
            <th style={{ ...head, textAlign: 'left' }}>Completed</th>
            <th style={{ ...head, textAlign: 'right' }}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {props.jobs.map((job) => (
            <tr key={job.code}>
              <td style={{ ...cell, fontFamily: 'Menlo,Consolas,monospace' }}>{job.code}</td>
              <td style={cell}>{job.completedOn}</td>
              <td style={right}>{job.amount}</td>
            </tr>
          ))}
          <tr>
            <td style={head} colSpan={2}>
              Total
            </td>
            <td style={{ ...head, textAlign: 'right' }}>{props.total}</td>
          </tr>
        </tbody>
      </table>
      <FinePrint>{words.help}</FinePrint>
    </EmailLayout>
  )
}

export function remittanceEmail(props: RemittanceEmailProps): Promise<RenderedEmail> {
  const words = wording(props)
  return renderEmail({
    subject: words.subject,
    html: <RemittanceEmail {...props} />,
    text: textBody(
      words.title,
      words.intro,
      words.reference,
      props.jobs.map((job) => `${oneLine(job.code)}  completed ${job.completedOn}  ${job.amount}`).join('\n'),
      `Total: ${props.total}`,
      words.help,
    ),
  })
}
