import { Fragment } from 'react'

import type { DisclosureBlock } from '~/content/disclosures'

import { Action, Code, EmailLayout, FinePrint, Paragraph, type RenderedEmail, renderEmail, Steps, Subheading, textBody } from './layout'

export type FinishSetupEmailProps = {
  /** 'Comprehensive — Car', 'Chip Repair Only', ... */
  planName: string
  /** '$19.99': the price charged each month, or each year when `yearly`. */
  monthlyPrice: string
  /** Paid yearly: the price is a year's. */
  yearly?: boolean
  /** The absolute sign-in link; after signing in it leads to the setup wizard of this policy. */
  url: string
  /** The 6-digit code that can be typed on /auth instead. */
  code: string
  expiresInMinutes: number
  supportEmail: string
  /** The acknowledgment the automatic-renewal laws ask for (content/contract.ts): renewal terms and how to cancel. */
  renewalTerms: string[]
  cancelTerms: string[]
  /** What the contract discloses (content/disclosures.ts): the provider, and the policy's state. */
  disclosures: DisclosureBlock[]
  /** The policy's plan documents: the contract and the terms version accepted. */
  contractUrl: string
}

const TITLE = 'Payment received: finish setting up your coverage'
const STEPS = ['Upload 3 photos of your windshield', 'Enter your vehicle information', 'Review and confirm']
const TERMS_HEADING = 'Your plan: renewal and cancelling'

function wording(props: FinishSetupEmailProps) {
  return {
    thanks: `Thank you for subscribing to ${props.planName} at ${props.monthlyPrice} per ${props.yearly ? 'year' : 'month'}.`,
    notYet: 'Your coverage is not active yet. Sign in to finish setting up your policy (it takes under 5 minutes):',
    expiry: `The link and the code work once and expire in ${props.expiresInMinutes} minutes. After that, ask for a new login link on the sign-in page with this e-mail address. Questions? Write to ${props.supportEmail}.`,
    contract: `Your contract and the terms you accepted, to read or download as a PDF: ${props.contractUrl}`,
  }
}

export function FinishSetupEmail(props: FinishSetupEmailProps) {
  const lines = wording(props)
  return (
    <EmailLayout title={TITLE} preheader={`Your sign-in code is ${props.code}`}>
      <Paragraph>{lines.thanks}</Paragraph>
      <Paragraph>{lines.notYet}</Paragraph>
      <Steps steps={STEPS} />
      <Action href={props.url}>Sign in and finish setup</Action>
      <Paragraph>Or enter this code on the sign-in page:</Paragraph>
      <Code>{props.code}</Code>
      <FinePrint>{lines.expiry}</FinePrint>
      <Subheading>{TERMS_HEADING}</Subheading>
      {[...props.renewalTerms, ...props.cancelTerms].map((term, index) => (
        <Paragraph key={index}>{term}</Paragraph>
      ))}
      {props.disclosures.map((block) => (
        <Fragment key={block.id}>
          <Subheading>{block.heading}</Subheading>
          {block.lines.map((line, index) => (
            <Paragraph key={index}>{block.conspicuous ? <strong>{line}</strong> : line}</Paragraph>
          ))}
        </Fragment>
      ))}
      <Paragraph>{lines.contract}</Paragraph>
    </EmailLayout>
  )
}

/** Sent once per paid checkout: the customer's way in, and what is left before coverage starts. */
export function finishSetupEmail(props: FinishSetupEmailProps): Promise<RenderedEmail> {
  const lines = wording(props)
  return renderEmail({
    subject: 'Finish setting up your coverage',
    html: <FinishSetupEmail {...props} />,
    text: textBody(
      TITLE,
      lines.thanks,
      lines.notYet,
      STEPS.map((step, index) => `${index + 1}. ${step}`).join('\n'),
      `Open this link to sign in (you will be asked to confirm with one more click):\n${props.url}`,
      `Or enter this code on the sign-in page: ${props.code}`,
      lines.expiry,
      TERMS_HEADING.toUpperCase(),
      ...props.renewalTerms,
      ...props.cancelTerms,
      ...props.disclosures.flatMap((block) => [block.heading.toUpperCase(), ...block.lines]),
      lines.contract,
    ),
  })
}
