import { useState } from 'react'
import { Link } from 'react-router'

import { buttonClass, Field, FieldError, inputClass } from '~/components/ui'
import { WINDSHIELD_ZONES } from '~/domain/claims'
import { DAMAGE_QUESTIONS, LINE_OF_SIGHT_LABELS, WINDSHIELD_ZONE_LABELS } from '~/domain/messages'
import { DASHBOARD_CLAIMS_PATH } from '~/domain/paths'
import { MAX_UPLOAD_MB } from '~/domain/uploads'

import { PhotoPicker } from './photo-picker'

/**
 * The pieces a customer's claim forms share (filing a claim, a failed repair, an appeal, another time, a shop), so each
 * question reads and is checked the same wherever it is asked.
 */

/** One question about the damage as radio buttons in a fieldset, its message beside it; the answer sent is kept. */
export function RadioQuestion({
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
  choices: [value: string, label: string][]
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

type Answer = { chosen?: string; errors?: string[] }

/** Whether the damage is in the driver's line of sight: one of the answers that decide repair or replacement. */
export function LineOfSightQuestion({ chosen, errors }: Answer) {
  return (
    <RadioQuestion
      name="inLineOfSight"
      legend={DAMAGE_QUESTIONS.inLineOfSight}
      choices={(['yes', 'no'] as const).map((value) => [value, LINE_OF_SIGHT_LABELS[value]])}
      chosen={chosen}
      errors={errors}
    />
  )
}

/** Where on the windshield the damage is: the other answer that decides repair or replacement. */
export function DamageZoneQuestion({ chosen, errors }: Answer) {
  return (
    <RadioQuestion
      name="damageZone"
      legend={DAMAGE_QUESTIONS.damageZone}
      choices={WINDSHIELD_ZONES.map((value) => [value, WINDSHIELD_ZONE_LABELS[value]])}
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
