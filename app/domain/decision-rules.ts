/**
 * The published rules that decide, the moment a claim is filed, whether it can be approved without waiting for a person
 * (docs/decisions/066-decision-rules.md). Pure and safe in the browser: the filing step feeds them the facts it read in
 * one transaction, and the public page "How claims are decided" renders the same list in plain words.
 *
 * The rules only ever approve. A claim that fails any of them waits for the operator with the reasons listed; nothing
 * here denies. Changing what a rule checks means a new version, so every automatic approval names the rules it met.
 */
import {
  allowedDamageTypes,
  type ChipCount,
  type DamageSize,
  type DamageType,
  REPAIR_GUARANTEE_MONTHS,
  type WindshieldZone,
} from './claims'
import type { DamageAnswers } from './damage-answers'
import type { PlanType } from './plans'
import type { PolicyStatus } from './policies'

/**
 * The version every automatic approval records (claims.decided_by_rules_version). Raise it when any rule changes.
 * Version 2 added the repair-failure guarantee (docs/decisions/076-repair-failure-guarantee.md); version 3 reads the
 * damage date against the coverage start, since the terms exclude damage from before coverage began.
 */
export const DECISION_RULES_VERSION = '3'

/** What the operator lets the rules approve (/admin/settings): nothing, chips only (the default), or cracks too. */
export const AUTOMATIC_APPROVAL_MODES = ['off', 'chips', 'chips_and_cracks'] as const
export type AutomaticApprovalMode = (typeof AUTOMATIC_APPROVAL_MODES)[number]
export const DEFAULT_AUTOMATIC_APPROVAL_MODE: AutomaticApprovalMode = 'chips'

/** At most this many claims a day are approved by the rules unless the operator sets another cap; 0 approves none. */
export const DEFAULT_DAILY_CAP = 500
export const MAX_DAILY_CAP = 100_000

/** A chip the rules approve: smaller than a quarter, out of the driver's line of sight, one or two of them, away from the edge and the camera. */
export const REPAIRABLE_CHIP = {
  sizes: ['under_quarter'] as readonly DamageSize[],
  counts: ['one', 'two'] as readonly ChipCount[],
  zones: ['driver', 'center', 'passenger'] as readonly WindshieldZone[],
}

/** Everything the rules read, gathered when the claim is filed (app/models/claims/claim-decision.server.ts). */
export type DecisionFacts = {
  mode: AutomaticApprovalMode
  dailyCap: number
  /** Claims the rules approved so far today (the service's day, UTC). */
  approvedByRulesToday: number
  /** The day coverage began (YYYY-MM-DD); null while it has not. */
  policy: { status: PolicyStatus; planType: PlanType; coverageStartDate: string | null }
  /** Every required setup photo of the claim's vehicle is on file. */
  setupPhotosOnFile: boolean
  claim: {
    damageType: DamageType
    /** The day the customer says the damage happened (YYYY-MM-DD). */
    damageDate: string | null
    filedLate: boolean
  } & DamageAnswers
  damagePhotoCount: number
  integrityFlagCount: number
  /** Replacements left this plan year, less the cracks already approved and not yet done (any may become one). */
  replacementRoom: number
  /**
   * A claim under the repair-failure guarantee: whether its zone is the repaired chip's and its damage date falls in
   * the guarantee. Null for every other claim.
   */
  guarantee: { zoneMatches: boolean; damageWithinWindow: boolean } | null
}

export type DecisionRule = {
  id: string
  /** The rule in plain words, as the public page shows it. */
  plain: string
  /** Why the claim waits when the rule does not hold, as the operator reads it. */
  waits: string
  /** Only chips, or only cracks, are held to this rule; absent for every claim. */
  appliesTo?: DamageType
  holds: (facts: DecisionFacts) => boolean
}

const isChip = (facts: DecisionFacts) => facts.claim.damageType === 'chip'
/** A repaired chip that failed: covered on both plans and outside the plan year's replacement. */
const isGuarantee = (facts: DecisionFacts) => facts.guarantee !== null

