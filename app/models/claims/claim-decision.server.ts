import { and, count, eq, gte, inArray, isNotNull, isNull, ne } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type Claim, claimDocuments, claimFlags, claims, decisionSettings, policies, policyPhotos } from '~/db/schema'
import { dayOf, startOfDayIn } from '~/domain/calendar'
import { damageWithinGuarantee, REVERSAL_GROUND_LABELS, type ReversalGround } from '~/domain/claims'
import { damageAnswersOf } from '~/domain/damage-answers'
import {
  type AutomaticApprovalMode,
  decideClaim,
  type DecisionFacts,
  DEFAULT_AUTOMATIC_APPROVAL_MODE,
  DEFAULT_DAILY_CAP,
  rulesActor,
} from '~/domain/decision-rules'
import { RuleError } from '~/domain/errors'
import { RULES_DECISION_MESSAGES } from '~/domain/messages'
import { photoGenerationOfClaim } from '~/domain/policies'
import { REQUIRED_PHOTO_TYPES } from '~/domain/uploads'
import { logger } from '~/logger.server'
import { denialBy, notifyDenied } from '~/models/claims/claim-review.server'
import { replacementsLeft } from '~/models/claims/claims.server'
import { recordAudit } from '~/models/operations/audit.server'
import { notFound } from '~/utils/refusal'

/**
 * The published decision rules at work: run once, right after a claim and its photos are written, and the operator's
 * settings for them. The rules only approve; a claim they do not approve stays in the queue with the reasons.
 */

// --- the operator's settings ------------------------------------------------------------------------------------

export type DecisionSettings = { automaticApproval: AutomaticApprovalMode; dailyCap: number }

export function decisionSettingsNow(): DecisionSettings {
  const row = db().select().from(decisionSettings).where(eq(decisionSettings.id, 1)).get()
  return row
    ? { automaticApproval: row.automaticApproval, dailyCap: row.dailyCap }
    : { automaticApproval: DEFAULT_AUTOMATIC_APPROVAL_MODE, dailyCap: DEFAULT_DAILY_CAP }
}

/** Saves the operator's settings; a change is audited with what it was and what it became (no change, no entry). */
export function setDecisionSettings(actorId: string, next: DecisionSettings) {
  transaction((tx) => {
    const before = decisionSettingsNow()
    if (before.automaticApproval === next.automaticApproval && before.dailyCap === next.dailyCap) return
    tx.insert(decisionSettings)
      .values({ id: 1, ...next, updatedBy: actorId })
      .onConflictDoUpdate({ target: decisionSettings.id, set: { ...next, updatedBy: actorId, updatedAt: new Date().toISOString() } })
      .run()
    recordAudit(tx, {
      actor: actorId,
      action: 'decision_settings.updated',
      entityId: 'automatic_approval',
      detail: { before, after: next },
    })
  })
}

// --- the decision when a claim is filed ------------------------------------------------------------------------

/**
 * Runs the rules on a claim just filed and, when every one holds, approves it with the customer choosing the shop.
 * One IMMEDIATE transaction reads the facts and writes the outcome, so two claims filed at the same moment are decided
 * one after the other: the second sees the first's approval (the day's cap, the last replacement of the year).
 * Returns the claim as it stands afterwards. Never throws for the claim's sake: on a failure the claim simply waits.
 */
export function decideFiledClaim(claimId: string, now = new Date()): Claim {
  try {
    return transaction((tx) => {
      const claim = tx.select().from(claims).where(eq(claims.id, claimId)).get()
      if (!claim) notFound()
      if (claim.approvalStatus !== 'pending_review') return claim
      const facts = decisionFacts(claim, now)
      const outcome = decideClaim(facts)
      const actor = rulesActor(outcome.version)
      if (!outcome.approve) {
        recordAudit(tx, {
          actor,
          action: 'claim.left_for_review',
          entityId: claim.id,
          detail: {
            version: outcome.version,
            reasons: outcome.waits.map((wait) => wait.reason),
            rules: outcome.waits.map((wait) => wait.id),
          },
        })
        return claim
      }
      const approved = tx
        .update(claims)
        .set({
          approvalStatus: 'approved',
          assignedPartnerGroupId: null,
          reviewedAt: now.toISOString(),
          reviewedBy: actor,
          decidedByRulesVersion: outcome.version,
        })
        .where(and(eq(claims.id, claim.id), eq(claims.approvalStatus, 'pending_review')))
        .returning()
        .get()!
      recordAudit(tx, {
        actor,
        action: 'claim.approved_by_rules',
        entityId: claim.id,
        detail: { version: outcome.version, customerChoosesShop: true },
      })
      return approved
    })
  } catch (error) {
    logger.error({ claimId, err: error }, 'the decision rules could not run; the claim waits for the operator')
    return db().select().from(claims).where(eq(claims.id, claimId)).get()!
  }
}

