/**
 * The customer's answers about the damage, declared once as the invoice's fields are (domain/invoice.ts): each answer's
 * form field and claims column, its question and choices in words, whether it is asked of chips only, the message
 * beside it when it is missing, and how a choice becomes the kept value. The claim forms
 * (components/claims/claim-fields.tsx), their zod rules (validation/claims.ts), the decision rules' facts
 * (domain/decision-rules.ts, read by models/claims/claim-decision.server.ts) and the operator's claim page
 * (components/admin/claim/damage.tsx) all read this list, so a new question is one entry here and a migration for its
 * column. Safe in the browser.
 */
import {
  CHIP_COUNTS,
  type ChipCount,
  DAMAGE_SIZES,
  type DamageSize,
  type DamageType,
  WINDSHIELD_ZONES,
  type WindshieldZone,
} from './claims'
import {
  CHIP_COUNT_HINT,
  CHIP_COUNT_LABELS,
  CLAIM_FIELD_MESSAGES,
  DAMAGE_QUESTIONS,
  DAMAGE_SIZE_LABELS,
  LINE_OF_SIGHT_LABELS,
  NOT_ANSWERED,
  WINDSHIELD_ZONE_LABELS,
} from './messages'

export type DamageAnswer<Name extends string, Value> = {
  /** The form's field name and the claims column that keeps the answer. */
  name: Name
  question: string
  /** Said by the question on the form without JavaScript (with it, a chips-only question shows for a chip only). */
  hint?: string
  /** Each choice as the form sends it, with its words. */
  choices: readonly (readonly [choice: string, words: string])[]
  /** Asked of chips only: for a crack it is left unanswered, and kept empty. */
  chipsOnly: boolean
  /** Shown beside the question when it is not answered, or answered with something that is not a choice. */
  required: string
  /** A choice the form sent as the value kept. */
  read: (choice: string) => Value
  /** The kept value as the form's choice, to show a sent answer again and to put it in words. */
  choiceOf: (value: Value) => string
}

const asItself = <T extends string>(choice: string) => choice as T
const sameChoice = (value: string) => value

const damageSize: DamageAnswer<'damageSize', DamageSize> = {
  name: 'damageSize',
  question: DAMAGE_QUESTIONS.damageSize,
  choices: DAMAGE_SIZES.map((value) => [value, DAMAGE_SIZE_LABELS[value]] as const),
  chipsOnly: false,
  required: CLAIM_FIELD_MESSAGES.damageSize,
  read: asItself<DamageSize>,
  choiceOf: sameChoice,
}

const inLineOfSight: DamageAnswer<'inLineOfSight', boolean> = {
  name: 'inLineOfSight',
  question: DAMAGE_QUESTIONS.inLineOfSight,
  choices: (['yes', 'no'] as const).map((value) => [value, LINE_OF_SIGHT_LABELS[value]] as const),
  chipsOnly: false,
  required: CLAIM_FIELD_MESSAGES.inLineOfSight,
  read: (choice) => choice === 'yes',
  choiceOf: (value) => (value ? 'yes' : 'no'),
}

const chipCount: DamageAnswer<'chipCount', ChipCount> = {
  name: 'chipCount',
  question: DAMAGE_QUESTIONS.chipCount,
  hint: CHIP_COUNT_HINT,
  choices: CHIP_COUNTS.map((value) => [value, CHIP_COUNT_LABELS[value]] as const),
  chipsOnly: true,
  required: CLAIM_FIELD_MESSAGES.chipCount,
  read: asItself<ChipCount>,
  choiceOf: sameChoice,
}

const damageZone: DamageAnswer<'damageZone', WindshieldZone> = {
  name: 'damageZone',
  question: DAMAGE_QUESTIONS.damageZone,
  choices: WINDSHIELD_ZONES.map((value) => [value, WINDSHIELD_ZONE_LABELS[value]] as const),
  chipsOnly: false,
  required: CLAIM_FIELD_MESSAGES.damageZone,
  read: asItself<WindshieldZone>,
  choiceOf: sameChoice,
}

/** Every answer about the damage, by name. */
export const DAMAGE_ANSWER = { damageSize, inLineOfSight, chipCount, damageZone } as const
export type DamageAnswerName = keyof typeof DAMAGE_ANSWER

/** The claim form's order of the questions. */
export const DAMAGE_ANSWERS = [damageSize, inLineOfSight, chipCount, damageZone] as const satisfies readonly {
  name: DamageAnswerName
}[]
export const DAMAGE_ANSWER_NAMES = DAMAGE_ANSWERS.map((answer) => answer.name)

/**
 * The questions "My repair failed" asks, in its form's order: the damage is a crack where the repaired chip was, so the
 * guarantee compares zones; its size and how many chips are not asked.
 */
export const REPAIR_FAILURE_ANSWER_NAMES = ['damageZone', 'inLineOfSight'] as const satisfies readonly DamageAnswerName[]
export type RepairFailureAnswerName = (typeof REPAIR_FAILURE_ANSWER_NAMES)[number]

type ValueOf<A> = A extends DamageAnswer<string, infer Value> ? Value : never

/** The answers as a claim keeps them; a claim filed before the form asked (or a question not asked) has null. */
export type DamageAnswers = { [Name in DamageAnswerName]: ValueOf<(typeof DAMAGE_ANSWER)[Name]> | null }

/** The answers of a claim row (or of the form's checked values), and nothing else of it. */
export function damageAnswersOf(source: { [Name in DamageAnswerName]?: DamageAnswers[Name] | undefined }): DamageAnswers {
  const picked = (name: DamageAnswerName) => source[name] ?? null
  return {
    damageSize: picked('damageSize') as DamageSize | null,
    inLineOfSight: picked('inLineOfSight') as boolean | null,
    chipCount: picked('chipCount') as ChipCount | null,
    damageZone: picked('damageZone') as WindshieldZone | null,
  }
}

/** Whether a question is asked of this kind of damage (how many chips is asked of a chip only). */
export function isAsked(answer: { chipsOnly: boolean }, damageType: DamageType) {
  return !answer.chipsOnly || damageType === 'chip'
}

/** The answers as they are kept for this kind of damage: a question it is not asked keeps nothing. */
export function keptAnswers(answers: DamageAnswers, damageType: DamageType): DamageAnswers {
  const kept = { ...answers }
  for (const answer of DAMAGE_ANSWERS) if (!isAsked(answer, damageType)) kept[answer.name] = null
  return kept
}

/** Each answer's question and its words, in the form's order, for the pages that show a filed claim. */
export function damageAnswersInWords(answers: DamageAnswers, damageType: DamageType) {
  return DAMAGE_ANSWERS.filter((answer) => isAsked(answer, damageType)).map((answer) => {
    const value = answers[answer.name]
    const choice = value === null ? null : (answer.choiceOf as (kept: typeof value) => string)(value)
    const words = answer.choices.find(([sent]) => sent === choice)?.[1] ?? NOT_ANSWERED
    return { name: answer.name, question: answer.question, words }
  })
}
