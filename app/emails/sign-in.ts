import { button, codeBlock, finePrint, layout, paragraph, type RenderedEmail, textBody } from './layout'

export type SignInEmailProps = {
  /** The absolute link to the 'Sign in' confirmation page. */
  url: string
  /** The 6-digit code that can be typed on /auth instead. */
  code: string
  /** How long both stay valid, in minutes. */
  expiresInMinutes: number
}

/** The e-mail a customer gets after asking for a login link on /auth. */
export function signInEmail({ url, code, expiresInMinutes }: SignInEmailProps): RenderedEmail {
  const subject = 'Your Glass Plan login link'
  const html = layout({
    title: 'Sign in to Glass Plan',
    preheader: `Your login code is ${code}`,
    body: [
      paragraph('Click the button below to sign in. You will be asked to confirm with one more click.'),
      button('Sign in to Glass Plan', url),
      paragraph('Or enter this code on the sign-in page:'),
      codeBlock(code),
      finePrint(
        `The link and the code work once and expire in ${expiresInMinutes} minutes. If you didn't ask to sign in, you can ignore this e-mail.`,
      ),
    ].join('\n'),
  })
  const text = textBody(
    'Sign in to Glass Plan',
    `Open this link to sign in (you will be asked to confirm with one more click):\n${url}`,
    `Or enter this code on the sign-in page: ${code}`,
    `The link and the code work once and expire in ${expiresInMinutes} minutes. If you didn't ask to sign in, you can ignore this e-mail.`,
  )
  return { subject, html, text }
}
