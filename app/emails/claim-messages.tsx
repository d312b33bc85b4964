import { countOf, formatLongDate } from '~/domain/format'

import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

/** A claim's thread: a new message to the others on the claim, and the operator's request for more photos. */

// --- a new message -----------------------------------------------------------------------------------------------

type ClaimMessageProps = {
  confirmationCode: string
  /** Who wrote it, as the reader knows them: 'The customer', 'Glass Plan', the shop's name. */
  from: string
  body: string
  /** Where the reader answers: the customer's claim page, the shop's job page or the operator's claim page. */
  replyUrl: string
  /** The messages from the others the reader has not seen, this one among them (app/models/claims/claim-messages.server.ts). */
  waiting?: number
}

export function claimMessageEmail(props: ClaimMessageProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `New message on claim ${props.confirmationCode}`,
      title: 'New message on your claim',
      preheader: `Claim ${props.confirmationCode}`,
      lines: [
        ...(props.waiting && props.waiting > 1
          ? [`${countOf(props.waiting, 'new message')} are waiting for you on the claim. The newest:`]
          : []),
        `${oneLine(props.from)} wrote about claim ${props.confirmationCode}:`,
        { quote: props.body },
        'Until you open the claim, further messages wait there without another e-mail.',
      ],
      help: 'Please reply on the page, not to this e-mail: the answer then reaches everyone on the claim.',
    },
    { href: props.replyUrl, label: 'Read and reply', textAction: 'Read and reply' },
  )
}

// --- more photos, please -----------------------------------------------------------------------------------------

type PhotoRequestProps = {
  confirmationCode: string
  note: string
  /** The signed link: no sign-in, once, until `expiresAt`. */
  uploadUrl: string
  expiresAt: Date
}

export function photoRequestEmail(props: PhotoRequestProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `Claim ${props.confirmationCode}: please add photos`,
      title: 'Please add photos to the claim',
      preheader: `Claim ${props.confirmationCode}`,
      lines: [
        `Our claims team needs more photos for claim ${props.confirmationCode}:`,
        { quote: props.note },
        `Use the button below to add them; no sign-in is needed. The link works once, until ${formatLongDate(props.expiresAt)}.`,
      ],
    },
    { href: props.uploadUrl, label: 'Add photos', textAction: 'Add photos' },
  )
}
