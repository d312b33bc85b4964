import { describe, expect, it } from 'vitest'

import { decideClaim, DECISION_RULES, DECISION_RULES_VERSION, type DecisionFacts } from '~/domain/decision-rules'

/** A clean chip on an active comprehensive plan: every rule holds. Each test changes one fact. */
function clean(): DecisionFacts {
  return {
    mode: 'chips',
    dailyCap: 500,
    approvedByRulesToday: 0,
    policy: { status: 'active', planType: 'comprehensive', coverageStartDate: '2026-05-01' },
    setupPhotosOnFile: true,
    claim: {
      damageType: 'chip',
      damageDate: '2026-05-10',
      filedLate: false,
      damageSize: 'under_quarter',
      inLineOfSight: false,
      chipCount: 'one',
      damageZone: 'passenger',
    },
    damagePhotoCount: 1,
    integrityFlagCount: 0,
    replacementRoom: 1,
    guarantee: null,
  }
}

/** A repaired chip that cracked, filed under the guarantee on a Chip Repair Only plan with its replacement gone. */
function guarantee(): DecisionFacts {
  const facts = crack()
  return {
    ...facts,
    mode: 'chips',
    policy: { ...facts.policy, planType: 'chip_only' },
    replacementRoom: 0,
    claim: { ...facts.claim, damageSize: null, inLineOfSight: false, damageZone: 'passenger' },
    guarantee: { zoneMatches: true, damageWithinWindow: true },
  }
}

function crack(): DecisionFacts {
  const facts = clean()
  return {
    ...facts,
    mode: 'chips_and_cracks',
    claim: { ...facts.claim, damageType: 'crack', damageSize: 'longer', inLineOfSight: true, chipCount: null, damageZone: 'edge' },
  }
}

const waitsFor = (facts: DecisionFacts) => {
  const outcome = decideClaim(facts)
  return outcome.approve ? [] : outcome.waits.map((wait) => wait.id)
}

describe('the decision rules', () => {
  it('approve a clean chip, naming their version', () => {
    expect(decideClaim(clean())).toEqual({ approve: true, version: DECISION_RULES_VERSION, waits: [] })
  })

  it('every rule has plain words for the public page and a reason for the operator', () => {
    for (const rule of DECISION_RULES) {
      expect(rule.plain.length).toBeGreaterThan(20)
      expect(rule.waits.length).toBeGreaterThan(10)
    }
    expect(new Set(DECISION_RULES.map((rule) => rule.id)).size).toBe(DECISION_RULES.length)
  })

  const cases: [name: string, change: (facts: DecisionFacts) => DecisionFacts, rule: string][] = [
    ['automatic approval off', (f) => ({ ...f, mode: 'off' }), 'automatic_approval_allowed'],
    ['a crack while only chips are allowed', () => ({ ...crack(), mode: 'chips' }), 'automatic_approval_allowed'],
    ['the daily cap reached', (f) => ({ ...f, approvedByRulesToday: 500 }), 'daily_cap'],
    ['a cap of 0', (f) => ({ ...f, dailyCap: 0 }), 'daily_cap'],
    ['a policy past due', (f) => ({ ...f, policy: { ...f.policy, status: 'past_due' } }), 'policy_active_with_setup_photos'],
    ['setup photos missing', (f) => ({ ...f, setupPhotosOnFile: false }), 'policy_active_with_setup_photos'],
    [
      'damage the day before coverage began',
      (f) => ({ ...f, claim: { ...f.claim, damageDate: '2026-04-30' } }),
      'damage_after_coverage_start',
    ],
    ['a policy with no coverage start', (f) => ({ ...f, policy: { ...f.policy, coverageStartDate: null } }), 'damage_after_coverage_start'],
    ['a crack on Chip Repair Only', (f) => ({ ...crack(), policy: { ...f.policy, planType: 'chip_only' } }), 'damage_covered'],
    ['a crack with no replacement left', () => ({ ...crack(), replacementRoom: 0 }), 'replacement_left'],
    ['a claim filed late', (f) => ({ ...f, claim: { ...f.claim, filedLate: true } }), 'filed_in_time'],
    ['no damage photo', (f) => ({ ...f, damagePhotoCount: 0 }), 'damage_photo'],
    ['an integrity flag', (f) => ({ ...f, integrityFlagCount: 1 }), 'no_integrity_flag'],
    ['a chip up to 6 inches', (f) => ({ ...f, claim: { ...f.claim, damageSize: 'up_to_6_inches' } }), 'chip_small'],
    ['a chip of no stated size', (f) => ({ ...f, claim: { ...f.claim, damageSize: null } }), 'chip_small'],
    ['a chip in the line of sight', (f) => ({ ...f, claim: { ...f.claim, inLineOfSight: true } }), 'chip_out_of_sight_line'],
    ['a chip with the line of sight not answered', (f) => ({ ...f, claim: { ...f.claim, inLineOfSight: null } }), 'chip_out_of_sight_line'],
    ['three or more chips', (f) => ({ ...f, claim: { ...f.claim, chipCount: 'three_or_more' } }), 'chip_count'],
    ['a chip count not given', (f) => ({ ...f, claim: { ...f.claim, chipCount: null } }), 'chip_count'],
    ['a chip at the edge', (f) => ({ ...f, claim: { ...f.claim, damageZone: 'edge' } }), 'chip_zone'],
    ['a chip by the camera', (f) => ({ ...f, claim: { ...f.claim, damageZone: 'camera' } }), 'chip_zone'],
    ['a chip of no stated zone', (f) => ({ ...f, claim: { ...f.claim, damageZone: null } }), 'chip_zone'],
  ]
  for (const [name, change, rule] of cases) {
    it(`leave ${name} for a person (${rule}), never deny it`, () => {
      const outcome = decideClaim(change(clean()))
      expect(outcome.approve).toBe(false)
      expect(waitsFor(change(clean()))).toEqual([rule])
      expect(Object.keys(outcome)).not.toContain('deny')
    })
  }

  it('approve damage on the very day coverage began', () => {
    const facts = clean()
    expect(decideClaim({ ...facts, claim: { ...facts.claim, damageDate: '2026-05-01' } }).approve).toBe(true)
  })

  it('approve a crack when cracks are allowed and a replacement is left, whatever the chip answers', () => {
    expect(decideClaim(crack()).approve).toBe(true)
  })

  it('approve a repaired chip that cracked in the same zone within the guarantee, on Chip Repair Only with no replacement left', () => {
    expect(decideClaim(guarantee())).toEqual({ approve: true, version: DECISION_RULES_VERSION, waits: [] })
  })

  it('leave a guarantee claim for a person with the reason when the zone differs or the damage is outside the window', () => {
    expect(waitsFor({ ...guarantee(), guarantee: { zoneMatches: false, damageWithinWindow: true } })).toEqual(['repair_guarantee'])
    expect(waitsFor({ ...guarantee(), guarantee: { zoneMatches: true, damageWithinWindow: false } })).toEqual(['repair_guarantee'])
    expect(waitsFor({ ...guarantee(), mode: 'off' })).toEqual(['automatic_approval_allowed'])
  })

  it('list every failed rule, in the published order', () => {
    const facts = clean()
    const many: DecisionFacts = { ...facts, integrityFlagCount: 2, claim: { ...facts.claim, filedLate: true, damageZone: 'camera' } }
    expect(waitsFor(many)).toEqual(['filed_in_time', 'no_integrity_flag', 'chip_zone'])
  })
})
