import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm'

import { cancelTerms, renewalTerms } from '~/content/contract'
import { contractDisclosures } from '~/content/disclosures'
import { ESIGN_DISCLOSURE_VERSION } from '~/content/esign'
import { RENEWAL_TERMS_VERSION } from '~/content/renewal-consent'
import { TEXTS_CONSENT_VERSION } from '~/content/texts-consent'
import { type Db, db, transaction } from '~/db/client.server'
import {
  type ConsentFacts,
  consentRecords,
  policies,
  type Policy,
  type Profile,
  profiles,
  type TEXT_CONFIRM_SOURCES,
  type TextConsent,
  textConsents,
} from '~/db/schema'
import { formatDollars, formatLongDate } from '~/domain/format'
import type { LetterContent } from '~/domain/letters'
import { adminCustomerPath, contractPath } from '~/domain/paths'
import { planName, pricePer } from '~/domain/plans'
import { DAY_MS } from '~/domain/time'
import { esignWithdrawnEmail } from '~/emails/privacy'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { operatorAddresses } from '~/models/claims/claims.server'
import { recordAudit } from '~/models/operations/audit.server'
import { BATCH_SIZE, yieldToRequests } from '~/models/operations/batches.server'
import { postLetter } from '~/models/people/letters.server'
import { contractProvider, contractWording } from '~/models/policies/contract.server'
import { sendEmail } from '~/services/email.server'
import { toCsv } from '~/utils/csv'

/**
 * Consent records: what a buyer expressly agreed to at signup (the automatic-renewal terms and electronic delivery),
 * one per policy, written with the policy from the checkout (app/models/policies/fulfilment.server.ts). California's automatic-
 * renewal law asks to keep them three years; they stay after the account is deleted, anonymised, and a daily job
 * removes them three years after the policy ended (docs/decisions/049).
 */

/** How long a record is kept after its policy ended. */
export const CONSENT_RETENTION_MS = 3 * 365 * DAY_MS

/** Writes the policy's record inside the transaction that creates the policy. */
export function recordConsent(
  tx: Db,
  input: {
    policyId: string
    profileId: string
    tosVersion: string
    priceCents: number
    governingState: string | null
    consent: ConsentFacts
  },
) {
  tx.insert(consentRecords)
    .values({
      policyId: input.policyId,
      profileId: input.profileId,
      tosVersion: input.tosVersion,
      priceCents: input.priceCents,
      renewalTermsVersion: input.consent.renewalTermsVersion,
      esignVersion: input.consent.esignVersion,
      governingState: input.governingState,
      consentedAt: input.consent.consentedAt,
      clientIp: input.consent.clientIp,
      userAgent: input.consent.userAgent,
    })
    .onConflictDoNothing()
    .run()
}

/**
 * An account is deleted: its records stay (the law asks to keep them) without the link to the profile and without
 * the address; what was shown, the state, the time and the browser remain. Those of `keptPolicyIds` stay whole, the
 * verification a state's law requires until their day (app/models/people/kept-records.server.ts). Called inside the
 * deletion's transaction.
 */
export function anonymiseConsentRecords(tx: Db, profileId: string, now = new Date(), keptPolicyIds: string[] = []) {
  tx.update(consentRecords)
    .set({ profileId: null, clientIp: null, anonymisedAt: now.toISOString() })
    .where(
      keptPolicyIds.length
        ? and(eq(consentRecords.profileId, profileId), notInArray(consentRecords.policyId, keptPolicyIds))
        : eq(consentRecords.profileId, profileId),
    )
    .run()
  // Texts end with the account; the consent stays as the record of what was agreed, without the link and the address.
  tx.update(textConsents)
    .set({
      stoppedAt: sql`coalesce(${textConsents.stoppedAt}, ${now.toISOString()})`,
      stoppedBy: sql`coalesce(${textConsents.stoppedBy}, 'customer')`,
    })
    .where(eq(textConsents.profileId, profileId))
    .run()
  // The number goes with the account (the profile's phone is cleared too); the consent's wording and times stay.
  tx.update(textConsents).set({ profileId: null, clientIp: null, phone: '' }).where(eq(textConsents.profileId, profileId)).run()
}

