/**
 * The one shared shell of every e-mail and its parts, as React components (react-email's, which write the
 * table-and-inline-style HTML mail clients need). React escapes every value, so templates pass user values as they are.
 *
 * The text part is written explicitly with the helpers at the end, not converted from the HTML: a converted text part
 * rewrites our wording (headings in capitals, "Label https://…" for buttons) and would lose the quoting below. There a
 * line break is structure: user values go through `oneLine` or `quoted`, so a name cannot add a line that reads like
 * ours (tests/unit/email-text.test.ts).
 */

import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Html } from '@react-email/html'
import { Preview } from '@react-email/preview'
import { render } from '@react-email/render'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties, ReactElement, ReactNode } from 'react'

import { foldLines, stripControlCharacters } from '~/validation/text'

export type RenderedEmail = { subject: string; html: string; text: string }

const BRAND = '#0f5ea8'
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: '#f3f4f6', fontFamily: FONT },
  container: { maxWidth: '560px', margin: '0 auto', padding: '32px 16px' },
  brand: { margin: '0 0 24px', fontSize: '20px', lineHeight: '28px', fontWeight: 700, color: BRAND },
  card: { backgroundColor: '#ffffff', borderRadius: '8px', padding: '32px 24px' },
  title: { margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', color: '#111827' },
  subheading: { margin: '24px 0 8px', fontSize: '18px', lineHeight: '26px', color: '#111827' },
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: '#1f2937' },
  list: { margin: '0 0 16px', paddingLeft: '20px', fontSize: '16px', lineHeight: '24px', color: '#1f2937' },
  action: { margin: '24px 0' },
  button: {
    backgroundColor: BRAND,
    color: '#ffffff',
    textDecoration: 'none',
    fontWeight: 600,
    padding: '12px 24px',
    borderRadius: '6px',
    fontSize: '16px',
  },
  code: {
    margin: '8px 0 24px',
    fontSize: '28px',
    lineHeight: '36px',
    letterSpacing: '6px',
    fontWeight: 700,
    fontFamily: 'Menlo,Consolas,monospace',
    color: '#111827',
  },
  quote: { whiteSpace: 'pre-line' },
  finePrint: { margin: '16px 0 0', fontSize: '13px', lineHeight: '20px', color: '#6b7280' },
  footer: { margin: '24px 0 0', fontSize: '12px', lineHeight: '18px', color: '#9ca3af', textAlign: 'center' },
} satisfies Record<string, CSSProperties>

/** The shell: the brand, a white card with the title, the body, and the footer. */
export function EmailLayout({ title, preheader, children }: { title: string; preheader?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      {preheader ? <Preview>{preheader}</Preview> : null}
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Glass Plan</Text>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.title}>
              {title}
            </Heading>
            {children}
          </Section>
          <Text style={styles.footer}>Glass Plan · Windshield protection plans</Text>
        </Container>
      </Body>
    </Html>
  )
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>
}

/** A heading inside the body, for a part the reader looks for ("Your plan: renewal and cancelling"). */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.subheading}>
      {children}
    </Heading>
  )
}

/** Text someone wrote over several lines (a message, a note), as a paragraph that keeps its line breaks. */
export function Quote({ children }: { children: string }) {
  return (
    <Paragraph>
      <span style={styles.quote}>{children}</span>
    </Paragraph>
  )
}

/** Numbered steps. */
export function Steps({ steps }: { steps: string[] }) {
  return (
    <ol style={styles.list}>
      {steps.map((step, index) => (
        <li key={index}>{step}</li>
      ))}
    </ol>
  )
}

/** The call to action: a button to the link. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={styles.action}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  )
}

/** A large, spaced-out code (sign-in codes, confirmation codes). */
export function Code({ children }: { children: string }) {
  return <Text style={styles.code}>{children}</Text>
}

/** Small grey print at the end of the body. */
export function FinePrint({ children }: { children: ReactNode }) {
  return <Text style={styles.finePrint}>{children}</Text>
}

/** The e-mail as it is sent: the component rendered to HTML, with its explicitly written text part. */
export async function renderEmail({ subject, html, text }: { subject: string; html: ReactElement; text: string }): Promise<RenderedEmail> {
  return { subject, html: await render(html), text }
}

/** The text version: paragraphs separated by blank lines, nulls dropped. */
export function textBody(...parts: Array<string | null | undefined | false>) {
  return parts.filter((part): part is string => Boolean(part)).join('\n\n') + '\n'
}

/** A one-line value someone typed (a name, a vehicle, an address), for a text part: its line breaks folded to spaces. */
export function oneLine(value: string | number | null | undefined) {
  return foldLines(String(value ?? '')).trim()
}

/**
 * Text someone wrote over several lines (a reason, a note), for a text part: every line behind "> ", as mail clients
 * quote, so no line of it can pose as one of the e-mail's own ("Plan: …").
 */
export function quoted(text: string) {
  return stripControlCharacters(text)
    .trim()
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n')
}

/**
 * The words of an e-mail of the common shape: a title, lines, buttons, a line of fine print (or none). A line is our
 * wording, or `{ quote }`: what someone wrote, kept as a `Quote` on the page and `quoted` in the text part. The preview
 * line is the subject unless `preheader` names another (null: none).
 */
export type LinesEmailWords = {
  subject: string
  title: string
  lines: Array<string | { quote: string }>
  help?: string
  preheader?: string | null
}

/** A button of such an e-mail; its text part names the link as `textAction: url`, or the link alone without one. */
export type EmailButton = { href: string; label: string; textAction?: string }

/** An e-mail of lines, buttons and fine print (a credit, a refund, a notice): the page and its text part from the same words. */
export function LinesEmail({ words, buttons }: { words: LinesEmailWords; buttons: EmailButton[] }) {
  const preheader = words.preheader === undefined ? words.subject : words.preheader
  return (
    <EmailLayout title={words.title} preheader={preheader ?? undefined}>
      {words.lines.map((line, index) =>
        typeof line === 'string' ? <Paragraph key={index}>{line}</Paragraph> : <Quote key={index}>{line.quote}</Quote>,
      )}
      {buttons.map((button, index) => (
        <Action key={index} href={button.href}>
          {button.label}
        </Action>
      ))}
      {words.help ? <FinePrint>{words.help}</FinePrint> : null}
    </EmailLayout>
  )
}

/** Renders a LinesEmail with its text part. */
export function renderLinesEmail(words: LinesEmailWords, ...buttons: EmailButton[]) {
  return renderEmail({
    subject: words.subject,
    html: <LinesEmail words={words} buttons={buttons} />,
    text: textBody(
      words.title,
      ...words.lines.map((line) => (typeof line === 'string' ? line : quoted(line.quote))),
      ...buttons.map((button) => (button.textAction ? `${button.textAction}: ${button.href}` : button.href)),
      words.help,
    ),
  })
}
