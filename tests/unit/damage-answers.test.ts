import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { SubmitClaimForm } from '~/components/claims/submit-claim-form'
import {
  DAMAGE_ANSWER,
  DAMAGE_ANSWER_NAMES,
  DAMAGE_ANSWERS,
  damageAnswersInWords,
  damageAnswersOf,
  keptAnswers,
  REPAIR_FAILURE_ANSWER_NAMES,
} from '~/domain/damage-answers'
import { decideClaim, type DecisionFacts } from '~/domain/decision-rules'
import { NOT_ANSWERED } from '~/domain/messages'
import { checkClaimForm, RepairFailureSchema, SubmitClaimSchema } from '~/validation/claims'

/** A claim form as a browser sends it: every question answered with its first choice, unless told otherwise. */
function claimForm(overrides: Record<string, string | null> = {}) {
  const fields = new FormData()
  const values: Record<string, string | null> = {
    policyId: 'policy-1',
    damageType: 'chip',
    damageDate: '2026-12-01',
    description: 'A stone on the highway.',
    ...Object.fromEntries(DAMAGE_ANSWERS.map((answer) => [answer.name, answer.choices[0]![0]])),
    ...overrides,
  }
  for (const [name, value] of Object.entries(values)) if (value !== null) fields.set(name, value)
  return fields
}

function formHtml(planType: 'chip_only' | 'comprehensive') {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () =>
        createElement(SubmitClaimForm, {
          policyId: 'policy-1',
          policyNumber: 'GP-ABC234',
          planType,
          cancelHref: '/customer',
          maxDate: '2026-12-02',
          maxPhotos: 5,
          submitting: false,
        }),
    },
  ])
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ['/'] }))
}