/** The daily job: removes the records whose policy ended more than three years ago, a batch at a time. */
export async function purgeExpiredConsentRecords(now = new Date()) {
  const cutoff = new Date(now.getTime() - CONSENT_RETENTION_MS).toISOString()
  let purged = 0
  for (;;) {
    // From the ended policies' index to each one's records: never a pass over every consent record.
    const ended = db()
      .select({ id: policies.id })
      .from(policies)
      .where(and(isNotNull(policies.canceledAt), lt(policies.canceledAt, cutoff)))
    const ids = db()
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .where(inArray(consentRecords.policyId, ended))
      .limit(BATCH_SIZE)
      .all()
      .map((row) => row.id)
    if (ids.length === 0) return purged
    purged += db().delete(consentRecords).where(inArray(consentRecords.id, ids)).run().changes
    await yieldToRequests()
  }
}

export const CONSENT_CSV_COLUMNS = [
  'Policy',
  'Customer e-mail',
  'State',
  'Consented at (UTC)',
  'Terms version',
  'Monthly price (USD)',
  'Renewal terms version',
  'E-sign disclosure version',
  'Client IP',
  'Browser',
  'Policy ended (UTC)',
  'Anonymised at (UTC)',
] as const

/**
 * Every record as CSV (in a stable order, by id), read a page at a time so a long list never sits in memory whole (the operator's
 * download at /admin/states/consents.csv).
 */
export function consentRecordsCsv(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after = ''
  let first = true
  return new ReadableStream({
    async pull(controller) {
      if (first) {
        first = false
        controller.enqueue(encoder.encode(toCsv([CONSENT_CSV_COLUMNS])))
        return
      }
      const rows = db()
        .select({
          id: consentRecords.id,
          policyId: consentRecords.policyId,
          email: profiles.email,
          state: consentRecords.governingState,
          consentedAt: consentRecords.consentedAt,
          tosVersion: consentRecords.tosVersion,
          priceCents: consentRecords.priceCents,
          renewal: consentRecords.renewalTermsVersion,
          esign: consentRecords.esignVersion,
          ip: consentRecords.clientIp,
          userAgent: consentRecords.userAgent,
          endedAt: policies.canceledAt,
          anonymisedAt: consentRecords.anonymisedAt,
        })
        .from(consentRecords)
        .leftJoin(profiles, eq(profiles.id, consentRecords.profileId))
        .leftJoin(policies, eq(policies.id, consentRecords.policyId))
        .where(gt(consentRecords.id, after))
        .orderBy(asc(consentRecords.id))
        .limit(BATCH_SIZE)
        .all()
      if (rows.length === 0) {
        controller.close()
        return
      }
      after = rows.at(-1)!.id
      controller.enqueue(
        encoder.encode(
          toCsv(
            rows.map((row) => [
              row.policyId,
              row.email ?? '',
              row.state ?? '',
              row.consentedAt.replace('T', ' ').slice(0, 19),
              row.tosVersion,
              formatDollars(row.priceCents),
              row.renewal,
              row.esign,
              row.ip ?? '',
              row.userAgent ?? '',
              row.endedAt ? row.endedAt.replace('T', ' ').slice(0, 19) : '',
              row.anonymisedAt ? row.anonymisedAt.replace('T', ' ').slice(0, 19) : '',
            ]),
          ),
        ),
      )
      await yieldToRequests()
    },
  })
}

/**
 * The customer withdraws their consent to electronic delivery (/customer/privacy): recorded with its time and audited,
 * the operator is e-mailed (to check the mailing address), and the plan documents go out on paper through the postal
 * adapter, as every notice does from now on. A second time changes nothing. Returns the time.
 */
