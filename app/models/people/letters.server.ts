import { and, desc, eq, lt, ne } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import { type Letter, letters, policies, profiles, providerCancelNotices } from '~/db/schema'
import {
  contentAtMailing,
  LETTER_MAX_ATTEMPTS,
  type LetterContent,
  letterHoldReason,
  type LetterTemplate,
  type MailingAddress,
  normalizeMailingAddress,
  parseMailingAddress,
} from '~/domain/letters'
import { ADDRESS_MESSAGES, type FieldErrors } from '~/domain/messages'
import { stateName } from '~/domain/state-rules'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { mailTransport } from '~/services/mail.server'
import { zipPlace } from '~/services/zip-centroids.server'

/**
 * Paper letters, each recorded (recipient, template, certified or not, provider, tracking number, cost): posted through
 * the postal adapter at once; one the provider refuses is kept failed and retried by the daily job, and the operator
 * sees it on the customer's page; one for a customer with no mailing address is held until they have one.
 */

export type LetterInput = {
  profileId: string
  policyId: string | null
  template: LetterTemplate
  content: LetterContent
  certified: boolean
  /** A notice whose window had passed: posted at once and flagged. */
  late?: boolean
}

/** Records a letter and posts it. Never throws: a refusal stays on the row (failed) for the retry and the operator. */
export async function postLetter(input: LetterInput, now = new Date()): Promise<Letter> {
  const profile = db().select({ mailingAddress: profiles.mailingAddress }).from(profiles).where(eq(profiles.id, input.profileId)).get()
  const address = parseMailingAddress(profile?.mailingAddress)
  const row = db()
    .insert(letters)
    .values({
      id: createId(),
      profileId: input.profileId,
      policyId: input.policyId,
      template: input.template,
      recipient: address ? JSON.stringify(address) : null,
      content: JSON.stringify(input.content),
      certified: input.certified,
      provider: env().mail,
      status: address ? 'pending' : 'held',
      late: input.late ?? false,
      createdAt: now.toISOString(),
    })
    .returning()
    .get()
  if (!address) {
    logger.warn({ letterId: row.id, profileId: input.profileId }, 'a letter is held: the customer has no mailing address')
    return row
  }
  return send(row, now)
}

async function send(row: Letter, now: Date): Promise<Letter> {
  const address = parseMailingAddress(row.recipient)!
  const config = env()
  // Dated the day it is posted, and a date counted from the mailing filled in from it (domain/letters).
  const content = contentAtMailing(JSON.parse(row.content) as LetterContent, now)
  try {
    const transport = await mailTransport()
    const posted = await transport.send({
      id: row.id,
      template: row.template,
      to: address,
      from: { name: config.PROVIDER_NAME, address: config.PROVIDER_ADDRESS },
      content,
      certified: row.certified,
    })
    return db()
      .update(letters)
      .set({
        status: 'sent',
        content: JSON.stringify(content),
        mailedAt: posted.mailedAt ?? now.toISOString(),
        provider: transport.name,
        attempts: row.attempts + 1,
        lastError: null,
        providerLetterId: posted.providerLetterId,
        trackingNumber: posted.trackingNumber,
        costCents: posted.costCents,
        sentAt: now.toISOString(),
      })
      .where(eq(letters.id, row.id))
      .returning()
      .get()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    logger.error({ letterId: row.id, template: row.template, err: error }, 'a letter was refused by the mail provider')
    return db()
      .update(letters)
      .set({ status: 'failed', attempts: row.attempts + 1, lastError: reason.slice(0, 500) })
      .where(eq(letters.id, row.id))
      .returning()
      .get()
  }
}

/**
 * The daily retry: letters the provider refused (up to LETTER_MAX_ATTEMPTS tries), and held letters whose customer now
 * has a mailing address. Returns how many were posted on this run.
 */
