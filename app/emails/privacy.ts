import { button, codeBlock, finePrint, layout, oneLine, paragraph, type RenderedEmail, textBody } from './layout'

/** To the new address: the link that makes it the account's address. */
export function emailChangeLinkEmail({
  url,
  expiresInMinutes,
  supportEmail,
}: {
  url: string
  expiresInMinutes: number
  supportEmail: string
}): RenderedEmail {
  const subject = 'Confirm your new e-mail address'
  const lines = [
    'You asked to use this address for your Glass Plan account. Open the link to confirm; until then nothing changes.',
    `The link works once and expires in ${expiresInMinutes} minutes.`,
  ]
  const html = layout({
    title: subject,
    body: [
      ...lines.map(paragraph),
      button('Confirm this address', url),
      finePrint(`Did not ask for this? Ignore this e-mail, or write to ${supportEmail}.`),
    ].join('\n'),
  })
  return { subject, html, text: textBody(subject, ...lines, url, `Did not ask for this? Ignore this e-mail, or write to ${supportEmail}.`) }
}

/** To the old address, once the change is done: the warning an account takeover would trigger. */
export function emailChangedEmail({ newEmail, supportEmail }: { newEmail: string; supportEmail: string }): RenderedEmail {
  const subject = 'Your e-mail address was changed'
  const lines = [
    `Your Glass Plan account now uses ${oneLine(newEmail)}. We will send our e-mails there from now on, and you sign in with it.`,
    `Did not do this? Write to ${supportEmail} at once.`,
  ]
  return { subject, html: layout({ title: subject, body: lines.map(paragraph).join('\n') }), text: textBody(subject, ...lines) }
}

/** The fresh code that confirms a deletion. */
export function accountDeletionCodeEmail({
  code,
  expiresInMinutes,
  supportEmail,
}: {
  code: string
  expiresInMinutes: number
  supportEmail: string
}): RenderedEmail {
  const subject = 'Your code to delete your account'
  const lines = ['You asked to delete your Glass Plan account. Enter this code on your privacy page to confirm. Deleting cannot be undone.']
  const after = `The code works once and expires in ${expiresInMinutes} minutes. Did not ask for this? Ignore this e-mail: nothing is deleted without the code. Questions? Write to ${supportEmail}.`
  return {
    subject,
    html: layout({
      title: subject,
      preheader: `Your code is ${code}`,
      body: [...lines.map(paragraph), codeBlock(code), finePrint(after)].join('\n'),
    }),
    text: textBody(subject, ...lines, `Code: ${code}`, after),
  }
}

/** The last e-mail, after the deletion. */
export function accountDeletedEmail({ deletedOn, supportEmail }: { deletedOn: string; supportEmail: string }): RenderedEmail {
  const subject = 'Your Glass Plan account was deleted'
  const lines = [
    `Your Glass Plan account and the personal data in it were deleted on ${deletedOn}.`,
    'We keep only what the law requires for accounting (your plans, payments and completed repairs), without your name, contact details, vehicles or photos.',
    `Questions? Write to ${supportEmail}.`,
  ]
  return { subject, html: layout({ title: subject, body: lines.map(paragraph).join('\n') }), text: textBody(subject, ...lines) }
}