export async function withdrawEsignConsent(profile: Pick<Profile, 'id' | 'email' | 'fullName'>, now = new Date()) {
  const withdrawnAt = transaction((tx) => {
    const current = tx.select({ at: profiles.esignWithdrawnAt }).from(profiles).where(eq(profiles.id, profile.id)).get()
    if (current?.at) return null
    const at = now.toISOString()
    tx.update(profiles).set({ esignWithdrawnAt: at }).where(eq(profiles.id, profile.id)).run()
    recordAudit(tx, { actor: profile.id, action: 'profile.esign_withdrawn', entityId: profile.id, detail: { withdrawnAt: at } })
    return at
  })
  if (!withdrawnAt) return null
  const owned = db().select().from(policies).where(eq(policies.profileId, profile.id)).all()
  try {
    const message = await esignWithdrawnEmail({
      customer: profile.fullName ? `${profile.fullName} <${profile.email}>` : profile.email,
      withdrawnOn: formatLongDate(withdrawnAt),
      policies: owned.map((policy) => `${planName(policy)}, ${policy.id}`),
      customerUrl: `${env().APP_URL}${adminCustomerPath(profile.id)}`,
    })
    for (const to of operatorAddresses()) await sendEmail({ to, ...message, tag: 'esign-withdrawn-operator' })
  } catch (error) {
    // The withdrawal is recorded and audited (the activity page lists it); a lost e-mail must not undo it.
    logger.error({ profileId: profile.id, err: error }, 'e-sign withdrawal e-mail to the operator failed')
  }
  // The paper copies start with the plan documents of each plan still running, through the postal adapter (held until
  // the operator records a mailing address, which the e-mail above asks for).
  for (const policy of owned.filter((row) => row.status !== 'canceled')) {
    await postLetter(
      { profileId: profile.id, policyId: policy.id, template: 'paper-copy', content: planDocumentsLetter(policy, now), certified: false },
      now,
    )
  }
  return withdrawnAt
}

/** The plan documents on paper: the plan, its price, renewal and cancelling, and the contract's disclosures. */
function planDocumentsLetter(policy: Policy, now: Date): LetterContent {
  const wording = contractWording(policy)
  return {
    title: `Your plan documents, policy ${policy.policyNumber}`,
    date: formatLongDate(now.toISOString()),
    paragraphs: [
      `${planName(policy)} at ${pricePer(policy.monthlyPriceCents, policy.billingInterval)}, bought on ${formatLongDate(policy.createdAt)}.`,
      ...renewalTerms(wording),
      ...cancelTerms(wording),
      ...contractDisclosures(contractProvider(policy.governingState), policy.governingState).flatMap((block) => [
        block.heading,
        ...block.lines,
      ]),
      `The full terms you accepted (version ${policy.tosVersion}) are at ${env().APP_URL}${contractPath(policy.id)}; write to ${env().SUPPORT_EMAIL} for a printed copy.`,
    ],
  }
}

// --- texts about claims ----------------------------------------------------------------------------------------

/**
 * The customer's consent to texts in force (the newest one not stopped, its number confirmed), or null: then no claim
 * text goes to them. A consent whose number is not confirmed yet is pending (pendingTextConsentOf).
 */
export function textConsentOf(profileId: string): TextConsent | null {
  return (
    db()
      .select()
      .from(textConsents)
      .where(and(eq(textConsents.profileId, profileId), isNull(textConsents.stoppedAt), isNotNull(textConsents.confirmedAt)))
      .orderBy(desc(textConsents.consentedAt))
      .get() ?? null
  )
}

/** The customer's consent waiting for its number to be confirmed by the code texted to it, or null. */
export function pendingTextConsentOf(profileId: string): TextConsent | null {
  return (
    db()
      .select()
      .from(textConsents)
      .where(and(eq(textConsents.profileId, profileId), isNull(textConsents.stoppedAt), isNull(textConsents.confirmedAt)))
      .orderBy(desc(textConsents.consentedAt))
      .get() ?? null
  )
}

/**
 * The customer agrees to texts about their claims at a mobile number (E.164): recorded like the signup consents, with
 * the wording's version, the time, the address and the browser, and audited. It is pending, with the hash of the code
 * texted to the number, until the number is confirmed (confirmTextConsent). Any consent of theirs not stopped (another
 * number, the same one, confirmed or pending) is ended by this one: one number at most is texted, and a new number
 * starts over with its own code.
 */
export function recordTextsConsent(
  input: {
    profileId: string
    phone: string
    clientIp: string | null
    userAgent: string | null
    code: { hash: string; expiresAt: string }
  },
  now = new Date(),
): TextConsent {
  const at = now.toISOString()
  return transaction((tx) => {
    tx.update(textConsents)
      .set({ stoppedAt: at, stoppedBy: 'customer' })
      .where(and(eq(textConsents.profileId, input.profileId), isNull(textConsents.stoppedAt)))
      .run()
    const row = tx
      .insert(textConsents)
      .values({
        profileId: input.profileId,
        phone: input.phone,
        wordingVersion: TEXTS_CONSENT_VERSION,
        consentedAt: at,
        clientIp: input.clientIp,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        codeHash: input.code.hash,
        codeExpiresAt: input.code.expiresAt,
      })
      .returning()
      .get()
    recordAudit(tx, {
      actor: input.profileId,
      action: 'profile.texts_consented',
      entityId: input.profileId,
      detail: { wordingVersion: TEXTS_CONSENT_VERSION, phoneEnding: input.phone.slice(-4) },
    })
    return row
  })
}

