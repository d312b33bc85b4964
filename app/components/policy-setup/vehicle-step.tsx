import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ReactNode, useRef, useState } from 'react'
import { Form } from 'react-router'

import { Toast } from '~/components/toast'
import { Button, ButtonLink, Field, inputClass } from '~/components/ui'
import type { UsState } from '~/content/vehicles'
import { type ToastMessage, VEHICLE_MESSAGES, VIN_MESSAGES } from '~/domain/messages'
import type { PlanType } from '~/domain/plans'
import { checkVin, normalizeVin, VIN_LENGTH } from '~/domain/vin'
import { useHydrated } from '~/utils/use-hydrated'
import { MAX_LENGTH } from '~/validation/lengths'
import { type VehicleFormValues, type VehicleInput, vehicleSchema } from '~/validation/policy-setup'

/** Looks up the models of a make in a year (the wizard asks the server, the demo simulates). Throws on failure. */
export type ModelLoader = (make: string, year: string) => Promise<string[]>

/** What a VIN decodes to for the form (the wizard asks the server). Throws with the message to show next to the field. */
export type VinDecoder = (vin: string) => Promise<{ year: string; make: string; model: string; models: string[] | null; decoded: boolean }>

export type VehicleStepProps = {
  /** Where the form posts; '' for the current route. */
  action?: string
  hiddenFields?: Record<string, string>
  planType: PlanType
  states: readonly UsState[]
  years: readonly number[]
  makes: { popular: readonly string[]; all: readonly string[] }
  defaultValues: VehicleFormValues
  /** Models for the default make and year when already known (after 'Find models'); null when not looked up. */
  models: string[] | null
  lastResult?: SubmissionResult<string[]> | null
  toast?: ToastMessage | null
  /** 'Back' to step 1. */
  backHref: string
  submitting?: boolean
  /** With JavaScript, models load as soon as year and make are chosen. */
  loadModels?: ModelLoader
  /**
   * The VIN's 'Look up' button (a post with intent=vin-lookup) is shown when the page's action answers it; with
   * JavaScript and `decodeVin`, the VIN is decoded as its 17th character is typed.
   */
  vinLookup?: boolean
  decodeVin?: VinDecoder
  /** With JavaScript: a valid 'Complete Policy' calls this instead of posting (the demo simulates the save). */
  onComplete?: (vehicle: VehicleInput) => void
  /** The transfer to a replacement vehicle: its own wording, and its extra questions (class, ADAS) after the model. */
  copy?: { intro: string; submit: string; submitting: string }
  /** Validates in the browser instead of the setup schema (the transfer's asks more). */
  schema?: typeof vehicleSchema
  extraFields?: (errors: (name: string) => string[] | undefined) => ReactNode
}

/**
 * Step 2 of 2, the vehicle form: the optional VIN, plate, plate state, year, make, model. Without JavaScript a 'Find
 * models' button reloads the step with the model list, and 'Look up' with what the VIN decodes to, keeping what was
 * typed; with it the list loads on change (a new year or make clears the model) and the VIN decodes as it is typed.
 */
