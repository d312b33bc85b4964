import { ServerClient } from 'postmark'

import { env } from '~/env.server'
import type { EmailTransport } from '~/services/email-transport.server'

/** Postmark through its official client; POSTMARK_API_URL points it elsewhere (a local fake in tests). */
export function postmarkTransport(token: string, apiUrl = env().POSTMARK_API_URL): EmailTransport {
  const options: ConstructorParameters<typeof ServerClient>[1] = { timeout: 10 }
  if (apiUrl) {
    const url = new URL(apiUrl)
    options.requestHost = url.host
    options.useHttps = url.protocol === 'https:'
  }
  const client = new ServerClient(token, options)
  return {
    name: 'postmark',
    async send(message) {
      const result = await client.sendEmail({
        From: message.from,
        To: message.to,
        Subject: message.subject,
        HtmlBody: message.html,
        TextBody: message.text,
        Tag: message.tag,
        MessageStream: 'outbound',
        TrackLinks: message.trackLinks === false ? ('None' as never) : ('HtmlAndText' as never),
        TrackOpens: false,
      })
      if (result.ErrorCode !== 0) throw new Error(`Postmark error ${result.ErrorCode}: ${result.Message}`)
      return { providerMessageId: result.MessageID }
    },
  }
}