/** What the rules read about a claim, from the database as it is now (call inside the deciding transaction). */
export function decisionFacts(claim: Claim, now = new Date()): DecisionFacts {
  const settings = decisionSettingsNow()
  const policy = db().select().from(policies).where(eq(policies.id, claim.policyId)).get()!
  const setupTypes = new Set(
    db()
      .select({ photoType: policyPhotos.photoType })
      .from(policyPhotos)
      .where(
        and(
          eq(policyPhotos.policyId, policy.id),
          eq(policyPhotos.generation, photoGenerationOfClaim(policy, claim)),
          inArray(policyPhotos.photoType, [...REQUIRED_PHOTO_TYPES]),
        ),
      )
      .all()
      .map((row) => row.photoType),
  )
  const damagePhotoCount = db()
    .select({ n: count() })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claim.id), eq(claimDocuments.documentType, 'damage_photo')))
    .get()!.n
  const integrityFlagCount = db().select({ n: count() }).from(claimFlags).where(eq(claimFlags.claimId, claim.id)).get()!.n
  // The service's day (UTC), like every other daily figure of the service.
  const approvedByRulesToday = db()
    .select({ n: count() })
    .from(claims)
    .where(and(isNotNull(claims.decidedByRulesVersion), gte(claims.reviewedAt, startOfDayIn(dayOf(now)).toISOString())))
    .get()!.n
  // Any approved crack not yet done may still turn into the plan year's replacement.
  const openCracks = db()
    .select({ n: count() })
    .from(claims)
    .where(
      and(
        eq(claims.policyId, policy.id),
        eq(claims.approvalStatus, 'approved'),
        eq(claims.damageType, 'crack'),
        ne(claims.id, claim.id),
        // A guarantee claim never becomes the plan year's replacement.
        isNull(claims.repairFailureOfClaimId),
      ),
    )
    .get()!.n
  const repaired = claim.repairFailureOfClaimId
    ? db().select().from(claims).where(eq(claims.id, claim.repairFailureOfClaimId)).get()
    : undefined
  return {
    mode: settings.automaticApproval,
    dailyCap: settings.dailyCap,
    approvedByRulesToday,
    policy: { status: policy.status, planType: policy.planType, coverageStartDate: policy.coverageStartDate },
    setupPhotosOnFile: REQUIRED_PHOTO_TYPES.every((type) => setupTypes.has(type)),
    claim: {
      damageType: claim.damageType,
      damageDate: claim.damageDate,
      filedLate: claim.filedLate,
      ...damageAnswersOf(claim),
    },
    damagePhotoCount,
    integrityFlagCount,
    replacementRoom: replacementsLeft(policy, now) - openCracks,
    guarantee: repaired
      ? {
          zoneMatches: claim.damageZone !== null && claim.damageZone === repaired.damageZone,
          damageWithinWindow: claim.damageDate !== null && damageWithinGuarantee(repaired, claim.damageDate),
        }
      : null,
  }
}

// --- the operator reverses an automatic approval ----------------------------------------------------------------

/**
 * The operator turns an automatic approval into a denial, on one of the grounds the terms list and with a reason, while
 * the shop has not completed the work. It is a denial like any other: the customer is e-mailed the ground and the
 * reason and may appeal it once within 14 days.
 */
export async function reverseRulesApproval(
  input: { claimId: string; ground: ReversalGround; reason: string; actorId: string },
  now = new Date(),
) {
  const denial = denialBy({ ...input, reason: `${REVERSAL_GROUND_LABELS[input.ground]}. ${input.reason}` }, now)
  const reason = denial.denialReason
  const claim = transaction((tx) => {
    const row = tx
      .update(claims)
      .set({ ...denial, decidedByRulesVersion: null })
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'approved'), isNotNull(claims.decidedByRulesVersion)))
      .returning()
      .get()
    if (!row) {
      if (!tx.select({ id: claims.id }).from(claims).where(eq(claims.id, input.claimId)).get()) notFound()
      throw RuleError.from(RULES_DECISION_MESSAGES.notReversible, { status: 409 })
    }
    recordAudit(tx, {
      actor: input.actorId,
      action: 'claim.rules_approval_reversed',
      entityId: row.id,
      detail: { ground: input.ground, reason },
    })
    return row
  })
  await notifyDenied(claim.id, reason, now)
  return claim
}