/** The rule set, in the order the public page lists it and the operator reads the reasons. */
export const DECISION_RULES: readonly DecisionRule[] = [
  {
    id: 'automatic_approval_allowed',
    plain:
      'Automatic approval is turned on for this kind of damage. It normally covers chips and repairs of ours that failed; we may pause it or extend it to cracks.',
    waits: 'Automatic approval is off for this kind of damage.',
    holds: (facts) => facts.mode === 'chips_and_cracks' || (facts.mode === 'chips' && (isChip(facts) || isGuarantee(facts))),
  },
  {
    id: 'daily_cap',
    plain: 'Fewer claims than the day’s limit have been approved automatically today.',
    waits: 'The daily cap on automatic approvals is reached.',
    holds: (facts) => facts.approvedByRulesToday < facts.dailyCap,
  },
  {
    id: 'policy_active_with_setup_photos',
    plain: 'Your policy is active and the photos of your windshield from its setup are on file.',
    waits: 'The policy is not active, or its setup photos are not all on file.',
    holds: (facts) => facts.policy.status === 'active' && facts.setupPhotosOnFile,
  },
  {
    id: 'damage_after_coverage_start',
    plain: 'The damage happened on or after the day your coverage began.',
    waits: 'The damage date is before the policy’s coverage began (or either date is missing).',
    // Dates as YYYY-MM-DD compare as text. Earlier damage is never denied here: a person looks (a date mistyped).
    holds: (facts) =>
      facts.claim.damageDate !== null &&
      facts.policy.coverageStartDate !== null &&
      facts.claim.damageDate >= facts.policy.coverageStartDate,
  },
  {
    id: 'damage_covered',
    plain: 'Your plan covers the type of damage (Chip Repair Only covers chips, and a replacement when our chip repair fails).',
    waits: 'The plan does not cover this type of damage.',
    holds: (facts) => isGuarantee(facts) || allowedDamageTypes(facts.policy).includes(facts.claim.damageType),
  },
  {
    id: 'replacement_left',
    plain:
      'For a crack: a replacement is still left in this plan year, counting cracks already approved and not yet repaired. A repair of ours that failed does not use it.',
    waits: 'No replacement is left this plan year once the cracks already approved are counted.',
    appliesTo: 'crack',
    holds: (facts) => isChip(facts) || isGuarantee(facts) || facts.replacementRoom > 0,
  },
  {
    id: 'repair_guarantee',
    plain: `For a repair of ours that failed: the damage is where the chip was repaired, and it happened within ${REPAIR_GUARANTEE_MONTHS} months of the repair.`,
    waits: `The damage is not where the repaired chip was, or it happened more than ${REPAIR_GUARANTEE_MONTHS} months after the repair.`,
    holds: (facts) => !facts.guarantee || (facts.guarantee.zoneMatches && facts.guarantee.damageWithinWindow),
  },
  {
    id: 'filed_in_time',
    plain: 'The claim is filed within the filing deadline after the damage.',
    waits: 'The claim was filed after the deadline.',
    holds: (facts) => !facts.claim.filedLate,
  },
  {
    id: 'damage_photo',
    plain: 'At least one photo of the damage is attached.',
    waits: 'No photo of the damage is attached.',
    holds: (facts) => facts.damagePhotoCount > 0,
  },
  {
    id: 'no_integrity_flag',
    plain: 'Our checks on the photos and the claim found nothing that needs a closer look.',
    waits: 'The claim has a flag for a person to look at (see the flags).',
    holds: (facts) => facts.integrityFlagCount === 0,
  },
  {
    id: 'chip_small',
    plain: 'For a chip: it is smaller than a quarter.',
    waits: 'The chip is not smaller than a quarter (or its size was not given).',
    appliesTo: 'chip',
    holds: (facts) => !isChip(facts) || (facts.claim.damageSize !== null && REPAIRABLE_CHIP.sizes.includes(facts.claim.damageSize)),
  },
  {
    id: 'chip_out_of_sight_line',
    plain: 'For a chip: it is not in the driver’s line of sight.',
    waits: 'The chip is in the driver’s line of sight (or this was not answered).',
    appliesTo: 'chip',
    holds: (facts) => !isChip(facts) || facts.claim.inLineOfSight === false,
  },
  {
    id: 'chip_count',
    plain: 'For a chip: there are one or two chips.',
    waits: 'There are three or more chips (or the number was not given).',
    appliesTo: 'chip',
    holds: (facts) => !isChip(facts) || (facts.claim.chipCount !== null && REPAIRABLE_CHIP.counts.includes(facts.claim.chipCount)),
  },
  {
    id: 'chip_zone',
    plain:
      'For a chip: it is in front of the driver, in the center or in front of the passenger — not at the edge of the glass or by the camera.',
    waits: 'The chip is at the edge of the glass or by the camera (or its place was not given).',
    appliesTo: 'chip',
    holds: (facts) => !isChip(facts) || (facts.claim.damageZone !== null && REPAIRABLE_CHIP.zones.includes(facts.claim.damageZone)),
  },
]

export type DecisionOutcome =
  { approve: true; version: string; waits: [] } | { approve: false; version: string; waits: { id: string; reason: string }[] }

/** Approves only when every rule holds; otherwise lists, in the rules' order, why the claim waits for a person. */
export function decideClaim(facts: DecisionFacts): DecisionOutcome {
  const waits = DECISION_RULES.filter((rule) => !rule.holds(facts)).map((rule) => ({ id: rule.id, reason: rule.waits }))
  return waits.length === 0
    ? { approve: true, version: DECISION_RULES_VERSION, waits: [] }
    : { approve: false, version: DECISION_RULES_VERSION, waits }
}

/** The actor the audit log records for a decision the rules made. */
export function rulesActor(version: string) {
  return `rules:v${version}`
}
