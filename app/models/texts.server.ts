import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { TEXT_KINDS, textMessages, textReplies } from '~/db/schema'
import { TEXT_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import { isDeletedAccount } from '~/domain/privacy'
import { describeAppointment } from '~/domain/shops'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { smsTransport } from '~/services/sms.server'

import { claimContext, claimPageUrl } from './claims.server'
import { stopTexts, textConsentOf } from './consents.server'

/**
 * Texts about a customer's claims, to those who agreed to them (app/models/consents.server.ts keeps the consent):
 * one at each step (decided, booked, on the way, done), and the answers to their replies. A text never holds a claim
 * up: the step is saved before its text is sent, and a text the provider refuses is recorded and logged with the
 * reason.
 */

export type TextKind = (typeof TEXT_KINDS)[number]
export type ClaimTextStep = Exclude<TextKind, 'help'>

/** What the dashboard's texts card shows: the number texted now, if any, and the support line named beside the consent. */
export function textsStateOf(profileId: string) {
  const consent = textConsentOf(profileId)
  return { phone: consent ? formatPhone(consent.phone) : null, supportPhone: formatPhone(env().SUPPORT_PHONE) }
}

/** Sends one text and records what came of it; never throws (a refusal is a row with its reason). */
export async function sendText(input: { profileId: string | null; claimId: string | null; to: string; kind: TextKind; body: string }) {
  const id = createId()
  const transport = await smsTransport()
  let outcome: { status: 'sent'; providerMessageId: string } | { status: 'refused'; reason: string }
  try {
    const sent = await transport.send({ id, to: input.to, body: input.body, kind: input.kind })
    outcome = { status: 'sent', providerMessageId: sent.providerMessageId }
  } catch (error) {
    outcome = { status: 'refused', reason: refusalReason(error) }
    // The provider's answer, not a fault of ours: a warning the operator can search for, never an error report.
    logger.warn({ textId: id, claimId: input.claimId, kind: input.kind, reason: outcome.reason }, 'text refused by the provider')
  }
  return db()
    .insert(textMessages)
    .values({
      id,
      profileId: input.profileId,
      claimId: input.claimId,
      toPhone: input.to,
      kind: input.kind,
      body: input.body,
      transport: transport.name,
      status: outcome.status,
      providerMessageId: outcome.status === 'sent' ? outcome.providerMessageId : null,
      refusalReason: outcome.status === 'refused' ? outcome.reason : null,
    })
    .returning()
    .get()
}

/** The provider's reason in one line: Twilio's error carries a code and a message ('21610: Attempt to send to unsubscribed recipient'). */
function refusalReason(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown }
    const text = typeof message === 'string' ? message : String(error)
    return (code !== undefined && code !== null ? `${String(code)}: ${text}` : text).slice(0, 500)
  }
  return String(error).slice(0, 500)
}

/**
 * Texts the claimant about a step their claim reached, when they agreed to texts. Called after the step is saved;
 * never throws, so a missing consent, a deleted account or a refused text leaves the step as it is.
 */
export async function textClaimStep(claimId: string, step: ClaimTextStep) {
  try {
    const context = claimContext(claimId)
    if (!context?.profile || isDeletedAccount(context.profile)) return null
    const consent = textConsentOf(context.profile.id)
    if (!consent) return null
    const body = claimTextBody(context, step)
    if (!body) return null
    return await sendText({ profileId: context.profile.id, claimId, to: consent.phone, kind: step, body })
  } catch (error) {
    logger.error({ claimId, step, err: error }, 'claim text failed')
    return null
  }
}

function claimTextBody(context: NonNullable<ReturnType<typeof claimContext>>, step: ClaimTextStep): string | null {
  const { claim, partnerGroup } = context
  // The claim's own page (docs/decisions/075-one-page-per-claim.md).
  const link = claimPageUrl(claim.confirmationCode)
  const shop = partnerGroup?.name ?? 'Your shop'
  const words = (() => {
    switch (step) {
      case 'claim_decided':
        if (claim.approvalStatus === 'approved') return TEXT_MESSAGES.decidedApproved(claim.confirmationCode) + link
        if (claim.approvalStatus === 'denied') return TEXT_MESSAGES.decidedDenied(claim.confirmationCode) + link
        return null
      case 'claim_booked':
        return claim.appointmentAt
          ? TEXT_MESSAGES.booked(claim.confirmationCode, shop, describeAppointment(claim.appointmentAt)) + link
          : null
      case 'claim_on_the_way':
        return TEXT_MESSAGES.onTheWayText(claim.confirmationCode, shop)
      case 'claim_done':
        return TEXT_MESSAGES.done(claim.confirmationCode) + link
    }
  })()
  return words === null ? null : words + TEXT_MESSAGES.stopFooter
}

// --- replies -----------------------------------------------------------------------------------------------------

/** The words carriers and Twilio treat as an opt-out or a request for help (a reply is matched whole, any case). */
const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']
const HELP_WORDS = ['HELP', 'INFO']
const START_WORDS = ['START', 'UNSTOP', 'YES']

export function replyKeyword(body: string): 'stop' | 'help' | 'start' | 'other' {
  const word = body.trim().toUpperCase()
  if (STOP_WORDS.includes(word)) return 'stop'
  if (HELP_WORDS.includes(word)) return 'help'
  if (START_WORDS.includes(word)) return 'start'
  return 'other'
}

/**
 * A reply that reached the signed webhook, honoured at once: STOP ends texts to that number, HELP is answered with
 * the support line, anything else is only kept. The same message delivered again (its id already seen) is a replay:
 * 'replayed', and nothing is done twice. START does not turn texts back on: that takes a new consent on the dashboard.
 */
export async function handleTextReply(input: { messageSid: string; from: string; body: string }, now = new Date()) {
  const keyword = replyKeyword(input.body)
  const fresh = db()
    .insert(textReplies)
    .values({ messageSid: input.messageSid, fromPhone: input.from, keyword, receivedAt: now.toISOString() })
    .onConflictDoNothing()
    .run().changes
  if (!fresh) return { outcome: 'replayed' as const }
  if (keyword === 'stop') {
    const stopped = stopTexts({ phone: input.from, source: 'stop_reply' }, now)
    return { outcome: 'stopped' as const, stopped }
  }
  if (keyword === 'help') {
    const config = env()
    await sendText({
      profileId: null,
      claimId: null,
      to: input.from,
      kind: 'help',
      body: TEXT_MESSAGES.help(formatPhone(config.SUPPORT_PHONE), config.SUPPORT_EMAIL),
    })
    return { outcome: 'helped' as const }
  }
  return { outcome: 'kept' as const }
}
