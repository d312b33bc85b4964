/**
 * The claim form's answers about the damage, for tests that file claims. `REVIEWED_CHIP` is a chip the decision rules
 * leave for the operator (in the driver's line of sight), so a test about the operator's review starts from a waiting
 * claim; `CLEAN_CHIP` meets every chip rule.
 */
export const REVIEWED_CHIP = { damageSize: 'under_quarter', inLineOfSight: 'yes', chipCount: 'one', damageZone: 'driver' } as const
export const CLEAN_CHIP = { damageSize: 'under_quarter', inLineOfSight: 'no', chipCount: 'one', damageZone: 'passenger' } as const

/** The same answers as SubmitClaimInput takes them (inLineOfSight as a boolean). */
export function answersInput(answers: typeof REVIEWED_CHIP | typeof CLEAN_CHIP) {
  return { ...answers, inLineOfSight: answers.inLineOfSight === 'yes' }
}

/** Appends the answers to a claim form. */
export function appendAnswers(form: FormData, answers: typeof REVIEWED_CHIP | typeof CLEAN_CHIP = REVIEWED_CHIP) {
  for (const [name, value] of Object.entries(answers)) form.append(name, value)
  return form
}
