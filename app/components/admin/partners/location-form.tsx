import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { Button, Card, Field, FieldError, inputClass } from '~/components/ui'
import type { PartnerLocation } from '~/db/schema'
import { SHOP_SERVICE_NAMES } from '~/domain/shops'
import { PartnerConsoleSchema } from '~/validation/partners'

/** A location's form: adding one, or editing one (a new signup link keeps the old one working as a redirect). */
export function LocationForm({
  location,
  groups,
  lastResult,
  busy,
}: {
  location?: PartnerLocation
  groups: { id: string; name: string }[]
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const schema = location ? PartnerConsoleSchema.options[3] : PartnerConsoleSchema.options[1]
  const [form, fields] = useForm({
    id: location ? `edit-location-${location.id}` : 'create-location',
    lastResult,
    defaultValue: location
      ? {
          name: location.name,
          slug: location.slug,
          partnerGroupId: location.partnerGroupId ?? '',
          address: location.address ?? '',
          city: location.city ?? '',
          state: location.state ?? '',
          zip: location.zip ?? '',
          phone: location.phone ?? '',
          hours: location.hours ?? '',
          mobileService: location.mobileService ? 'on' : undefined,
          mobileRadiusMiles: location.mobileRadiusMiles === null ? '' : String(location.mobileRadiusMiles),
          offersChipRepair: location.offersChipRepair ? 'on' : undefined,
          offersReplacement: location.offersReplacement ? 'on' : undefined,
          offersCalibration: location.offersCalibration ? 'on' : undefined,
        }
      : // A new location does chip repair and replacement unless the operator says otherwise.
        { offersChipRepair: 'on', offersReplacement: 'on' },
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const body = (
    <Form method="post" {...getFormProps(form)} className={location ? 'mt-2 grid gap-3 sm:grid-cols-3' : 'space-y-4'}>
      <input type="hidden" name="intent" value={location ? 'edit-location' : 'create-location'} />
      {location ? <input type="hidden" name="id" value={location.id} /> : null}
      <Field label="Partner group" field={fields.partnerGroupId}>
        {/* A required select starts on an empty choice (HTML's rule), also when editing: none chosen is refused next to it. */}
        <select {...getSelectProps(fields.partnerGroupId)} className={inputClass}>
          <option value="">Choose…</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Location name" field={fields.name}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="Signup link"
        hint={location ? 'The old link keeps working: it redirects here.' : 'The end of /signup/…, e.g. main-street-glass'}
        field={fields.slug}
      >
        <input {...getInputProps(fields.slug, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Street address (optional)" field={fields.address}>
        <input {...getInputProps(fields.address, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="City (optional)" field={fields.city}>
        <input {...getInputProps(fields.city, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="State (optional)" hint="Two letters, like UT." field={fields.state}>
        <input {...getInputProps(fields.state, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="ZIP code (optional)"
        hint="Customers are shown the shops nearest their ZIP; a location without one is not shown."
        field={fields.zip}
      >
        <input {...getInputProps(fields.zip, { type: 'text' })} inputMode="numeric" autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Phone (optional)" field={fields.phone}>
        <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Opening hours (optional)" hint="As the shop says them, like Mon–Fri 8–6, Sat 9–1." field={fields.hours}>
        <input {...getInputProps(fields.hours, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <fieldset className="space-y-1" aria-describedby={fields.offersChipRepair.errors ? fields.offersChipRepair.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-900">Services</legend>
        {(
          [
            [fields.offersChipRepair, SHOP_SERVICE_NAMES.chip_repair],
            [fields.offersReplacement, SHOP_SERVICE_NAMES.replacement],
            [fields.offersCalibration, SHOP_SERVICE_NAMES.calibration],
          ] as const
        ).map(([field, label]) => (
          <label key={field.name} className="flex min-h-11 items-center gap-2 text-sm">
            <input {...getInputProps(field, { type: 'checkbox' })} aria-describedby={undefined} />
            {label}
          </label>
        ))}
        <FieldError id={fields.offersChipRepair.errorId} errors={fields.offersChipRepair.errors} />
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input {...getInputProps(fields.mobileService, { type: 'checkbox' })} />
        Mobile service (comes to the customer)
      </label>
      <Field label="Mobile service radius in miles" field={fields.mobileRadiusMiles}>
        <input {...getInputProps(fields.mobileRadiusMiles, { type: 'number' })} min={1} max={250} className={inputClass} />
      </Field>
      <div className={location ? 'sm:col-span-3' : undefined}>
        <Button type="submit" disabled={busy}>
          {location ? 'Save location' : 'Add location'}
        </Button>
      </div>
    </Form>
  )
  return location ? (
    <details open={Boolean(lastResult)} className="w-full">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">Edit location…</summary>
      {body}
    </details>
  ) : (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Add a location</h2>
      {body}
    </Card>
  )
}
