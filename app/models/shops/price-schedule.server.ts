import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import {
  type Claim,
  claims,
  partnerGroups,
  policies,
  priceScheduleAnswers,
  priceScheduleNotices,
  priceSchedules,
  shopStaff,
} from '~/db/schema'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { amountPaidCents } from '~/domain/invoice'
import { PRICE_SCHEDULE_MESSAGES } from '~/domain/messages'
import {
  earliestScheduleDay,
  jobPriceCents,
  jobPriceLines,
  pendingVersion,
  type PricedJob,
  SCHEDULE_SERVICE_LABELS,
  SCHEDULE_SERVICES,
  type ScheduleAmounts,
  scheduleEffectiveAt,
  versionInForce,
} from '~/domain/price-schedule'
import { priceScheduleEmail } from '~/emails/price-schedule'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { yieldToRequests } from '~/models/operations/batches.server'
import { sendEmail } from '~/services/email.server'

/**
 * The network's price schedule for shops (decision 087): the operator publishes versions, each group accepts or refuses
 * them, only a group that accepted the version in force is offered new jobs, and a job's price is fixed at completion.
 */

export type PriceSchedule = typeof priceSchedules.$inferSelect

type Reader = Pick<Db, 'select'>

/** Every published version, the newest first (there are a handful: one every month or so at most). */
export function listSchedules(database: Reader = db()): PriceSchedule[] {
  return database.select().from(priceSchedules).orderBy(desc(priceSchedules.version)).all()
}

/** The version in force at `now`, or null before the first is published. */
export function scheduleInForce(now = new Date(), database: Reader = db()) {
  return versionInForce(listSchedules(database), now)
}

export function amountsOf(schedule: PriceSchedule): ScheduleAmounts {
  return Object.fromEntries(SCHEDULE_SERVICES.map((service) => [service, schedule[service]])) as ScheduleAmounts
}

/** 'Chip repair: $60.00', one line per service. */
export function scheduleLines(schedule: ScheduleAmounts) {
  return SCHEDULE_SERVICES.map((service) => `${SCHEDULE_SERVICE_LABELS[service]}: ${formatPrice(schedule[service])}`)
}

/**
 * Publishes a version. The first takes effect at once; a later one on the day chosen, at least 30 days on. Audited, then
 * e-mailed to every active group's staff.
 */
export async function publishSchedule(input: { actorId: string; amounts: ScheduleAmounts; effectiveOn: string | null }, now = new Date()) {
  const schedule = transaction((tx) => {
    const latest = tx.select({ version: priceSchedules.version }).from(priceSchedules).orderBy(desc(priceSchedules.version)).get()
    const effectiveAt = scheduleEffectiveAt({ isFirst: !latest, effectiveOn: input.effectiveOn, now })
    if (!effectiveAt) {
      throw RuleError.from(
        { ...PRICE_SCHEDULE_MESSAGES.correct, description: PRICE_SCHEDULE_MESSAGES.effectiveOn(formatLongDate(earliestScheduleDay(now))) },
        { field: 'effectiveOn' },
      )
    }
    const row = tx
      .insert(priceSchedules)
      .values({
        ...input.amounts,
        version: (latest?.version ?? 0) + 1,
        effectiveAt,
        publishedAt: now.toISOString(),
        publishedBy: input.actorId,
      })
      .returning()
      .get()
    recordAudit(tx, {
      actor: input.actorId,
      action: 'price_schedule.published',
      entityId: row.id,
      detail: { version: row.version, effectiveAt, ...input.amounts },
    })
    return row
  })
  await sendScheduleNotice(schedule.id, input.actorId, now)
  return schedule
}

/**
 * E-mails a version to the staff of every active group, once: the notice is claimed on the row before anything is sent,
 * so a second call (a retried request, two at once) sends nothing. Each staff member's e-mail is recorded
 * (price_schedule_notices) and one that fails is tried again by the daily job (`retryScheduleNotices`). Returns how many
 * e-mails went out.
 */