describe('the damage answers’ declaration', () => {
  it('gives every answer a question, a message and choices that read back to the choice they came from', () => {
    expect(DAMAGE_ANSWER_NAMES).toEqual(Object.keys(DAMAGE_ANSWER))
    for (const answer of DAMAGE_ANSWERS) {
      expect(answer.question.length, answer.name).toBeGreaterThan(0)
      expect(answer.required.length, answer.name).toBeGreaterThan(0)
      expect(new Set(answer.choices.map(([choice]) => choice)).size, answer.name).toBe(answer.choices.length)
      for (const [choice, words] of answer.choices) {
        expect(words.length, `${answer.name} ${choice}`).toBeGreaterThan(0)
        const kept = (answer.read as (sent: string) => unknown)(choice)
        expect((answer.choiceOf as (value: unknown) => string)(kept), `${answer.name} ${choice}`).toBe(choice)
      }
    }
    expect(DAMAGE_ANSWER.inLineOfSight.read('yes')).toBe(true)
    expect(DAMAGE_ANSWER.inLineOfSight.read('no')).toBe(false)
  })

  it('draws the claim form: every question with each of its choices, the chips-only hint only where a crack can be filed', () => {
    const html = formHtml('comprehensive')
    for (const answer of DAMAGE_ANSWERS) {
      expect(html, answer.name).toContain(`${answer.question}</legend>`)
      for (const [choice] of answer.choices) expect(html, `${answer.name} ${choice}`).toContain(`name="${answer.name}" value="${choice}"`)
    }
    expect(html).toContain(DAMAGE_ANSWER.chipCount.hint!)
    expect(formHtml('chip_only')).not.toContain(DAMAGE_ANSWER.chipCount.hint!)
  })

  it('draws the validation: each answer is kept as its declaration reads it, an unknown choice is refused by its question', () => {
    const parsed = SubmitClaimSchema.parse(Object.fromEntries(claimForm({ inLineOfSight: 'no', damageZone: 'camera' })))
    expect(damageAnswersOf(parsed)).toEqual({ damageSize: 'under_quarter', inLineOfSight: false, chipCount: 'one', damageZone: 'camera' })
    for (const answer of DAMAGE_ANSWERS) {
      for (const sent of ['', 'sideways']) {
        const check = checkClaimForm(claimForm({ [answer.name]: sent }), 1, 'comprehensive')
        expect(check.ok, `${answer.name} "${sent}"`).toBe(false)
        if (!check.ok) {
          expect(check.errors[answer.name], `${answer.name} "${sent}"`).toEqual([answer.required])
          expect(check.values[answer.name]).toBe(sent)
        }
      }
    }
  })

  it('asks a chips-only question of a chip and keeps nothing of it for a crack', () => {
    const chip = checkClaimForm(claimForm({ chipCount: null }), 1, 'comprehensive')
    expect(chip.ok).toBe(false)
    if (!chip.ok) expect(chip.errors.chipCount).toEqual([DAMAGE_ANSWER.chipCount.required])

    const crack = checkClaimForm(claimForm({ damageType: 'crack', chipCount: null }), 1, 'comprehensive')
    expect(crack.ok).toBe(true)
    const answers = damageAnswersOf({ damageSize: 'longer', inLineOfSight: true, chipCount: 'two', damageZone: 'driver' })
    expect(keptAnswers(answers, 'crack').chipCount).toBeNull()
    expect(keptAnswers(answers, 'chip').chipCount).toBe('two')
  })

  it('gives a failed repair only its own questions', () => {
    expect(Object.keys(RepairFailureSchema.shape).sort()).toEqual(['damageDate', 'description', ...REPAIR_FAILURE_ANSWER_NAMES].sort())
    const refused = RepairFailureSchema.safeParse({ damageDate: '2026-12-01', description: 'It cracked.', damageZone: 'roof' })
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['damageZone', DAMAGE_ANSWER.damageZone.required],
      ['inLineOfSight', DAMAGE_ANSWER.inLineOfSight.required],
    ])
  })

  it('puts a filed claim’s answers in words for the operator, in the form’s order, “Not answered” for an older claim', () => {
    const row = { id: 'claim-1', damageSize: 'up_to_6_inches', inLineOfSight: true, chipCount: 'three_or_more', damageZone: null } as const
    expect(damageAnswersInWords(damageAnswersOf(row), 'chip')).toEqual([
      { name: 'damageSize', question: DAMAGE_ANSWER.damageSize.question, words: 'Up to 6 inches' },
      { name: 'inLineOfSight', question: DAMAGE_ANSWER.inLineOfSight.question, words: 'Yes, in front of the driver’s eyes' },
      { name: 'chipCount', question: DAMAGE_ANSWER.chipCount.question, words: 'Three or more' },
      { name: 'damageZone', question: DAMAGE_ANSWER.damageZone.question, words: NOT_ANSWERED },
    ])
    expect(damageAnswersInWords(damageAnswersOf(row), 'crack').map((answer) => answer.name)).not.toContain('chipCount')
  })

  it('feeds the decision rules the answers as kept: a row’s other columns are not facts', () => {
    const answers = damageAnswersOf({ damageSize: 'under_quarter', inLineOfSight: false, chipCount: 'one', damageZone: 'center' })
    expect(Object.keys(answers)).toEqual(DAMAGE_ANSWER_NAMES)
    const facts: DecisionFacts = {
      mode: 'chips',
      dailyCap: 10,
      approvedByRulesToday: 0,
      policy: { status: 'active', planType: 'comprehensive', coverageStartDate: '2026-11-01' },
      setupPhotosOnFile: true,
      claim: { damageType: 'chip', damageDate: '2026-12-01', filedLate: false, ...answers },
      damagePhotoCount: 1,
      integrityFlagCount: 0,
      replacementRoom: 1,
      guarantee: null,
    }
    expect(decideClaim(facts).approve).toBe(true)
    const inSight = decideClaim({ ...facts, claim: { ...facts.claim, inLineOfSight: DAMAGE_ANSWER.inLineOfSight.read('yes') } })
    expect(inSight.waits).toEqual([expect.objectContaining({ id: 'chip_out_of_sight_line' })])
  })
})
