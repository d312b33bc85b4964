import type { SubmissionResult } from '@conform-to/react'
import { type FormEvent, useState } from 'react'
import { Form, Link } from 'react-router'

import { Toast } from '~/components/toast'
import { Card, Field, FieldError, inputClass, PageHeading } from '~/components/ui'
import { ANSWER_PROMISE } from '~/domain/claims'
import { DAMAGE_ANSWERS, isAsked } from '~/domain/damage-answers'
import { CHIP_ONLY_NOTE, type ToastMessage } from '~/domain/messages'
import { HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import { resultErrors, resultValues } from '~/utils/refusal'
import type { SubmitClaimErrors } from '~/validation/claims'
import { MAX_LENGTH } from '~/validation/lengths'

import { ClaimFormButtons, ClaimPhotosField, DamageAnswerQuestion, WrittenAnswerField } from './claim-fields'

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
  // A chips-only question (how many chips) is asked of a chip only: the server leaves it out when a crack was posted,
  // and with JavaScript it follows the damage type as it is chosen (without, its hint says it is for chips).
  const [damageType, setDamageType] = useState(chipOnly ? 'chip' : (defaultValues.damageType ?? 'chip'))

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
            onChange={(event) => setDamageType(event.currentTarget.value)}
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

        {DAMAGE_ANSWERS.filter((answer) => isAsked(answer, damageType === 'crack' ? 'crack' : 'chip')).map((answer) => (
          <DamageAnswerQuestion
            key={answer.name}
            answer={answer}
            // On Chip Repair Only every claim is a chip: no question needs its "for chips only" hint.
            withHint={!chipOnly}
            chosen={defaultValues[answer.name]}
            errors={errors[answer.name]}
          />
        ))}

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

        <ClaimPhotosField label="Damage Photos" maxFiles={maxPhotos} errors={errors.photos} />

        <WrittenAnswerField
          name="description"
          label="What Happened?"
          rows={6}
          placeholder="Describe how and where the damage happened."
          value={defaultValues.description}
          errors={errors.description}
        />

        <p className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          Our team reviews every claim {ANSWER_PROMISE}. We'll e-mail you as soon as your claim is reviewed. Many clear chip claims are
          approved the moment you file them:{' '}
          <Link to={HOW_CLAIMS_ARE_DECIDED_PATH} className="font-medium underline">
            how claims are decided
          </Link>
          .
        </p>

        <ClaimFormButtons submitting={submitting} label="Submit Claim" cancelTo={cancelHref} />
      </Form>
    </Card>
  )
}

/** The claim screen (its title and the form), shared by the real and the demo screen. */
export function SubmitClaimPage(props: SubmitClaimFormProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeading sub="Tell us what happened and add photos of the damage.">Submit a Claim</PageHeading>
      <SubmitClaimForm {...props} />
    </div>
  )
}
