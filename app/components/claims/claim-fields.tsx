import { useState } from 'react'
import { Link } from 'react-router'

import { buttonClass, Field, FieldError, inputClass } from '~/components/ui'
import type { DamageAnswer } from '~/domain/damage-answers'
import { DASHBOARD_CLAIMS_PATH } from '~/domain/paths'
import { MAX_UPLOAD_MB } from '~/domain/uploads'

import { PhotoPicker } from './photo-picker'

/**
 * The pieces a customer's claim forms share (filing a claim, a failed repair, an appeal, another time, a shop), so each
 * question reads and is checked the same wherever it is asked.
 */

/** One question about the damage as radio buttons in a fieldset, its message beside it; the answer sent is kept. */
function RadioQuestion({
  name,
  legend,
  hint,
  choices,
  chosen,
  errors,
}: {
  name: string
  legend: string
  hint?: string
  choices: readonly (readonly [value: string, label: string])[]
  chosen?: string
  errors?: string[]
}) {
  const describedBy = [hint ? `${name}-hint` : null, errors?.length ? `${name}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className="space-y-1.5" aria-describedby={describedBy}>
      <legend className="block text-sm font-medium text-slate-900">{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {choices.map(([value, label]) => (
          <label key={value} className="flex min-h-11 min-w-11 items-center gap-2 text-slate-900">
            <input type="radio" name={name} value={value} defaultChecked={chosen === value} className="size-4" />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} errors={errors} />
    </fieldset>
  )
}

/** One declared answer about the damage (domain/damage-answers.ts) as its question; the answer sent is kept. */
export function DamageAnswerQuestion({
  answer,
  withHint = true,
  chosen,
  errors,
}: {
  answer: Pick<DamageAnswer<string, unknown>, 'name' | 'question' | 'hint' | 'choices'>
  /** Whether the question's hint is said (a form where it cannot apply leaves it out). */
  withHint?: boolean
  chosen?: string
  errors?: string[]
}) {
  return (
    <RadioQuestion
      name={answer.name}
      legend={answer.question}
      hint={withHint ? answer.hint : undefined}
      choices={answer.choices}
      chosen={chosen}
      errors={errors}
    />
  )
}

/**
 * The photos of the damage, with the size limit and the messages: the action's, and with JavaScript the picker's own
 * about a file it refused.
 */
export function ClaimPhotosField({ label, maxFiles, errors }: { label: string; maxFiles: number; errors?: string[] }) {
  const [problem, setProblem] = useState<string | null>(null)
  const shown = [...(errors ?? []), ...(problem ? [problem] : [])]
  return (
    <div className="space-y-1.5">
      <label htmlFor="photos" className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <p id="photos-hint" className="text-sm text-slate-600">
        PNG, JPG up to {MAX_UPLOAD_MB}MB each
      </p>
      <PhotoPicker
        id="photos"
        name="photos"
        maxFiles={maxFiles}
        describedBy={shown.length ? 'photos-hint photos-error' : 'photos-hint'}
        invalid={shown.length > 0}
        onProblem={setProblem}
      />
      <FieldError id="photos-error" errors={shown} />
    </div>
  )
}

/** A question answered in the customer's own words, in a text area. */
export function WrittenAnswerField({
  name,
  label,
  hint,
  rows,
  placeholder,
  value,
  errors,
}: {
  name: string
  label: string
  hint?: string
  rows: number
  placeholder?: string
  value?: string
  errors?: string[]
}) {
  return (
    <Field label={label} htmlFor={name} hint={hint} errors={errors}>
      <textarea
        id={name}
        name={name}
        rows={rows}
        defaultValue={value}
        placeholder={placeholder}
        className={inputClass}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${name}-error` : undefined}
      />
    </Field>
  )
}

/** The end of a claim form: back to the claims without sending, or send (its label saying so while it is sent). */
export function ClaimFormButtons({
  submitting,
  label,
  pendingLabel = 'Submitting...',
  cancelTo = DASHBOARD_CLAIMS_PATH,
}: {
  submitting: boolean
  label: string
  pendingLabel?: string
  cancelTo?: string
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Link to={cancelTo} className={buttonClass('secondary')}>
        Cancel
      </Link>
      <button type="submit" className={buttonClass('primary')} disabled={submitting}>
        {submitting ? pendingLabel : label}
      </button>
    </div>
  )
}
