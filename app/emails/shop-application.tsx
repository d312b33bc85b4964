import { Action, EmailLayout, oneLine, Paragraph, quoted, type RenderedEmail, renderEmail, textBody } from './layout'

/** The e-mails to a shop that applied to join the network: received, approved (with the sign-in link), declined. */

type ReceivedProps = { businessName: string; supportEmail: string }

export function ApplicationReceivedEmail(props: ReceivedProps) {
  return (
    <EmailLayout title="We received your application" preheader="Glass Plan partner network">
      <Paragraph>{`Thank you for applying to join the Glass Plan network with ${oneLine(props.businessName)}.`}</Paragraph>
      <Paragraph>We review applications within 5 business days and will e-mail you the outcome.</Paragraph>
      <Paragraph>{`Questions? Write to ${props.supportEmail}.`}</Paragraph>
    </EmailLayout>
  )
}

export function applicationReceivedEmail(props: ReceivedProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'We received your application to join Glass Plan',
    html: <ApplicationReceivedEmail {...props} />,
    text: textBody(
      `Thank you for applying to join the Glass Plan network with ${oneLine(props.businessName)}.`,
      'We review applications within 5 business days and will e-mail you the outcome.',
      `Questions? Write to ${props.supportEmail}.`,
    ),
  })
}

type ApprovedProps = { businessName: string; signInUrl: string; locations: string[] }

export function ApplicationApprovedEmail(props: ApprovedProps) {
  return (
    <EmailLayout title="Welcome to the Glass Plan network" preheader={`${oneLine(props.businessName)} is approved`}>
      <Paragraph>{`${oneLine(props.businessName)} is approved as a Glass Plan partner shop, with ${props.locations.map(oneLine).join('; ')}.`}</Paragraph>
      <Paragraph>Sign in with this e-mail address to see your jobs, give appointments and complete them.</Paragraph>
      <Action href={props.signInUrl}>Sign in to your shop</Action>
    </EmailLayout>
  )
}

export function applicationApprovedEmail(props: ApprovedProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Your Glass Plan partner application is approved',
    html: <ApplicationApprovedEmail {...props} />,
    text: textBody(
      `${oneLine(props.businessName)} is approved as a Glass Plan partner shop, with ${props.locations.map(oneLine).join('; ')}.`,
      'Sign in with this e-mail address to see your jobs, give appointments and complete them:',
      props.signInUrl,
    ),
  })
}

type DeclinedProps = { businessName: string; reason: string; supportEmail: string }

export function ApplicationDeclinedEmail(props: DeclinedProps) {
  return (
    <EmailLayout title="Your application to join Glass Plan" preheader="The outcome of your application">
      <Paragraph>{`We are not able to add ${oneLine(props.businessName)} to the Glass Plan network now. The reason:`}</Paragraph>
      <Paragraph>{props.reason}</Paragraph>
      <Paragraph>{`You may apply again once this has changed. Questions? Write to ${props.supportEmail}.`}</Paragraph>
    </EmailLayout>
  )
}

export function applicationDeclinedEmail(props: DeclinedProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: 'Your Glass Plan partner application',
    html: <ApplicationDeclinedEmail {...props} />,
    text: textBody(
      `We are not able to add ${oneLine(props.businessName)} to the Glass Plan network now. The reason:`,
      quoted(props.reason),
      `You may apply again once this has changed. Questions? Write to ${props.supportEmail}.`,
    ),
  })
}
