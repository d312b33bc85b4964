import crypto from 'node:crypto'

import { and, asc, count, eq, gte, isNull, lt } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import { profiles, TEXT_KINDS, type TextConsent, textMessages, textReplies } from '~/db/schema'
import { dayOf, endOfDayIn, startOfDayIn } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { countOf } from '~/domain/format'
import { TEXT_MESSAGES } from '~/domain/messages'
import { formatPhone, toE164TextPhone } from '~/domain/phones'
import { isDeletedAccount } from '~/domain/privacy'
import { describeAppointment } from '~/domain/shops'
import { providerConfirmedStop, replyKeyword, TEXTS_CAP_ZONE } from '~/domain/texts'
import { MINUTE_MS } from '~/domain/time'
import { claimTextEmail } from '~/emails/claim-text'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { claimContext, claimPageUrl, toClaimant } from '~/models/claims/claims.server'
import { stormsOn } from '~/models/claims/storms.server'
import {
  confirmTextConsents,
  countWrongTextCode,
  pendingTextConsentOf,
  recordTextsConsent,
  replaceTextConsentCode,
  stopTexts,
  textConsentOf,
} from '~/models/people/consents.server'
import { sendEmail } from '~/services/email.server'
import { smsTransport } from '~/services/sms.server'

/**
 * Texts about a customer's claims, to those who agreed to them (app/models/people/consents.server.ts keeps the consent):
 * one at each step (decided, booked, on the way, done), and the answers to their replies. A text never holds a claim
 * up: the step is saved before its text is sent, and a text the provider refuses is recorded and logged with the
 * reason.
 */

export type TextKind = (typeof TEXT_KINDS)[number]
export type ClaimTextStep = Exclude<TextKind, 'help' | 'number_code' | 'texts_confirmed' | 'stop_confirmed'>

/**
 * What the dashboard's texts card shows: the number texted now, if any; the number waiting for its code, if any; the
 * mobile number already on the account, offered instead of asking for it again; and the support line named beside the
 * consent.
 */
export function textsStateOf(profileId: string) {
  const consent = textConsentOf(profileId)
  const pending = consent ? null : pendingTextConsentOf(profileId)
  const onFile = db().select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, profileId)).get()?.phone
  const onFileMobile = onFile ? toE164TextPhone(onFile) : null
  return {
    phone: consent ? formatPhone(consent.phone) : null,
    pending: pending ? { phone: formatPhone(pending.phone), codeSent: pending.codeHash !== null } : null,
    numberOnFile: onFileMobile ? formatPhone(onFileMobile) : null,
    supportPhone: formatPhone(env().SUPPORT_PHONE),
  }
}

/** The refusal recorded for a text past the day's cap that could not wait (a number's code). */
export const DAILY_CAP_REASON = "daily cap: the day's texts are used up"

/** What a text past the day's cap becomes: queued for the daily job, refused, or told by e-mail (the caller sends it). */
export type WhenCapped = 'queue' | 'refuse' | 'email'

/** The moments the day of `now` starts and ends in the carriers' zone (app/domain/texts.ts TEXTS_CAP_ZONE). */
function capDayOf(now: Date) {
  const day = dayOf(now, TEXTS_CAP_ZONE)
  return { start: startOfDayIn(day, TEXTS_CAP_ZONE).toISOString(), end: endOfDayIn(day, TEXTS_CAP_ZONE).toISOString() }
}

/** The texts handed to the provider in the day of `now`, and how many more the cap allows. */
export function textsLeftToday(now = new Date(), database: Db = db()) {
  const { start, end } = capDayOf(now)
  const sent =
    database
      .select({ sent: count() })
      .from(textMessages)
      .where(and(gte(textMessages.sentAt, start), lt(textMessages.sentAt, end)))
      .get()?.sent ?? 0
  return { sent, left: Math.max(0, env().TEXTS_DAILY_CAP - sent) }
}

type TextRow = typeof textMessages.$inferInsert

/**
 * Sends one text and records what came of it; never throws (a refusal is a row with its reason). The day's cap is
 * checked and a place in it taken in one write, so two sends at once cannot both take the last place: a text past it
 * is queued, refused or marked for e-mail as `whenCapped` says, and is not sent.
 */