export async function retryLetters(now = new Date(), profileId?: string): Promise<number> {
  const due = db()
    .select({ letter: letters, mailingAddress: profiles.mailingAddress })
    .from(letters)
    .leftJoin(profiles, eq(profiles.id, letters.profileId))
    .where(
      and(
        ne(letters.status, 'sent'),
        ne(letters.status, 'pending'),
        lt(letters.attempts, LETTER_MAX_ATTEMPTS),
        profileId ? eq(letters.profileId, profileId) : undefined,
      ),
    )
    .all()
  let posted = 0
  for (const { letter, mailingAddress } of due) {
    let row = letter
    if (row.status === 'held') {
      const address = parseMailingAddress(mailingAddress)
      if (!address) continue
      row = db()
        .update(letters)
        .set({ recipient: JSON.stringify(address), status: 'pending' })
        .where(eq(letters.id, row.id))
        .returning()
        .get()
    }
    if ((await send(row, now)).status === 'sent') posted += 1
  }
  return posted
}

/** A customer's letters, newest first, for the operator's customer page. */
export function lettersOf(profileId: string) {
  return db().select().from(letters).where(eq(letters.profileId, profileId)).orderBy(desc(letters.createdAt)).all()
}

/** The letters not posted yet, oldest first, with why: held for an address, or refused by the mail provider. */
export function unsentLetters(profileId?: string) {
  return db()
    .select({
      letter: letters,
      email: profiles.email,
      fullName: profiles.fullName,
      policyNumber: policies.policyNumber,
      cancellation: providerCancelNotices.policyId,
    })
    .from(letters)
    .leftJoin(profiles, eq(profiles.id, letters.profileId))
    .leftJoin(policies, eq(policies.id, letters.policyId))
    .leftJoin(providerCancelNotices, eq(providerCancelNotices.letterId, letters.id))
    .where(and(ne(letters.status, 'sent'), profileId ? eq(letters.profileId, profileId) : undefined))
    .orderBy(letters.createdAt)
    .all()
    .map(({ letter, email, fullName, policyNumber, cancellation }) => ({
      ...letter,
      customer: email ? { email, fullName } : null,
      policyNumber,
      reason: letterHoldReason(letter),
      /** A provider's cancellation waits for it: the policy does not end until it is mailed. */
      holdsCancellation: cancellation !== null,
    }))
}

/** The customer's mailing address, or null while they have given none. */
export function mailingAddressOf(profileId: string): MailingAddress | null {
  const profile = db().select({ mailingAddress: profiles.mailingAddress }).from(profiles).where(eq(profiles.id, profileId)).get()
  return parseMailingAddress(profile?.mailingAddress)
}

/** How many of the customer's letters wait for their mailing address (the dashboard asks for it while any do). */
export function heldLetterCount(profileId: string): number {
  return db()
    .select({ id: letters.id })
    .from(letters)
    .where(and(eq(letters.profileId, profileId), eq(letters.status, 'held')))
    .all().length
}

/**
 * Why a US mailing address cannot be used, by field: a ZIP that does not exist, or one in another state than the one
 * chosen (the form's schema checked the rest). Null when it can.
 */
export function mailingAddressRefusal(address: Pick<MailingAddress, 'state' | 'zip'>): FieldErrors | null {
  const place = zipPlace(address.zip.slice(0, 5))
  if (!place) return { zip: [ADDRESS_MESSAGES.unknownZip] }
  if (place.state !== address.state) return { zip: [ADDRESS_MESSAGES.zipInOtherState(stateName(place.state))] }
  return null
}

/**
 * Records where a customer's paper mail goes (audited), in USPS's form (`normalizeMailingAddress`), and posts the
 * letters held for want of it. Returns how many were posted.
 */
export async function setMailingAddress(actorId: string, profileId: string, given: MailingAddress, now = new Date()) {
  const address = normalizeMailingAddress(given)
  transaction((tx) => {
    tx.update(profiles)
      .set({ mailingAddress: JSON.stringify(address) })
      .where(eq(profiles.id, profileId))
      .run()
    recordAudit(tx, { actor: actorId, action: 'profile.mailing_address_set', entityId: profileId, detail: { state: address.state } })
  })
  return retryLetters(now, profileId)
}
