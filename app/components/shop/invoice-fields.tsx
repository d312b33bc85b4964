import { type KeptFile, KeptFiles } from '~/components/claims/kept-files'
import { choiceClass, cx, Field, FieldError, fileButtonClass, inputClass } from '~/components/ui'
import { INVOICE_FIELD_NAMES, INVOICE_FIELDS, type InvoiceFieldName } from '~/domain/invoice'
import { vehicleName } from '~/domain/vehicles'
import { vinModelYear } from '~/domain/vin'

import type { ShopJobView } from './job-summary'

/** A job as the invoice's forms read it. */
export type InvoiceJob = ShopJobView & { planHasAdas: boolean; repairType: 'repair' | 'replacement' | null }

/** A form's messages by field, and the values it was sent with, as a refused post gives them back. */
export type FormErrors = Record<string, string[] | undefined>
export type FormValues = Record<string, string | undefined>

export const labelClass = 'block text-sm font-medium text-slate-900'
export const fileClass = cx('block min-h-11 w-full text-sm text-slate-800 file:min-h-11', fileButtonClass)
export const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

/**
 * Repair or replacement, the two kinds of work a shop does on a claim, as radio buttons with their message; they go
 * inside the form's own fieldset, whose legend each form words for itself.
 */
export function RepairTypeChoices({ replacement, errors }: { replacement: boolean; errors?: string[] }) {
  return (
    <>
      <div className="mt-2 flex gap-6">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="repairType" value="repair" defaultChecked={!replacement} className={choiceClass} /> Repair
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="repairType" value="replacement" defaultChecked={replacement} className={choiceClass} /> Replacement
        </label>
      </div>
      <FieldError id="repairType-error" errors={errors} />
    </>
  )
}

/**
 * A file the shop attaches (an invoice, a calibration report, repair photos; a photo unless `accept` says otherwise),
 * with the files a refused post kept, which a new choice replaces, and the form's message for it.
 */
export function FileField({
  name,
  label,
  accept = 'image/*',
  kept,
  multiple = false,
  replaces = multiple ? 'Photos chosen above replace them.' : 'A file chosen above replaces it.',
  errors,
}: {
  name: string
  label: string
  accept?: string
  kept: KeptFile[]
  multiple?: boolean
  replaces?: string
  errors: FormErrors
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        className={fileClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(kept.length > 0 && `${name}-attached`, errors[name] && `${name}-error`)}
      />
      <KeptFiles id={`${name}-attached`} files={kept} replaces={replaces} />
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </div>
  )
}

/** The vehicle the invoice is for, beside the part number: its year and make, and the model year its VIN gives. */
function vehicleCheck(vehicle: ShopJobView['vehicle']) {
  if (!vehicle) return null
  const vinYear = vehicle.vin ? vinModelYear(vehicle.vin) : null
  const named = `For the ${vehicleName(vehicle)}.`
  if (!vehicle.vin || vinYear === null) return named
  return vinYear === vehicle.year
    ? `${named} Its VIN ${vehicle.vin} decodes to model year ${vinYear}.`
    : `${named} Its VIN ${vehicle.vin} decodes to model year ${vinYear}: check the part against the glass fitted.`
}

/**
 * The invoice's fields, from their declaration (app/domain/invoice.ts), each with its message next to it: the shop's
 * completion form and the correction of a rejected invoice both use them.
 */
export function InvoiceFields({
  job,
  errors,
  values,
  required,
  afterCalibration,
}: {
  job: InvoiceJob
  errors: FormErrors
  values: FormValues
  required: boolean
  afterCalibration?: React.ReactNode
}) {
  const vehicle = vehicleCheck(job.vehicle)
  return (
    <>
      {INVOICE_FIELD_NAMES.map((name) => {
        const field = INVOICE_FIELDS[name]
        const hint =
          name === 'partNumber' && vehicle ? `${field.hint} ${vehicle}` : name === 'adasCalibration' && !required ? undefined : field.hint
        return (
          <div key={name} className="space-y-5">
            <InvoiceField name={name} hint={hint} errors={errors} values={values} />
            {name === 'adasCalibration' ? afterCalibration : null}
          </div>
        )
      })}
    </>
  )
}

/**
 * One invoice field from its declaration (app/domain/invoice.ts): its label, its control and its message. The code-only
 * completion page asks the total alone with it; `hint` replaces the declaration's (undefined leaves it out).
 */
export function InvoiceField({
  name,
  hint = INVOICE_FIELDS[name].hint,
  errors,
  values,
}: {
  name: InvoiceFieldName
  hint?: string
  errors: FormErrors
  values: FormValues
}) {
  const field = INVOICE_FIELDS[name]
  const errorId = errors[name] ? `${name}-error` : null
  const control = field.control
  return (
    <Field label={field.label} hint={hint} htmlFor={name} errors={errors[name]}>
      {control.kind === 'select' ? (
        <select
          id={name}
          name={name}
          defaultValue={values[name] ?? control.options[0]!.value}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(hint && `${name}-hint`, errorId)}
          className={inputClass}
        >
          {control.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={name}
          name={name}
          type="text"
          defaultValue={values[name]}
          inputMode={control.inputMode}
          maxLength={control.maxLength}
          autoComplete="off"
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(hint && `${name}-hint`, errorId)}
          className={inputClass}
        />
      )}
    </Field>
  )
}
