import { TWILIO_WEBHOOK_PATH } from '~/domain/paths'
import { toE164UsPhone } from '~/domain/phones'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { handleTextReply } from '~/models/people/texts.server'
import { routeRules } from '~/server/route-rules'
import { isSignedByTwilio } from '~/services/twilio.server'

import type { Route } from './+types/api.twilio-webhook'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: false })

/** Twilio's answer for "nothing more to send": the replies we send (HELP's) go through the SMS adapter and its log. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

export async function loader() {
  return plain(405, 'Method Not Allowed')
}

/**
 * POST /api/twilio-webhook: a reply to one of our texts. Only Twilio's signed posts are read (the signature covers the
 * public URL Twilio called, so it is rebuilt from APP_URL rather than from the address behind the proxy); a post
 * without a valid signature is a 403 and the same message again a 409. Strangers' posts are noted at 'warn', never as
 * errors: they are not faults of ours.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return plain(405, 'Method Not Allowed')
  const config = env()
  if (config.sms !== 'twilio') return plain(404, 'Not Found')
  const params = Object.fromEntries(new URLSearchParams(await request.text()))
  const url = `${config.APP_URL}${TWILIO_WEBHOOK_PATH}${new URL(request.url).search}`
  if (!isSignedByTwilio({ authToken: config.TWILIO_AUTH_TOKEN!, signature: request.headers.get('x-twilio-signature'), url, params })) {
    logger.warn({ path: TWILIO_WEBHOOK_PATH }, 'text reply refused: no valid Twilio signature')
    return plain(403, 'Forbidden')
  }
  const { MessageSid: messageSid, From: from, Body: body, OptOutType: optOutType } = params
  if (!messageSid || !from || body === undefined) return plain(400, 'MessageSid, From and Body are required')
  const answer = await handleTextReply({ messageSid, from: toE164UsPhone(from) ?? from, body, optOutType })
  if (answer.outcome === 'replayed') {
    logger.warn({ messageSid }, 'text reply refused: already received')
    return plain(409, 'Already received')
  }
  return new Response(EMPTY_TWIML, { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8' } })
}