export async function sendScheduleNotice(scheduleId: string, actorId: string, now = new Date()) {
  const claimed = transaction((tx) => {
    const schedule = tx
      .update(priceSchedules)
      .set({ noticeSentAt: now.toISOString() })
      .where(and(eq(priceSchedules.id, scheduleId), isNull(priceSchedules.noticeSentAt)))
      .returning()
      .get()
    if (!schedule) return null
    const staff = tx
      .select({ id: shopStaff.id })
      .from(shopStaff)
      .innerJoin(partnerGroups, eq(partnerGroups.id, shopStaff.partnerGroupId))
      .where(eq(partnerGroups.isActive, true))
      .orderBy(asc(partnerGroups.name), asc(shopStaff.email))
      .all()
    if (staff.length) {
      tx.insert(priceScheduleNotices)
        .values(staff.map((member) => ({ scheduleId: schedule.id, shopStaffId: member.id })))
        .run()
    }
    return { schedule, staff }
  })
  if (!claimed) return 0
  const { schedule, staff } = claimed
  let sent = 0
  for (const member of staff) {
    if (await deliverScheduleNotice(schedule, member.id, now)) sent += 1
  }
  recordAudit(db(), {
    actor: actorId,
    action: 'price_schedule.notice_sent',
    entityId: schedule.id,
    detail: { version: schedule.version, recipients: staff.length, sent },
  })
  return sent
}

/**
 * One try of a staff member's e-mail of a version. The try is claimed first by marking the e-mail sent (and counting the
 * try), so two runs at once send it once; a failed send releases the claim for the daily job. Returns whether it went
 * out.
 */
async function deliverScheduleNotice(schedule: PriceSchedule, shopStaffId: string, now: Date): Promise<boolean> {
  const notice = and(eq(priceScheduleNotices.scheduleId, schedule.id), eq(priceScheduleNotices.shopStaffId, shopStaffId))
  const recipient = db()
    .select({ email: shopStaff.email, group: partnerGroups.name })
    .from(shopStaff)
    .innerJoin(partnerGroups, eq(partnerGroups.id, shopStaff.partnerGroupId))
    .where(and(eq(shopStaff.id, shopStaffId), eq(partnerGroups.isActive, true)))
    .get()
  if (!recipient) return false
  const attempt = db()
    .update(priceScheduleNotices)
    .set({ sentAt: now.toISOString(), attempts: sql`${priceScheduleNotices.attempts} + 1` })
    .where(and(notice, isNull(priceScheduleNotices.sentAt), lt(priceScheduleNotices.attempts, NOTICE_EMAIL_MAX_ATTEMPTS)))
    .returning({ attempts: priceScheduleNotices.attempts })
    .get()
  if (!attempt) return false
  const atOnce = schedule.effectiveAt <= schedule.publishedAt
  const sent = await sendEmail({
    to: recipient.email,
    ...(await priceScheduleEmail({
      partnerGroup: recipient.group,
      version: schedule.version,
      effectiveOn: atOnce ? null : formatLongDate(schedule.effectiveAt),
      lines: scheduleLines(amountsOf(schedule)),
      shopUrl: `${env().APP_URL}/shop#price-schedule`,
      supportEmail: env().SUPPORT_EMAIL,
    })),
    tag: 'price-schedule-notice',
  })
  if (!sent) {
    db().update(priceScheduleNotices).set({ sentAt: null }).where(notice).run()
    // The notice's ids only, never the staff member's address.
    logger.warn(
      { scheduleId: schedule.id, shopStaffId, attempts: attempt.attempts, maxAttempts: NOTICE_EMAIL_MAX_ATTEMPTS },
      'a price schedule notice e-mail failed; the daily job tries it again',
    )
    return false
  }
  return true
}

/**
 * For the daily job: each staff member's e-mail of the version in force or the one waiting that has not gone out, tried
 * once more until NOTICE_EMAIL_MAX_ATTEMPTS tries (a replaced version is not worth telling; a group made inactive is not
 * told). The operator's page counts those still untold. Returns how many went out on this run.
 */
export async function retryScheduleNotices(now = new Date()): Promise<number> {
  const versions = listSchedules()
  const open = [versionInForce(versions, now), pendingVersion(versions, now)].filter((version) => version !== null)
  if (open.length === 0) return 0
  const due = db()
    .select({ scheduleId: priceScheduleNotices.scheduleId, shopStaffId: priceScheduleNotices.shopStaffId })
    .from(priceScheduleNotices)
    .where(
      and(
        inArray(
          priceScheduleNotices.scheduleId,
          open.map((version) => version.id),
        ),
        isNull(priceScheduleNotices.sentAt),
        lt(priceScheduleNotices.attempts, NOTICE_EMAIL_MAX_ATTEMPTS),
      ),
    )
    .all()
  const versionsById = new Map(open.map((version) => [version.id, version]))
  let sent = 0
  for (const { scheduleId, shopStaffId } of due) {
    await yieldToRequests()
    if (await deliverScheduleNotice(versionsById.get(scheduleId)!, shopStaffId, now)) sent += 1
  }
  return sent
}

