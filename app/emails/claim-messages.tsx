import { formatLongDate } from '~/domain/format'

import { Action, EmailLayout, FinePrint, oneLine, Paragraph, quoted, type RenderedEmail, renderEmail, textBody } from './layout'

/** A claim's thread: a new message to the others on the claim, and the operator's request for more photos. */

// --- a new message -----------------------------------------------------------------------------------------------

type ClaimMessageProps = {
  confirmationCode: string
  /** Who wrote it, as the reader knows them: 'The customer', 'Glass Plan', the shop's name. */
  from: string
  body: string
  /** Where the reader answers: the customer's claim page, the shop's job page or the operator's claim page. */
  replyUrl: string
}

function messageIntro(props: ClaimMessageProps) {
  return `${oneLine(props.from)} wrote about claim ${props.confirmationCode}:`
}

export function ClaimMessageEmail(props: ClaimMessageProps) {
  return (
    <EmailLayout title="New message on your claim" preheader={`Claim ${props.confirmationCode}`}>
      <Paragraph>{messageIntro(props)}</Paragraph>
      <Paragraph>
        <span style={{ whiteSpace: 'pre-line' }}>{props.body}</span>
      </Paragraph>
      <Action href={props.replyUrl}>Read and reply</Action>
      <FinePrint>Please reply on the page, not to this e-mail: the answer then reaches everyone on the claim.</FinePrint>
    </EmailLayout>
  )
}

export function claimMessageEmail(props: ClaimMessageProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: `New message on claim ${props.confirmationCode}`,
    html: <ClaimMessageEmail {...props} />,
    text: textBody(
      'New message on your claim',
      messageIntro(props),
      quoted(props.body),
      `Read and reply: ${props.replyUrl}`,
      'Please reply on the page, not to this e-mail: the answer then reaches everyone on the claim.',
    ),
  })
}

// --- more photos, please -----------------------------------------------------------------------------------------

type PhotoRequestProps = {
  confirmationCode: string
  note: string
  /** The signed link: no sign-in, once, until `expiresAt`. */
  uploadUrl: string
  expiresAt: Date
}

function requestWording(props: PhotoRequestProps) {
  return {
    intro: `Our claims team needs more photos for claim ${props.confirmationCode}:`,
    how: `Use the button below to add them; no sign-in is needed. The link works once, until ${formatLongDate(props.expiresAt)}.`,
  }
}

export function PhotoRequestEmail(props: PhotoRequestProps) {
  const { intro, how } = requestWording(props)
  return (
    <EmailLayout title="Please add photos to the claim" preheader={`Claim ${props.confirmationCode}`}>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>
        <span style={{ whiteSpace: 'pre-line' }}>{props.note}</span>
      </Paragraph>
      <Paragraph>{how}</Paragraph>
      <Action href={props.uploadUrl}>Add photos</Action>
    </EmailLayout>
  )
}

export function photoRequestEmail(props: PhotoRequestProps): Promise<RenderedEmail> {
  const { intro, how } = requestWording(props)
  return renderEmail({
    subject: `Claim ${props.confirmationCode}: please add photos`,
    html: <PhotoRequestEmail {...props} />,
    text: textBody('Please add photos to the claim', intro, quoted(props.note), how, `Add photos: ${props.uploadUrl}`),
  })
}
