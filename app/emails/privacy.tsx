import { DELETION_MESSAGES } from '~/domain/messages'

import { Code, EmailLayout, FinePrint, oneLine, Paragraph, type RenderedEmail, renderEmail, renderLinesEmail, textBody } from './layout'

/** The e-mails of the privacy page: changing the account's address, and deleting the account. */

type EmailChangeLinkProps = { url: string; expiresInMinutes: number; supportEmail: string }

const EMAIL_CHANGE_LINK_SUBJECT = 'Confirm your new e-mail address'

function emailChangeLinkWording({ expiresInMinutes, supportEmail }: EmailChangeLinkProps) {
  return {
    lines: [
      'You asked to use this address for your Glass Plan account. Open the link to confirm; until then nothing changes.',
      `The link works once and expires in ${expiresInMinutes} minutes.`,
    ],
    help: `Did not ask for this? Ignore this e-mail, or write to ${supportEmail}.`,
  }
}

/** To the new address: the link that makes it the account's address. */
export function emailChangeLinkEmail(props: EmailChangeLinkProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    { subject: EMAIL_CHANGE_LINK_SUBJECT, title: EMAIL_CHANGE_LINK_SUBJECT, preheader: null, ...emailChangeLinkWording(props) },
    { href: props.url, label: 'Confirm this address' },
  )
}

type EmailChangedProps = { newEmail: string; supportEmail: string }

const EMAIL_CHANGED_SUBJECT = 'Your e-mail address was changed'

function emailChangedLines({ newEmail, supportEmail }: EmailChangedProps) {
  return [
    `Your Glass Plan account now uses ${oneLine(newEmail)}. We will send our e-mails there from now on, and you sign in with it.`,
    `Did not do this? Write to ${supportEmail} at once.`,
  ]
}

/** To the old address, once the change is done: the warning an account takeover would trigger. */
export function emailChangedEmail(props: EmailChangedProps): Promise<RenderedEmail> {
  return renderLinesEmail({
    subject: EMAIL_CHANGED_SUBJECT,
    title: EMAIL_CHANGED_SUBJECT,
    preheader: null,
    lines: emailChangedLines(props),
  })
}

type AccountDeletionCodeProps = { code: string; expiresInMinutes: number; supportEmail: string }

const DELETION_CODE_SUBJECT = 'Your code to delete your account'
const DELETION_CODE_INTRO =
  'You asked to delete your Glass Plan account. Enter this code on your privacy page to confirm. Deleting cannot be undone.'
const deletionCodeAfter = ({ expiresInMinutes, supportEmail }: AccountDeletionCodeProps) =>
  `The code works once and expires in ${expiresInMinutes} minutes. Did not ask for this? Ignore this e-mail: nothing is deleted without the code. Questions? Write to ${supportEmail}.`

export function AccountDeletionCodeEmail(props: AccountDeletionCodeProps) {
  return (
    <EmailLayout title={DELETION_CODE_SUBJECT} preheader={`Your code is ${props.code}`}>
      <Paragraph>{DELETION_CODE_INTRO}</Paragraph>
      <Code>{props.code}</Code>
      <FinePrint>{deletionCodeAfter(props)}</FinePrint>
    </EmailLayout>
  )
}

/** The fresh code that confirms a deletion. */
export function accountDeletionCodeEmail(props: AccountDeletionCodeProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: DELETION_CODE_SUBJECT,
    html: <AccountDeletionCodeEmail {...props} />,
    text: textBody(DELETION_CODE_SUBJECT, DELETION_CODE_INTRO, `Code: ${props.code}`, deletionCodeAfter(props)),
  })
}

/** `kept`: one sentence per record the law made us keep (DELETION_MESSAGES.keptRecord), empty when none. */
type AccountDeletedProps = { deletedOn: string; supportEmail: string; kept?: string[] }

const ACCOUNT_DELETED_SUBJECT = 'Your Glass Plan account was deleted'

function accountDeletedLines({ deletedOn, supportEmail, kept = [] }: AccountDeletedProps) {
  return [
    `Your Glass Plan account and the personal data in it were deleted on ${deletedOn}.`,
    ...(kept.length ? [DELETION_MESSAGES.keptIntro, ...kept, DELETION_MESSAGES.keptWho] : [DELETION_MESSAGES.keptNone]),
    `Questions? Write to ${supportEmail}.`,
  ]
}

/** The last e-mail, after the deletion. */
export function accountDeletedEmail(props: AccountDeletedProps): Promise<RenderedEmail> {
  return renderLinesEmail({
    subject: ACCOUNT_DELETED_SUBJECT,
    title: ACCOUNT_DELETED_SUBJECT,
    preheader: null,
    lines: accountDeletedLines(props),
  })
}

type EsignWithdrawnProps = { customer: string; withdrawnOn: string; policies: string[]; customerUrl: string }

const ESIGN_WITHDRAWN_SUBJECT = 'A customer asked for paper copies'

function esignWithdrawnLines({ customer, withdrawnOn, policies }: EsignWithdrawnProps) {
  return [
    `${oneLine(customer)} withdrew their consent to electronic delivery on ${withdrawnOn}.`,
    'From now on their contract and every notice must be posted to them on paper. Ask them for their postal address if you do not have it, and post a paper copy of each contract now.',
    policies.length ? `Their plans: ${policies.join('; ')}.` : 'They have no plans yet.',
  ]
}

/** To the operator: a customer withdrew electronic consent, so paper copies must be posted. */
export function esignWithdrawnEmail(props: EsignWithdrawnProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    { subject: ESIGN_WITHDRAWN_SUBJECT, title: ESIGN_WITHDRAWN_SUBJECT, preheader: null, lines: esignWithdrawnLines(props) },
    { href: props.customerUrl, label: 'Open the customer' },
  )
}