export async function sendText(
  input: {
    profileId: string | null
    claimId: string | null
    to: string
    kind: TextKind
    body: string
    /** What the log row keeps when the body holds a secret (a code): the words without it. */
    recordedBody?: string
    whenCapped: WhenCapped
  },
  now = new Date(),
) {
  const id = createId()
  const transport = await smsTransport()
  const row: TextRow = {
    id,
    profileId: input.profileId,
    claimId: input.claimId,
    toPhone: input.to,
    kind: input.kind,
    body: input.recordedBody ?? input.body,
    transport: transport.name,
    status: 'queued',
  }
  const placed = transaction((tx) => {
    if (textsLeftToday(now, tx).left > 0) {
      // The place is taken by sent_at; the outcome is written once the provider answers.
      tx.insert(textMessages)
        .values({ ...row, sentAt: now.toISOString() })
        .run()
      return null
    }
    const capped = { queue: { status: 'queued' as const }, refuse: { status: 'refused' as const, refusalReason: DAILY_CAP_REASON } }
    return tx
      .insert(textMessages)
      .values({ ...row, ...(input.whenCapped === 'email' ? { status: 'emailed' as const } : capped[input.whenCapped]) })
      .returning()
      .get()
  })
  if (placed) {
    logger.warn({ textId: id, claimId: input.claimId, kind: input.kind, status: placed.status }, "text not sent: the day's cap is reached")
    return placed
  }
  return deliver(transport, { id, to: input.to, body: input.body, kind: input.kind, claimId: input.claimId })
}

