import { type RenderedEmail, renderLinesEmail } from './layout'

export type ClaimTextEmailProps = {
  confirmationCode: string
  /** The text's own words (app/domain/messages.ts TEXT_MESSAGES), without the link and the STOP footer. */
  words: string
  claimUrl: string
}

/**
 * A claim's text told by e-mail instead: the day's texts were used up (the carriers' cap, app/domain/texts.ts) and
 * its news could not wait for the next day (app/models/people/texts.server.ts).
 */
export function claimTextEmail({ confirmationCode, words, claimUrl }: ClaimTextEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `News about your claim ${confirmationCode}`,
      title: 'News about your claim',
      lines: [words, 'We would have texted you this. Our texts are used up for today, so it comes by e-mail instead.'],
    },
    { href: claimUrl, label: 'View your claim', textAction: 'View your claim' },
  )
}