/** A group's answers, by schedule id. */
function answersOf(groupId: string, database: Reader = db()) {
  const rows = database.select().from(priceScheduleAnswers).where(eq(priceScheduleAnswers.partnerGroupId, groupId)).all()
  return new Map(rows.map((row) => [row.scheduleId, row]))
}

/**
 * The ids of the groups that may be offered new jobs at `now`: those that accepted the version in force. Null when no
 * version is in force yet (nothing to accept: every active group is offered jobs, as before the schedule existed).
 */
export function groupsOfferedJobs(now = new Date(), database: Reader = db()): Set<string> | null {
  const inForce = scheduleInForce(now, database)
  if (!inForce) return null
  const rows = database
    .select({ groupId: priceScheduleAnswers.partnerGroupId })
    .from(priceScheduleAnswers)
    .where(and(eq(priceScheduleAnswers.scheduleId, inForce.id), eq(priceScheduleAnswers.accepted, true)))
    .all()
  return new Set(rows.map((row) => row.groupId))
}

/** What the shop's page shows: the version in force and the one waiting, each with the group's answer. */
export function groupScheduleView(groupId: string, now = new Date()) {
  const versions = listSchedules()
  const answers = answersOf(groupId)
  const view = (schedule: PriceSchedule | null) => {
    if (!schedule) return null
    const answer = answers.get(schedule.id)
    return {
      id: schedule.id,
      version: schedule.version,
      effectiveAt: schedule.effectiveAt,
      lines: SCHEDULE_SERVICES.map((service) => ({ service, label: SCHEDULE_SERVICE_LABELS[service], cents: schedule[service] })),
      answer: answer ? { accepted: answer.accepted, answeredAt: answer.answeredAt } : null,
    }
  }
  const current = view(versionInForce(versions, now))
  return { current, pending: view(pendingVersion(versions, now)), offeredJobs: !current || current.answer?.accepted === true }
}

/**
 * A group's staff member accepts or refuses a version: only the one in force or the one waiting may be answered (an
 * older one is a 409). The answer replaces an earlier one of the group's for that version, and is audited.
 */
export function answerSchedule(
  input: { groupId: string; actorId: string | null; scheduleId: string; accepted: boolean },
  now = new Date(),
) {
  return transaction((tx) => {
    const versions = listSchedules(tx)
    const open = [versionInForce(versions, now), pendingVersion(versions, now)].find((version) => version?.id === input.scheduleId)
    if (!open) throw RuleError.from(PRICE_SCHEDULE_MESSAGES.notOpen, { field: 'scheduleId', status: 409 })
    const answeredAt = now.toISOString()
    tx.insert(priceScheduleAnswers)
      .values({ partnerGroupId: input.groupId, scheduleId: open.id, accepted: input.accepted, answeredAt, answeredBy: input.actorId })
      .onConflictDoUpdate({
        target: [priceScheduleAnswers.partnerGroupId, priceScheduleAnswers.scheduleId],
        set: { accepted: input.accepted, answeredAt, answeredBy: input.actorId },
      })
      .run()
    recordAudit(tx, {
      actor: input.actorId ?? 'system',
      action: input.accepted ? 'partner_group.schedule_accepted' : 'partner_group.schedule_refused',
      entityId: input.groupId,
      detail: { scheduleId: open.id, version: open.version },
    })
    return open
  })
}

/**
 * The version a job is priced by and what it pays: the version the job was given under, or for a job given before any
 * version was in force, the one in force at `now`. Null price when there is none.
 */
export function priceOfJob(
  claim: Pick<Claim, 'priceScheduleId'>,
  job: PricedJob,
  now = new Date(),
  database: Reader = db(),
): { scheduleId: string | null; version: number | null; priceCents: number | null; schedule: ScheduleAmounts | null } {
  const schedule = claim.priceScheduleId
    ? (database.select().from(priceSchedules).where(eq(priceSchedules.id, claim.priceScheduleId)).get() ?? null)
    : scheduleInForce(now, database)
  if (!schedule) return { scheduleId: null, version: null, priceCents: null, schedule: null }
  const amounts = amountsOf(schedule)
  return { scheduleId: schedule.id, version: schedule.version, priceCents: jobPriceCents(amounts, job), schedule: amounts }
}