/** A new code texted for a pending consent: its hash and expiry replace the last ones, and its wrong tries start at 0. */
export function replaceTextConsentCode(consentId: string, code: { hash: string; expiresAt: string }) {
  return db()
    .update(textConsents)
    .set({ codeHash: code.hash, codeExpiresAt: code.expiresAt, codeAttempts: 0 })
    .where(and(eq(textConsents.id, consentId), isNull(textConsents.stoppedAt), isNull(textConsents.confirmedAt)))
    .run().changes
}

/** One more wrong code typed for a pending consent; returns the wrong codes typed so far. */
export function countWrongTextCode(consentId: string): number {
  const row = db()
    .update(textConsents)
    .set({ codeAttempts: sql`${textConsents.codeAttempts} + 1` })
    .where(eq(textConsents.id, consentId))
    .returning({ attempts: textConsents.codeAttempts })
    .get()
  return row?.attempts ?? 0
}

/**
 * The pending consents `where` picks are confirmed: by the code typed on the texts page ('code') or a YES replied from
 * the number ('yes_reply'). Only a consent still pending changes (of two confirmations at once, one wins); the code's
 * hash goes, and each one is audited. Returns the consents confirmed.
 */
export function confirmTextConsents(
  where: { consentId: string } | { phone: string; codeValidAt: string; maxAttempts: number },
  by: (typeof TEXT_CONFIRM_SOURCES)[number],
  now = new Date(),
): TextConsent[] {
  const at = now.toISOString()
  return transaction((tx) => {
    const confirmed = tx
      .update(textConsents)
      .set({ confirmedAt: at, confirmedBy: by, codeHash: null, codeExpiresAt: null })
      .where(
        and(
          isNull(textConsents.stoppedAt),
          isNull(textConsents.confirmedAt),
          'consentId' in where
            ? eq(textConsents.id, where.consentId)
            : and(
                eq(textConsents.phone, where.phone),
                gt(textConsents.codeExpiresAt, where.codeValidAt),
                lt(textConsents.codeAttempts, where.maxAttempts),
              ),
        ),
      )
      .returning()
      .all()
    for (const consent of confirmed) {
      if (!consent.profileId) continue
      recordAudit(tx, {
        actor: consent.profileId,
        action: 'profile.texts_confirmed',
        entityId: consent.profileId,
        detail: { by, phoneEnding: consent.phone.slice(-4) },
      })
    }
    return confirmed
  })
}

/**
 * Texts end: the customer turned them off on the dashboard ('customer'), or a STOP reply came from the number
 * ('stop_reply', every consent in force for that number). A pending consent ends the same way. Audited per account; returns how many consents ended.
 */
export function stopTexts(
  by: { profileId: string; source: 'customer' } | { phone: string; source: 'stop_reply' },
  now = new Date(),
): number {
  const at = now.toISOString()
  return transaction((tx) => {
    const ended = tx
      .update(textConsents)
      .set({ stoppedAt: at, stoppedBy: by.source })
      .where(
        and(
          isNull(textConsents.stoppedAt),
          'profileId' in by ? eq(textConsents.profileId, by.profileId) : eq(textConsents.phone, by.phone),
        ),
      )
      .returning({ profileId: textConsents.profileId })
      .all()
    for (const { profileId } of ended) {
      if (!profileId) continue
      recordAudit(tx, {
        actor: profileId,
        action: 'profile.texts_stopped',
        entityId: profileId,
        detail: { by: by.source },
      })
    }
    return ended.length
  })
}

/**
 * What the buyer consented to (the signup form, the JSON checkout, a next owner's acceptance): the texts' versions
 * shown, the time, and who sent it (`clientOf` in app/server/server-facts.server.ts). It travels with the checkout to
 * the policy's consent record.
 */
export function consentFacts(client: { clientIp: string | null; userAgent: string | null }, now = new Date()): ConsentFacts {
  return {
    renewalTermsVersion: RENEWAL_TERMS_VERSION,
    esignVersion: ESIGN_DISCLOSURE_VERSION,
    consentedAt: now.toISOString(),
    clientIp: client.clientIp,
    userAgent: client.userAgent,
  }
}
