import { Action, Code, EmailLayout, FinePrint, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

export type SignInEmailProps = {
  /** The absolute link to the 'Sign in' confirmation page. */
  url: string
  /** The 6-digit code that can be typed on /auth instead. */
  code: string
  /** How long both stay valid, in minutes. */
  expiresInMinutes: number
}

const TITLE = 'Sign in to Glass Plan'
const expiry = (minutes: number) =>
  `The link and the code work once and expire in ${minutes} minutes. If you didn't ask to sign in, you can ignore this e-mail.`

export function SignInEmail({ url, code, expiresInMinutes }: SignInEmailProps) {
  return (
    <EmailLayout title={TITLE} preheader={`Your login code is ${code}`}>
      <Paragraph>Click the button below to sign in. You will be asked to confirm with one more click.</Paragraph>
      <Action href={url}>Sign in to Glass Plan</Action>
      <Paragraph>Or enter this code on the sign-in page:</Paragraph>
      <Code>{code}</Code>
      <FinePrint>{expiry(expiresInMinutes)}</FinePrint>
    </EmailLayout>
  )
}

/** The e-mail a customer gets after asking for a login link on /auth. */
export function signInEmail(props: SignInEmailProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Your Glass Plan login link',
    html: <SignInEmail {...props} />,
    text: textBody(
      TITLE,
      `Open this link to sign in (you will be asked to confirm with one more click):\n${props.url}`,
      `Or enter this code on the sign-in page: ${props.code}`,
      expiry(props.expiresInMinutes),
    ),
  })
}
