import twilio from 'twilio'

import type { OutgoingText, SmsTransport } from './sms-transport.server'

/** How long a send may take before it counts as failed (the claim never waits longer than this for its text). */
const TIMEOUT_MS = 10_000

/**
 * Texts through Twilio's Messages API (its Node SDK). `apiUrl` points every request at another origin (the tests' fake
 * server): the SDK builds its URLs for api.twilio.com, and a request client that swaps the origin keeps the rest of its
 * behaviour (auth, form encoding, errors) as it is.
 */
export function twilioTransport(config: { accountSid: string; authToken: string; from: string; apiUrl?: string }): SmsTransport {
  const httpClient = config.apiUrl ? redirectedClient(config.apiUrl) : new twilio.RequestClient({ timeout: TIMEOUT_MS })
  const client = twilio(config.accountSid, config.authToken, { httpClient })
  return {
    name: 'twilio',
    async send(text: OutgoingText) {
      const message = await client.messages.create({ to: text.to, from: config.from, body: text.body })
      return { providerMessageId: message.sid }
    },
  }
}

function redirectedClient(apiUrl: string) {
  const target = new URL(apiUrl)
  const client = new twilio.RequestClient({ timeout: TIMEOUT_MS })
  const request = client.request.bind(client)
  client.request = (options) => {
    const uri = new URL(options.uri)
    uri.protocol = target.protocol
    uri.host = target.host
    return request({ ...options, uri: uri.href })
  }
  return client
}

/**
 * Whether a webhook really came from Twilio: its X-Twilio-Signature over the URL Twilio called and the posted fields,
 * keyed with the auth token (the SDK's check).
 */
export function isSignedByTwilio(input: { authToken: string; signature: string | null; url: string; params: Record<string, string> }) {
  if (!input.signature) return false
  return twilio.validateRequest(input.authToken, input.signature, input.url, input.params)
}