export function VehicleStep(props: VehicleStepProps) {
  const { defaultValues, planType } = props
  const hydrated = useHydrated()
  const live = hydrated && Boolean(props.loadModels)
  const [year, setYear] = useState(defaultValues.year)
  const [make, setMake] = useState(defaultValues.make)
  const [model, setModel] = useState(defaultValues.model)
  const [models, setModels] = useState<string[] | null>(props.models)
  const [loading, setLoading] = useState(false)
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const [vinMessage, setVinMessage] = useState<string | null>(null)
  const [decoding, setDecoding] = useState(false)
  const lookup = useRef(0)
  const decodedVin = useRef(normalizeVin(defaultValues.vin))

  const [form, fields] = useForm({
    id: 'vehicle-form',
    lastResult: props.lastResult ?? undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: (props.schema ?? vehicleSchema)(planType) }),
    onSubmit: (event, { submission }) => {
      if (!props.onComplete || submission?.status !== 'success') return
      event.preventDefault()
      props.onComplete(submission.value)
    },
  })

  async function choose(nextYear: string, nextMake: string) {
    setYear(nextYear)
    setMake(nextMake)
    setModel('') // Changing year or make clears the model.
    setToast(null)
    if (!live) return
    const ticket = ++lookup.current
    if (!nextYear || !nextMake) {
      setModels(null)
      return
    }
    setLoading(true)
    setModels(null)
    try {
      const list = await props.loadModels!(nextMake, nextYear)
      if (ticket !== lookup.current) return
      setModels(list)
      if (list.length === 0) setToast({ type: 'error', ...VEHICLE_MESSAGES.noModels(nextMake, nextYear) })
    } catch (error) {
      if (ticket !== lookup.current) return
      const description = error instanceof Error && error.message ? error.message : VEHICLE_MESSAGES.modelsError.description
      setToast({ type: 'error', title: VEHICLE_MESSAGES.modelsError.title, description })
    } finally {
      if (ticket === lookup.current) setLoading(false)
    }
  }

  /** With JavaScript: once 17 characters are typed, the VIN is checked here, then decoded by the server. */
  async function typedVin(raw: string, pressed = false) {
    const vin = normalizeVin(raw)
    if (pressed && vin.length === 0) {
      setVinMessage(VIN_MESSAGES.empty)
      return
    }
    if (vin.length < VIN_LENGTH && !pressed) {
      setVinMessage(null)
      return
    }
    if (!hydrated || !props.decodeVin || (vin === decodedVin.current && !pressed)) return
    decodedVin.current = vin
    const check = checkVin(vin)
    if (!check.ok) {
      setVinMessage(check.message)
      return
    }
    setVinMessage(null)
    const ticket = ++lookup.current
    setDecoding(true)
    try {
      const answer = await props.decodeVin(vin)
      if (ticket !== lookup.current) return
      if (!answer.decoded) {
        setToast({ type: 'info', ...VIN_MESSAGES.notDecoded })
        return
      }
      setYear(answer.year)
      setMake(answer.make)
      setModels(answer.models)
      setModel(answer.model)
      setToast({ type: 'success', ...VIN_MESSAGES.decoded })
    } catch (error) {
      if (ticket !== lookup.current) return
      setVinMessage(error instanceof Error && error.message ? error.message : VIN_MESSAGES.lookupFailed)
    } finally {
      if (ticket === lookup.current) setDecoding(false)
    }
  }

  const shownToast = toast ?? props.toast ?? null
  const errorProps = (field: { id: string; errors?: string[]; errorId: string }) =>
    field.errors?.length ? { 'aria-invalid': true as const, 'aria-describedby': field.errorId } : {}
  const vinErrors = vinMessage ? [vinMessage] : fields.vin.errors
  const modelDisabled = loading || !models || models.length === 0 || (live && (!year || !make))

  return (
    <Form method="post" action={props.action} {...getFormProps(form)} className="space-y-6">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Step 2 of 2</p>
        <h2 className="mt-1 text-xl font-semibold text-slate-900">Vehicle information</h2>
        <p className="mt-1 text-slate-700">{props.copy?.intro ?? 'Tell us which vehicle this windshield belongs to.'}</p>
      </div>

      {shownToast ? <Toast toast={shownToast} /> : null}
      {Object.entries(props.hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {form.errors?.length ? <Toast toast={{ type: 'error', title: form.errors.join(' ') }} /> : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="VIN"
          htmlFor={fields.vin.id}
          errors={vinErrors}
          errorId={fields.vin.errorId}
          className="sm:col-span-2"
          hint="Optional: the 17 characters at the bottom of your windshield on the driver's side, or on your registration."
        >
          <div className="flex flex-wrap items-center gap-3">
            <input
              id={fields.vin.id}
              name={fields.vin.name}
              type="text"
              defaultValue={defaultValues.vin}
              maxLength={MAX_LENGTH.vin}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} min-w-0 flex-1 font-mono uppercase`}
              onInput={(event) => void typedVin(event.currentTarget.value)}
              {...(vinErrors?.length ? { 'aria-invalid': true as const, 'aria-describedby': fields.vin.errorId } : {})}
            />
            {props.vinLookup && hydrated && props.decodeVin ? (
              // With JavaScript the VIN is decoded in place: a submit would validate the whole form and mark every
              // field the customer has not reached yet as wrong.
              <Button
                type="button"
                variant="secondary"
                disabled={decoding}
                onClick={(event) => {
                  const input = event.currentTarget.form?.elements.namedItem(fields.vin.name)
                  if (input instanceof HTMLInputElement) void typedVin(input.value, true)
                }}
              >
                {decoding ? 'Looking up...' : 'Look up'}
              </Button>
            ) : props.vinLookup ? (
              <Button type="submit" variant="secondary" name="intent" value="vin-lookup" formNoValidate disabled={decoding}>
                Look up
              </Button>
            ) : null}
          </div>
        </Field>

        <Field label="License plate" field={fields.licensePlate}>
          <input
            id={fields.licensePlate.id}
            name={fields.licensePlate.name}
            type="text"
            defaultValue={defaultValues.licensePlate}
            required
            maxLength={MAX_LENGTH.licensePlate}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`${inputClass} uppercase`}
            onInput={(event) => {
              const input = event.currentTarget
              const start = input.selectionStart
              input.value = input.value.toUpperCase()
              if (start !== null) input.setSelectionRange(start, start)
            }}
            {...errorProps(fields.licensePlate)}
          />
        </Field>

        <Field label="Plate state" field={fields.licensePlateState}>
          <select
            id={fields.licensePlateState.id}
            name={fields.licensePlateState.name}
            defaultValue={defaultValues.licensePlateState}
            required
            className={inputClass}
            {...errorProps(fields.licensePlateState)}
          >
            <option value="">Select a state</option>
            {props.states.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </Field>

        <Field label="Year" field={fields.year}>
          <select
            id={fields.year.id}
            name={fields.year.name}
            value={year}
            onChange={(event) => choose(event.currentTarget.value, make)}
            required
            className={inputClass}
            {...errorProps(fields.year)}
          >
            <option value="">Select a year</option>
            {props.years.map((option) => (
              <option key={option} value={String(option)}>
                {option}
              </option>
            ))}
          </select>
        </Field>

        <Field label="Make" field={fields.make}>
          <select
            id={fields.make.id}
            name={fields.make.name}
            value={make}
            onChange={(event) => choose(year, event.currentTarget.value)}
            required
            // Enabled once a year is chosen (without JavaScript it cannot wait for that).
            disabled={hydrated && !year}
            className={inputClass}
            {...errorProps(fields.make)}
          >
            <option value="">Select a make</option>
            <optgroup label="Popular Makes">
              {props.makes.popular.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </optgroup>
            <optgroup label="All Makes">
              {props.makes.all.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </optgroup>
          </select>
        </Field>

        <Field
          label="Model"
          field={fields.model}
          className="sm:col-span-2"
          hint={live ? undefined : 'Choose the year and make, then press Find models.'}
        >
          <div className="flex flex-wrap items-center gap-3">
            <select
              id={fields.model.id}
              name={fields.model.name}
              value={model}
              onChange={(event) => setModel(event.currentTarget.value)}
              required
              disabled={modelDisabled}
              className={`${inputClass} min-w-0 flex-1`}
              {...errorProps(fields.model)}
            >
              {models && models.length === 0 ? (
                <option value="" disabled>
                  No models found
                </option>
              ) : (
                <option value="">{loading ? 'Loading models...' : models ? 'Select a model' : 'Select year and make first'}</option>
              )}
              {(models ?? []).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
            {live ? null : (
              <Button type="submit" variant="secondary" name="intent" value="find-models" formNoValidate>
                Find models
              </Button>
            )}
          </div>
        </Field>
        {props.extraFields?.((name) => form.allErrors[name])}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <ButtonLink to={props.backHref} variant="secondary">
          Back
        </ButtonLink>
        <Button type="submit" name="intent" value="complete" disabled={props.submitting || loading}>
          {props.submitting ? (props.copy?.submitting ?? 'Completing...') : (props.copy?.submit ?? 'Complete Policy')}
        </Button>
      </div>
    </Form>
  )
}
