import { buttonClass, Card, choiceClass, Field, FieldError, inputClass } from '~/components/ui'
import {
  CALIBRATION_FILE_TYPES,
  CALIBRATION_FILES,
  CALIBRATION_METHODS,
  CALIBRATION_REPORT_TYPES,
  CALIBRATION_RESULT_NAMES,
  CALIBRATION_RESULTS,
  type CalibrationFileType,
  type CalibrationGap,
  type CalibrationMethod,
  type CalibrationResult,
} from '~/domain/calibration'
import { shopCalibrationPath } from '~/domain/paths'
import { ADAS_CALIBRATION_NAMES } from '~/domain/shops'
import { MAX_LENGTH } from '~/validation/lengths'

import { describedBy, fileClass, labelClass } from './invoice-fields'

/** What a proof still lacks, in the shop's words. */
export function gapInWords(gap: CalibrationGap, calibration: CalibrationMethod | null) {
  if (gap === 'no_proof') return 'No calibration proof is recorded yet.'
  if (gap === 'method_differs')
    return `The method differs from the completion's calibration (${calibration ? ADAS_CALIBRATION_NAMES[calibration] : 'none'}).`
  if (gap === 'failed') return 'The calibration did not pass: record a passing one.'
  return `Missing: ${CALIBRATION_FILES[gap].label.toLowerCase()}.`
}

/** On the job's page: whether the calibration proof is complete, and the way to record it. */
export function CalibrationProofStatus({
  claimId,
  calibration,
  gaps,
  open,
}: {
  claimId: string
  calibration: CalibrationMethod
  gaps: CalibrationGap[]
  open: boolean
}) {
  return (
    <Card className="space-y-3" data-testid="calibration-status">
      <h2 className="text-xl font-semibold text-slate-900">Calibration proof</h2>
      {gaps.length === 0 ? (
        <p className="text-sm text-slate-800">Complete: the job can be paid, and the owner has the calibration certificate.</p>
      ) : (
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {gaps.map((gap) => (
            <li key={gap}>{gapInWords(gap, calibration)}</li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-700">A job with an ADAS calibration is paid only with complete proof that it passed.</p>
      {open ? (
        <a href={shopCalibrationPath(claimId)} className={buttonClass(gaps.length ? 'primary' : 'secondary')}>
          {gaps.length ? 'Record the calibration proof' : 'Correct the calibration proof'}
        </a>
      ) : null}
    </Card>
  )
}

/** A file recorded with the proof before, with a signed link for the shop. */
export type RecordedFile = { fileName: string; url: string }

export type CalibrationFormProof = {
  method: CalibrationMethod
  toolMake: string
  toolSerial: string
  technicianName: string
  result: CalibrationResult
} | null

/**
 * The shop's form for a job's calibration proof: plain multipart POST, the errors next to their fields. Files recorded
 * before are listed under their field and kept unless a new one is chosen.
 */
export function CalibrationProofForm({
  calibration,
  proof,
  recorded,
  errors,
  values,
}: {
  calibration: CalibrationMethod
  proof: CalibrationFormProof
  recorded: Partial<Record<CalibrationFileType, RecordedFile>>
  errors: Record<string, string[] | undefined>
  values: Record<string, string | undefined>
}) {
  const value = (name: keyof NonNullable<CalibrationFormProof>) => values[name] ?? proof?.[name]
  const text = (name: 'toolMake' | 'toolSerial' | 'technicianName', label: string, maxLength: number) => (
    <Field label={label} htmlFor={name} errors={errors[name]}>
      <input
        id={name}
        name={name}
        type="text"
        required
        maxLength={maxLength}
        autoComplete="off"
        defaultValue={value(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={inputClass}
      />
    </Field>
  )
  const choice = <Option extends string>(
    name: 'method' | 'result',
    legend: string,
    options: readonly Option[],
    words: Record<Option, string>,
  ) => (
    <fieldset aria-describedby={errors[name] ? `${name}-error` : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-6">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              className={choiceClass}
              name={name}
              value={option}
              required
              defaultChecked={(value(name) ?? (name === 'method' ? calibration : undefined)) === option}
            />{' '}
            {words[option]}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </fieldset>
  )
  return (
    <form method="post" encType="multipart/form-data" className="space-y-5" data-testid="calibration-form">
      <FieldError id="form-error" errors={errors.form} />
      {choice('method', 'Calibration method', CALIBRATION_METHODS, ADAS_CALIBRATION_NAMES)}
      {text('toolMake', "Tool's make", MAX_LENGTH.toolMake)}
      {text('toolSerial', "Tool's serial number", MAX_LENGTH.serialNumber)}
      {text('technicianName', "Technician's name", MAX_LENGTH.personName)}
      {choice('result', 'Result', CALIBRATION_RESULTS, CALIBRATION_RESULT_NAMES)}
      {CALIBRATION_FILE_TYPES.map((type) => {
        const { field, label } = CALIBRATION_FILES[type]
        const report = CALIBRATION_REPORT_TYPES.includes(type)
        const already = recorded[type]
        return (
          <div key={type} className="space-y-1.5">
            <label htmlFor={field} className={labelClass}>
              {label}
              {type === 'calibration_target_setup' ? ' (static calibrations)' : ''}
              {report ? ' (PDF or photo)' : ''}
            </label>
            <input
              id={field}
              name={field}
              type="file"
              accept={report ? 'application/pdf,.pdf,image/*' : 'image/*'}
              className={fileClass}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(already && `${field}-attached`, errors[field] && `${field}-error`)}
            />
            {already ? (
              <p id={`${field}-attached`} className="text-sm text-green-900">
                Recorded:{' '}
                <a href={already.url} className="underline" target="_blank" rel="noreferrer">
                  {already.fileName}
                </a>
                . A file chosen above replaces it.
              </p>
            ) : null}
            <FieldError id={`${field}-error`} errors={errors[field]} />
          </div>
        )
      })}
      <button type="submit" className={buttonClass('primary')} data-pending-label="Saving...">
        Save the calibration proof
      </button>
    </form>
  )
}