/** The operator's page: every version (newest first) with each active group's answer to it. */
export function scheduleOverview(now = new Date()) {
  const versions = listSchedules()
  const inForce = versionInForce(versions, now)
  const pending = pendingVersion(versions, now)
  const groups = db()
    .select({ id: partnerGroups.id, name: partnerGroups.name })
    .from(partnerGroups)
    .where(eq(partnerGroups.isActive, true))
    .orderBy(asc(partnerGroups.name))
    .all()
  const answers = db().select().from(priceScheduleAnswers).all()
  // The staff of active groups whose e-mail of a version has not gone out (a handful of rows: the retry clears them).
  const untold = db()
    .select({ scheduleId: priceScheduleNotices.scheduleId, attempts: priceScheduleNotices.attempts })
    .from(priceScheduleNotices)
    .innerJoin(shopStaff, eq(shopStaff.id, priceScheduleNotices.shopStaffId))
    .innerJoin(partnerGroups, eq(partnerGroups.id, shopStaff.partnerGroupId))
    .where(and(isNull(priceScheduleNotices.sentAt), eq(partnerGroups.isActive, true)))
    .all()
  return {
    isFirst: versions.length === 0,
    earliestDay: earliestScheduleDay(now),
    latest: versions[0] ? amountsOf(versions[0]) : null,
    versions: versions.map((schedule) => {
      const replaced = schedule.id !== inForce?.id && schedule.id !== pending?.id
      const unsent = untold.filter((row) => row.scheduleId === schedule.id)
      const answered = new Map(
        answers.filter((answer) => answer.scheduleId === schedule.id).map((answer) => [answer.partnerGroupId, answer]),
      )
      return {
        id: schedule.id,
        version: schedule.version,
        effectiveAt: schedule.effectiveAt,
        publishedAt: schedule.publishedAt,
        state: replaced ? 'Replaced' : schedule.id === inForce?.id ? 'In force' : 'Waiting to take effect',
        lines: scheduleLines(amountsOf(schedule)),
        accepted: groups.filter((group) => answered.get(group.id)?.accepted === true).map((group) => group.name),
        refused: groups.filter((group) => answered.get(group.id)?.accepted === false).map((group) => group.name),
        unanswered: groups.filter((group) => !answered.has(group.id)).map((group) => group.name),
        // A replaced version needs telling no more (nor is it tried).
        ...(replaced
          ? { untold: 0, givenUp: 0 }
          : { untold: unsent.length, givenUp: unsent.filter((row) => row.attempts >= NOTICE_EMAIL_MAX_ATTEMPTS).length }),
      }
    }),
  }
}

/**
 * What a job pays, for the shop before it completes (and after): the version it is priced by and each line that can
 * apply to it — the work for its vehicle class and plan (a repair, or a replacement), each calibration, and the mobile
 * surcharge when it is a mobile visit. Once completed, what it is paid (amountPaidCents). Null when no version applies.
 */
export function jobPriceView(claimId: string, now = new Date()) {
  const row = db()
    .select({ claim: claims, vehicleType: policies.vehicleType, hasAdas: policies.hasAdas })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(eq(claims.id, claimId))
    .get()
  if (!row) return null
  const { claim } = row
  const completed = claim.approvalStatus === 'completed'
  // A job completed before any schedule was published has no price, and a later version must not give it one.
  if (completed && !claim.priceScheduleId) return null
  const mobile = claim.serviceAt === 'mobile'
  const base = { vehicleType: row.vehicleType, hasAdas: Boolean(row.hasAdas), mobile: false, adasCalibration: 'none' as const }
  const priced = priceOfJob(claim, { ...base, repairType: 'repair' }, now)
  if (!priced.schedule || priced.version === null) return null
  const schedule = priced.schedule
  const work = (repairType: 'repair' | 'replacement') => jobPriceLines(schedule, { ...base, repairType })[0]!
  return {
    version: priced.version,
    // Once completed, the one amount the job is paid (the payouts and the remittance show the same), not the schedule's
    // price, which is only the invoice's ceiling.
    paidCents: completed ? amountPaidCents(claim) : null,
    lines: [
      { key: 'repair', label: SCHEDULE_SERVICE_LABELS[work('repair').service], cents: work('repair').cents },
      { key: 'replacement', label: SCHEDULE_SERVICE_LABELS[work('replacement').service], cents: work('replacement').cents },
      { key: 'static', label: `+ ${SCHEDULE_SERVICE_LABELS.calibrationStatic}`, cents: schedule.calibrationStatic },
      { key: 'dynamic', label: `+ ${SCHEDULE_SERVICE_LABELS.calibrationDynamic}`, cents: schedule.calibrationDynamic },
      ...(mobile
        ? [{ key: 'mobile', label: `+ ${SCHEDULE_SERVICE_LABELS.mobileSurcharge} (this is a mobile job)`, cents: schedule.mobileSurcharge }]
        : []),
    ],
  }
}