/** Hands a text whose place in the day is taken to the provider, and writes the outcome on its row. */
async function deliver(
  transport: Awaited<ReturnType<typeof smsTransport>>,
  text: { id: string; to: string; body: string; kind: TextKind; claimId: string | null },
) {
  let outcome: Pick<TextRow, 'status' | 'providerMessageId' | 'refusalReason' | 'sentAt'>
  try {
    const sent = await transport.send({ id: text.id, to: text.to, body: text.body, kind: text.kind })
    outcome = { status: 'sent', providerMessageId: sent.providerMessageId, refusalReason: null }
  } catch (error) {
    const reason = refusalReason(error)
    // Refused by the API, it never reached a carrier: it gives its place in the day back.
    outcome = { status: 'refused', providerMessageId: null, refusalReason: reason, sentAt: null }
    // The provider's answer, not a fault of ours: a warning the operator can search for, never an error report.
    logger.warn({ textId: text.id, claimId: text.claimId, kind: text.kind, reason }, 'text refused by the provider')
  }
  return db()
    .update(textMessages)
    .set({ ...outcome, transport: transport.name })
    .where(eq(textMessages.id, text.id))
    .returning()
    .get()!
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
 * The steps whose news has an e-mail of its own, sent just before the text (the decision's in claim-review and
 * claim-filing, the appointment's in shop-jobs, the completion's in claim-shop): when the text is told by e-mail
 * instead, that e-mail has told it. "On the way" has none, so its words are e-mailed.
 */
const STEP_HAS_ITS_EMAIL: Record<ClaimTextStep, boolean> = {
  claim_decided: true,
  claim_booked: true,
  claim_on_the_way: false,
  claim_done: true,
}

/**
 * Past the day's cap a claim's text waits for the next day's job, unless its news is stale by then: a storm day's
 * (the claim is a storm's, or a storm's days include today: thousands of texts a day, a queue that would never drain)
 * and "on the way" go by e-mail at once.
 */
function whenClaimTextCapped(claim: { stormEventId: string | null }, step: ClaimTextStep, now: Date): WhenCapped {
  if (step === 'claim_on_the_way' || claim.stormEventId !== null) return 'email'
  return stormsOn(dayOf(now)).length > 0 ? 'email' : 'queue'
}

/**
 * Texts the claimant about a step their claim reached, when they agreed to texts. Called after the step is saved;
 * never throws, so a missing consent, a deleted account or a refused text leaves the step as it is.
 */
export async function textClaimStep(claimId: string, step: ClaimTextStep, now = new Date()) {
  try {
    const context = claimContext(claimId)
    if (!context?.profile || isDeletedAccount(context.profile)) return null
    const consent = textConsentOf(context.profile.id)
    if (!consent) return null
    const words = claimTextWords(context, step)
    if (!words) return null
    const text = await sendText(
      {
        profileId: context.profile.id,
        claimId,
        to: consent.phone,
        kind: step,
        body: words.text + (words.link ?? '') + TEXT_MESSAGES.stopFooter,
        whenCapped: whenClaimTextCapped(context.claim, step, now),
      },
      now,
    )
    if (text.status === 'emailed' && !STEP_HAS_ITS_EMAIL[step]) {
      const email = await claimTextEmail({
        confirmationCode: context.claim.confirmationCode,
        words: words.text,
        claimUrl: claimPageUrl(context.claim.confirmationCode),
      })
      for (const message of toClaimant(context.profile, { ...email, tag: 'claim-text-by-email' })) await sendEmail(message)
    }
    return text
  } catch (error) {
    logger.error({ claimId, step, err: error }, 'claim text failed')
    return null
  }
}

/** A step's words and the claim page's link after them (none for "on the way"), or null when the step has no text. */
function claimTextWords(
  context: NonNullable<ReturnType<typeof claimContext>>,
  step: ClaimTextStep,
): { text: string; link: string | null } | null {
  const { claim, partnerGroup } = context
  // The claim's own page (docs/decisions/075-one-page-per-claim.md).
  const link = claimPageUrl(claim.confirmationCode)
  const shop = partnerGroup?.name ?? 'Your shop'
  switch (step) {
    case 'claim_decided':
      if (claim.approvalStatus === 'approved') return { text: TEXT_MESSAGES.decidedApproved(claim.confirmationCode), link }
      if (claim.approvalStatus === 'denied') return { text: TEXT_MESSAGES.decidedDenied(claim.confirmationCode), link }
      return null
    case 'claim_booked':
      return claim.appointmentAt
        ? { text: TEXT_MESSAGES.booked(claim.confirmationCode, shop, describeAppointment(claim.appointmentAt)), link }
        : null
    case 'claim_on_the_way':
      return { text: TEXT_MESSAGES.onTheWayText(claim.confirmationCode, shop), link: null }
    case 'claim_done':
      return { text: TEXT_MESSAGES.done(claim.confirmationCode), link }
  }
}

// --- the queue past the day's cap --------------------------------------------------------------------------------

/**
 * The daily job: the texts queued past an earlier day's cap, oldest first, as many as today's cap leaves. A queued
 * text to a customer goes only if the number still takes their texts (a STOP since refuses it); the rest wait.
 */
export async function sendQueuedTexts(now = new Date()) {
  const report = { sent: 0, refused: 0, waiting: 0 }
  const queued = db()
    .select()
    .from(textMessages)
    .where(and(eq(textMessages.status, 'queued'), isNull(textMessages.sentAt)))
    .orderBy(asc(textMessages.createdAt))
    .all()
  const transport = await smsTransport()
  for (const text of queued) {
    const placed = transaction((tx) => {
      if (textsLeftToday(now, tx).left === 0) return 'waiting' as const
      const stillWanted = text.profileId === null || textConsentOf(text.profileId)?.phone === text.toPhone
      if (!stillWanted) {
        tx.update(textMessages)
          .set({ status: 'refused', refusalReason: 'texts stopped before it was sent' })
          .where(eq(textMessages.id, text.id))
          .run()
        return 'refused' as const
      }
      const taken = tx
        .update(textMessages)
        .set({ sentAt: now.toISOString() })
        .where(and(eq(textMessages.id, text.id), eq(textMessages.status, 'queued'), isNull(textMessages.sentAt)))
        .run().changes
      // Taken by another run of the job meanwhile.
      return taken ? ('taken' as const) : null
    })
    if (placed === 'waiting') {
      report.waiting = queued.length - report.sent - report.refused
      break
    }
    if (placed === 'refused') report.refused++
    if (placed !== 'taken') continue
    const sent = await deliver(transport, { id: text.id, to: text.toPhone, body: text.body, kind: text.kind, claimId: text.claimId })
    if (sent.status === 'sent') report.sent++
    else report.refused++
  }
  return report
}

// --- the number's code -------------------------------------------------------------------------------------------

/**
 * A number takes claim texts only once it is confirmed as the customer's: a 6-digit code is texted to it and typed on
 * the texts page, or a YES is replied from it (docs/decisions/100-texts-number-confirmed-first.md). The code is kept
 * as a keyed hash only, for NUMBER_CODE_MINUTES, and takes MAX_NUMBER_CODE_TRIES wrong ones; the route counts sends
 * and tries against app/auth/texts-limits.server.ts before it calls these.
 */
export const NUMBER_CODE_MINUTES = 10
export const MAX_NUMBER_CODE_TRIES = 5

/** Keyed with the session secret: a leaked database holds no usable code (a bare hash of 6 digits is trivial to invert). */
function hashNumberCode(consent: { profileId: string; phone: string }, code: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(`texts-code:${consent.profileId}:${consent.phone}:${code}`).digest('hex')
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/**
 * Texts a new code to `phone` for `profileId`; the code's hash and expiry, or a refusal next to `field` when the
 * provider would not take the text (nothing is saved then but the text's log row).
 */
async function textNumberCode(profileId: string, phone: string, field: string, now: Date) {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
  const sent = await sendText(
    {
      profileId,
      claimId: null,
      to: phone,
      kind: 'number_code',
      body: TEXT_MESSAGES.codeText(code, NUMBER_CODE_MINUTES),
      recordedBody: TEXT_MESSAGES.codeText('######', NUMBER_CODE_MINUTES),
      // A code works for minutes: tomorrow's queue is no use to it.
      whenCapped: 'refuse',
    },
    now,
  )
  if (sent.status !== 'sent') {
    if (sent.refusalReason === DAILY_CAP_REASON) {
      throw RuleError.from({ ...TEXT_MESSAGES.correct, description: TEXT_MESSAGES.codeAfterCap }, { field, status: 429 })
    }
    throw RuleError.from({ ...TEXT_MESSAGES.correct, description: TEXT_MESSAGES.codeNotDelivered }, { field, status: 400 })
  }
  return {
    hash: hashNumberCode({ profileId, phone }, code),
    expiresAt: new Date(now.getTime() + NUMBER_CODE_MINUTES * MINUTE_MS).toISOString(),
  }
}

/**
 * The customer turns texts on for a mobile number: the code is texted to it first, and the consent is recorded
 * pending with the code's hash. Nothing but the code goes to the number until it is confirmed.
 */
export async function startTextsConsent(
  input: { profileId: string; phone: string; clientIp: string | null; userAgent: string | null },
  now = new Date(),
): Promise<TextConsent> {
  const code = await textNumberCode(input.profileId, input.phone, 'phone', now)
  return recordTextsConsent({ ...input, code }, now)
}

/** The customer asks for a new code for the number waiting for one: the last code stops working. */
export async function resendNumberCode(profileId: string, now = new Date()): Promise<TextConsent> {
  const pending = pendingTextConsentOf(profileId)
  if (!pending) throw RuleError.from({ ...TEXT_MESSAGES.codeRefused, description: TEXT_MESSAGES.noCodeWaiting }, { field: 'code' })
  const code = await textNumberCode(profileId, pending.phone, 'code', now)
  replaceTextConsentCode(pending.id, code)
  return pending
}

/**
 * Checks the code the customer typed against the one texted to their pending number: the right one confirms it (claim
 * texts go to it from now on); a wrong, expired or used-up one is refused next to the code, and a wrong one counts
 * towards MAX_NUMBER_CODE_TRIES, after which even the right code is refused until a new one is sent.
 */
export async function confirmNumberCode(profileId: string, typed: string, now = new Date()): Promise<TextConsent> {
  const refuse = (description: string): never => {
    throw RuleError.from({ ...TEXT_MESSAGES.codeRefused, description }, { field: 'code' })
  }
  const pending = pendingTextConsentOf(profileId)
  if (!pending) return refuse(TEXT_MESSAGES.noCodeWaiting)
  if (!pending.codeHash || !pending.codeExpiresAt || pending.codeExpiresAt <= now.toISOString()) return refuse(TEXT_MESSAGES.codeExpired)
  if (pending.codeAttempts >= MAX_NUMBER_CODE_TRIES) return refuse(TEXT_MESSAGES.codeUsedUp)
  if (!sameHash(pending.codeHash, hashNumberCode({ profileId, phone: pending.phone }, typed))) {
    const left = MAX_NUMBER_CODE_TRIES - countWrongTextCode(pending.id)
    return refuse(left > 0 ? TEXT_MESSAGES.codeWrong(countOf(left, 'try', 'tries')) : TEXT_MESSAGES.codeUsedUp)
  }
  const [confirmed] = confirmTextConsents({ consentId: pending.id }, 'code', now)
  // Confirmed a moment ago by a YES or another tab: the number is the customer's either way (and was told so then).
  if (confirmed) await textSignedUp(confirmed)
  return confirmed ?? textConsentOf(profileId) ?? refuse(TEXT_MESSAGES.noCodeWaiting)
}

/** Once a number is confirmed (by its code or a YES), one text tells it what it signed up for and how to stop. */
async function textSignedUp(consent: TextConsent) {
  await sendText({
    profileId: consent.profileId,
    claimId: null,
    to: consent.phone,
    kind: 'texts_confirmed',
    body: TEXT_MESSAGES.confirmedText,
    whenCapped: 'queue',
  })
}

// --- replies -----------------------------------------------------------------------------------------------------

/**
 * A reply that reached the signed webhook, honoured at once: a stop in any words (app/domain/texts.ts `replyKeyword`)
 * ends texts to that number and is confirmed by one text, HELP is answered with
 * the support line, YES (or START) confirms a number waiting for its code while the code works, anything else is only
 * kept. The same message delivered again (its id already seen) is a replay: 'replayed', and nothing is done twice.
 * START does not turn texts back on by itself: that takes a new consent on the dashboard, whose code text asks for it.
 */
export async function handleTextReply(input: { messageSid: string; from: string; body: string; optOutType?: string }, now = new Date()) {
  const keyword = replyKeyword(input.body)
  const fresh = db()
    .insert(textReplies)
    .values({ messageSid: input.messageSid, fromPhone: input.from, keyword, receivedAt: now.toISOString() })
    .onConflictDoNothing()
    .run().changes
  if (!fresh) return { outcome: 'replayed' as const }
  if (keyword === 'stop') {
    const stopped = stopTexts({ phone: input.from, source: 'stop_reply' }, now)
    // One confirmation, and only for a stop that ended something: Twilio has sent its own for its single words.
    if (stopped > 0 && !providerConfirmedStop(input.body, input.optOutType)) {
      await sendText(
        { profileId: null, claimId: null, to: input.from, kind: 'stop_confirmed', body: TEXT_MESSAGES.stopConfirmed, whenCapped: 'queue' },
        now,
      )
    }
    return { outcome: 'stopped' as const, stopped }
  }
  if (keyword === 'help') {
    const config = env()
    await sendText(
      {
        profileId: null,
        claimId: null,
        to: input.from,
        kind: 'help',
        body: TEXT_MESSAGES.help(formatPhone(config.SUPPORT_PHONE), config.SUPPORT_EMAIL),
        whenCapped: 'queue',
      },
      now,
    )
    return { outcome: 'helped' as const }
  }
  if (keyword === 'start') {
    const confirmed = confirmTextConsents(
      { phone: input.from, codeValidAt: now.toISOString(), maxAttempts: MAX_NUMBER_CODE_TRIES },
      'yes_reply',
      now,
    )
    for (const consent of confirmed) await textSignedUp(consent)
    if (confirmed.length > 0) return { outcome: 'confirmed' as const, confirmed: confirmed.length }
  }
  return { outcome: 'kept' as const }
}
