import { and, asc, desc, eq, ne } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { partnerGroups, type ShopApplication, shopApplications, shopStaff } from '~/db/schema'
import type { EmailTag } from '~/domain/audit'
import { RuleError } from '~/domain/errors'
import { SHOP_APPLICATION_MESSAGES } from '~/domain/messages'
import { applicationApprovedEmail, applicationDeclinedEmail, applicationReceivedEmail } from '~/emails/shop-application'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { createPartnerGroup, createPartnerLocation, slugTaken } from '~/models/shops/partners.server'
import { addShopStaff } from '~/models/shops/shop-staff.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'
import type { ShopApplicationInput } from '~/validation/shop-applications'

/**
 * Shops applying to join the network: the public page files an application, the operator approves it (creating the
 * partner group, its locations and the applicant as its staff, through the partner models) or declines it with a
 * reason. Every step is audited and the applicant is e-mailed.
 */

/** How many decided applications the review page lists under the pending ones. */
const DECIDED_SHOWN = 50

export async function submitShopApplication(input: ShopApplicationInput) {
  const application = transaction((tx) => {
    const row = tx
      .insert(shopApplications)
      .values({ ...input, email: input.email.toLowerCase() })
      .returning()
      .get()
    recordAudit(tx, { actor: 'public', action: 'shop_application.received', entityId: row.id, detail: { businessName: row.businessName } })
    return row
  })
  await mail(
    application,
    await applicationReceivedEmail({ businessName: application.businessName, supportEmail: env().PARTNER_EMAIL }),
    'shop-application-received',
  )
  return application
}

/** The review list: every pending application oldest first, then the latest decided ones. */
export function shopApplicationsForReview() {
  const pending = db()
    .select()
    .from(shopApplications)
    .where(eq(shopApplications.status, 'pending'))
    .orderBy(asc(shopApplications.createdAt))
    .all()
  const decided = db()
    .select()
    .from(shopApplications)
    .where(ne(shopApplications.status, 'pending'))
    .orderBy(desc(shopApplications.decidedAt))
    .limit(DECIDED_SHOWN)
    .all()
  return { pending, decided }
}

function pendingApplication(id: string) {
  const row = db().select().from(shopApplications).where(eq(shopApplications.id, id)).get()
  if (!row) notFound()
  if (row.status !== 'pending') throw alreadyDecided()
  return row
}

const alreadyDecided = () =>
  RuleError.from({ title: 'Already decided', description: SHOP_APPLICATION_MESSAGES.notPending }, { status: 409 })

/** Records the operator's decision on a pending application; refused (409) when another decision got there first. */
function recordDecision(
  tx: Db,
  input: { id: string; actorId: string },
  decision: { status: 'approved'; partnerGroupId: string } | { status: 'declined'; declineReason: string },
  now: Date,
) {
  const changed = tx
    .update(shopApplications)
    .set({ ...decision, decidedAt: now.toISOString(), decidedBy: input.actorId })
    .where(and(eq(shopApplications.id, input.id), eq(shopApplications.status, 'pending')))
    .run().changes
  if (!changed) throw alreadyDecided()
}

/** A location's signup slug from its name, made unique with a number when taken ('wasatch-glass-ogden-2'). */
function freeSlug(name: string) {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'shop'
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`
    if (!slugTaken(slug)) return slug
  }
}

/**
 * Approves a pending application in one transaction: the group (the applicant's e-mail and phone), each location (with
 * the services applied for) and the applicant as the group's staff, unless that address is staff elsewhere already.
 * Idempotent: the application's state is read inside the write transaction (which holds the write lock from its start),
 * so a second approval, a double click or two posts at once, finds it approved and answers with the group the first
 * created (`created: false`), creating and e-mailing nothing. A declined application is refused (409).
 */
export async function approveShopApplication(input: { id: string; actorId: string }, now = new Date()) {
  const outcome = transaction((tx) => {
    const application = tx.select().from(shopApplications).where(eq(shopApplications.id, input.id)).get()
    if (!application) notFound()
    if (application.status === 'approved' && application.partnerGroupId) {
      const earlier = tx.select().from(partnerGroups).where(eq(partnerGroups.id, application.partnerGroupId)).get()
      if (earlier) return { application, group: earlier, created: false }
    }
    if (application.status !== 'pending') throw alreadyDecided()
    const created = createPartnerGroup(input.actorId, {
      name: application.businessName,
      email: application.email,
      phone: application.phone,
    })
    for (const location of application.locations) {
      createPartnerLocation(input.actorId, {
        partnerGroupId: created.id,
        name: location.name,
        slug: freeSlug(`${application.businessName} ${location.city}`),
        address: location.address,
        city: location.city,
        state: location.state,
        zip: location.zip,
        phone: application.phone,
        mobileService: application.mobileService,
        offersChipRepair: application.offersChipRepair,
        offersReplacement: application.offersReplacement,
        offersCalibration: application.offersCalibration,
      })
    }
    const alreadyStaff = tx.select({ id: shopStaff.id }).from(shopStaff).where(eq(shopStaff.email, application.email)).get()
    if (!alreadyStaff) addShopStaff(input.actorId, created.id, application.email)
    recordDecision(tx, input, { status: 'approved', partnerGroupId: created.id }, now)
    recordAudit(tx, {
      actor: input.actorId,
      action: 'shop_application.approved',
      entityId: application.id,
      detail: { partnerGroupId: created.id, locations: application.locations.length, staffAdded: !alreadyStaff },
    })
    return { application, group: created, created: true }
  })
  if (!outcome.created) return { group: outcome.group, created: false }
  const { application } = outcome
  await mail(
    application,
    await applicationApprovedEmail({
      businessName: application.businessName,
      signInUrl: `${env().APP_URL}/auth`,
      locations: application.locations.map((location) => `${location.name}, ${location.city}, ${location.state}`),
    }),
    'shop-application-approved',
  )
  return { group: outcome.group, created: true }
}

export async function declineShopApplication(input: { id: string; actorId: string; reason: string }, now = new Date()) {
  const application = pendingApplication(input.id)
  transaction((tx) => {
    recordDecision(tx, input, { status: 'declined', declineReason: input.reason }, now)
    recordAudit(tx, {
      actor: input.actorId,
      action: 'shop_application.declined',
      entityId: application.id,
      detail: { reason: input.reason },
    })
  })
  await mail(
    application,
    await applicationDeclinedEmail({ businessName: application.businessName, reason: input.reason, supportEmail: env().PARTNER_EMAIL }),
    'shop-application-declined',
  )
  return application
}

/** The applicant's e-mail; a failure is logged (the decision stands and is audited; the e-mail log shows the miss). */
async function mail(application: ShopApplication, message: { subject: string; html: string; text: string }, tag: EmailTag) {
  try {
    await sendEmail({ to: application.email, ...message, tag, profileId: null })
  } catch (error) {
    logger.error({ applicationId: application.id, err: error }, 'shop application e-mail failed')
  }
}
