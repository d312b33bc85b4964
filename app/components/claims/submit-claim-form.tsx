import type { SubmissionResult } from '@conform-to/react'
import { type FormEvent, useState } from 'react'
import { Form, Link } from 'react-router'

import { Toast, type ToastMessage } from '~/components/toast'
import { buttonClass, Card, Field, FieldError, inputClass, PageHeading } from '~/components/ui'
import { CHIP_COUNTS, DAMAGE_SIZES, WINDSHIELD_ZONES } from '~/domain/claims'
import {
  CHIP_COUNT_HINT,
  CHIP_COUNT_LABELS,
  CHIP_ONLY_NOTE,
  DAMAGE_QUESTIONS,
  DAMAGE_SIZE_LABELS,
  LINE_OF_SIGHT_LABELS,
  WINDSHIELD_ZONE_LABELS,
} from '~/domain/messages'
import { HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import { MAX_UPLOAD_MB } from '~/domain/uploads'
import { resultErrors, resultValues } from '~/utils/refusal'
import type { SubmitClaimErrors } from '~/validation/claims'
import { MAX_LENGTH } from '~/validation/limits'

import { PhotoPicker } from './photo-picker'

export type { SubmitClaimErrors }

export type SubmitClaimFormProps = {
  policyId: string
  /** Shown as the policy number. */
  policyNumber: string | null
  planType: 'chip_only' | 'comprehensive'
  /** Where the form posts (the demo posts to its own action). */
  action?: string
  cancelHref: string
  /** Latest allowed damage date (today), YYYY-MM-DD. */
  maxDate: string
  maxPhotos: number
  submitting: boolean
  /** The refused submission's answer: each field's messages and the values sent (`answerErrors`). */
  result?: SubmissionResult<string[]> | null
  toast?: ToastMessage | null
  /** With JavaScript, runs before the form posts; the demo simulates the submission and calls preventDefault(). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  /** The ZIP the customer gave before (the profile's), filled in for them. */
  savedZip?: string | null
  /** The declared storms whose longer filing window is still open, in words (domain/storms). */
  stormWindows?: readonly string[]
}

/** The 'Submit claim' page's form: a plain multipart form, so it works without JavaScript; JS adds photo removal and pending text. */
export function SubmitClaimForm({
  policyId,
  policyNumber,
  planType,
  action,
  cancelHref,
  maxDate,
  maxPhotos,
  submitting,
  result,
  toast,
  onSubmit,
  savedZip = null,
  stormWindows = [],
}: SubmitClaimFormProps) {
  const chipOnly = planType === 'chip_only'
  const errors: SubmitClaimErrors = resultErrors(result)
  const defaultValues = resultValues(result)
  const [photoProblem, setPhotoProblem] = useState<string | null>(null)
  const photoErrors = [...(errors.photos ?? []), ...(photoProblem ? [photoProblem] : [])]

  return (
    <Card className="space-y-6">
      <Toast toast={toast} />
      <div>
        <h2 className="text-xl font-semibold text-slate-900">File a Claim</h2>
        {policyNumber ? (
          <p className="mt-1 text-sm text-slate-700">
            Policy number:{' '}
            <span className="font-mono" data-testid="policy-number">
              {policyNumber}
            </span>
          </p>
        ) : null}
      </div>

      <Form method="post" encType="multipart/form-data" action={action} onSubmit={onSubmit} className="space-y-6" noValidate>
        <input type="hidden" name="policyId" value={policyId} />
        <FieldError id="form-error" errors={errors.form ?? errors.policyId} />

        <Field label="Damage Type" htmlFor="damageType" errors={errors.damageType} hint={chipOnly ? CHIP_ONLY_NOTE : undefined}>
          <select
            id="damageType"
            name="damageType"
            defaultValue={chipOnly ? 'chip' : (defaultValues.damageType ?? 'chip')}
            className={inputClass}
            aria-invalid={errors.damageType ? true : undefined}
            aria-describedby={errors.damageType ? 'damageType-error' : undefined}
          >
            <option value="chip">Chip</option>
            <option value="crack" disabled={chipOnly}>
              {chipOnly ? 'Crack (Not covered)' : 'Crack'}
            </option>
          </select>
        </Field>

        <Field
          label="When did the damage happen?"
          htmlFor="damageDate"
          errors={errors.damageDate}
          hint="Please file within 48 hours of the damage."
        >
          <input
            id="damageDate"
            name="damageDate"
            type="date"
            max={maxDate}
            defaultValue={defaultValues.damageDate ?? maxDate}
            required
            className={inputClass}
            aria-invalid={errors.damageDate ? true : undefined}
            aria-describedby={errors.damageDate ? 'damageDate-error' : undefined}
          />
        </Field>

        <RadioQuestion
          name="damageSize"
          legend={DAMAGE_QUESTIONS.damageSize}
          choices={DAMAGE_SIZES.map((value) => [value, DAMAGE_SIZE_LABELS[value]])}
          chosen={defaultValues.damageSize}
          errors={errors.damageSize}
        />
        <RadioQuestion
          name="inLineOfSight"
          legend={DAMAGE_QUESTIONS.inLineOfSight}
          choices={(['yes', 'no'] as const).map((value) => [value, LINE_OF_SIGHT_LABELS[value]])}
          chosen={defaultValues.inLineOfSight}
          errors={errors.inLineOfSight}
        />
        <RadioQuestion
          name="chipCount"
          legend={DAMAGE_QUESTIONS.chipCount}
          hint={chipOnly ? undefined : CHIP_COUNT_HINT}
          choices={CHIP_COUNTS.map((value) => [value, CHIP_COUNT_LABELS[value]])}
          chosen={defaultValues.chipCount}
          errors={errors.chipCount}
        />
        <RadioQuestion
          name="damageZone"
          legend={DAMAGE_QUESTIONS.damageZone}
          choices={WINDSHIELD_ZONES.map((value) => [value, WINDSHIELD_ZONE_LABELS[value]])}
          chosen={defaultValues.damageZone}
          errors={errors.damageZone}
        />

        {stormWindows.length ? (
          <div className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950" data-testid="storm-windows">
            <p className="font-semibold">Storm: longer to file</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {stormWindows.map((window) => (
                <li key={window}>{window}</li>
              ))}
            </ul>
          </div>
        ) : null}

        <Field
          label="ZIP code where the vehicle is kept (optional)"
          htmlFor="vehicleZip"
          errors={errors.vehicleZip}
          hint="After a declared storm, damage there may be claimed later than 48 hours."
        >
          <input
            id="vehicleZip"
            name="vehicleZip"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={MAX_LENGTH.zip}
            defaultValue={defaultValues.vehicleZip ?? savedZip ?? ''}
            className={inputClass}
            aria-invalid={errors.vehicleZip ? true : undefined}
            aria-describedby={errors.vehicleZip ? 'vehicleZip-error' : undefined}
          />
        </Field>

        <div className="space-y-1.5">
          <label htmlFor="photos" className="block text-sm font-medium text-slate-900">
            Damage Photos
          </label>
          <p id="photos-hint" className="text-sm text-slate-600">
            PNG, JPG up to {MAX_UPLOAD_MB}MB each
          </p>
          <PhotoPicker
            id="photos"
            name="photos"
            maxFiles={maxPhotos}
            describedBy={photoErrors.length ? 'photos-hint photos-error' : 'photos-hint'}
            invalid={photoErrors.length > 0}
            onProblem={setPhotoProblem}
          />
          <FieldError id="photos-error" errors={photoErrors} />
        </div>

        <Field label="What Happened?" htmlFor="description" errors={errors.description}>
          <textarea
            id="description"
            name="description"
            rows={6}
            defaultValue={defaultValues.description}
            placeholder="Describe how and where the damage happened."
            className={inputClass}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'description-error' : undefined}
          />
        </Field>

        <p className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          Our team reviews every claim within 2 working days (typically sooner). We'll e-mail you as soon as your claim is reviewed. Many
          clear chip claims are approved the moment you file them:{' '}
          <Link to={HOW_CLAIMS_ARE_DECIDED_PATH} className="font-medium underline">
            how claims are decided
          </Link>
          .
        </p>

        <div className="flex flex-wrap justify-end gap-3">
          <Link to={cancelHref} className={buttonClass('secondary')}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass('primary')} disabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit Claim'}
          </button>
        </div>
      </Form>
    </Card>
  )
}

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

/** The claim screen's title, shared by the real and the demo screen. */
export function SubmitClaimHeading() {
  return <PageHeading sub="Tell us what happened and add photos of the damage.">Submit a Claim</PageHeading>
}
