import { Form } from 'react-router'

import { Card, Field, inputClass } from '~/components/ui'
import { formatLongDate } from '~/domain/format'
import { vehicleName } from '~/domain/vehicles'
import type { CustomerPageData } from '~/models/people/customer-page.types'
import { fieldLimits } from '~/validation/limits'
import { CorrectVehicleSchema } from '~/validation/operator'

import { CustomerSection, type FailedForm } from './customer-section'
import { SubmitButton } from './submit-button'

// The plan decides which makes are allowed, not how long a field may be: any plan's schema gives the limits.
const LIMITS = fieldLimits(CorrectVehicleSchema('chip_only'))

/** The correction form's fields, in order: the vehicle step's fields, then the reason. */
const VEHICLE_FIELDS: {
  name: 'vin' | 'licensePlate' | 'licensePlateState' | 'year' | 'make' | 'model' | 'reason'
  label: string
  numeric?: boolean
}[] = [
  { name: 'licensePlate', label: 'License plate' },
  { name: 'licensePlateState', label: 'State' },
  { name: 'year', label: 'Year', numeric: true },
  { name: 'make', label: 'Make' },
  { name: 'model', label: 'Model' },
  { name: 'vin', label: 'VIN (optional)' },
  { name: 'reason', label: 'Reason for the correction' },
]

/** The customer's vehicles, each with the form that corrects its details (audited, with a reason). */
export function VehiclesSection({
  vehicles,
  states,
  failed,
}: {
  vehicles: CustomerPageData['vehicles']
  states: string[]
  failed: FailedForm
}) {
  return (
    <CustomerSection name="vehicles" title="Vehicles">
      {vehicles.length === 0 ? <p className="text-slate-700">No vehicles yet.</p> : null}
      {vehicles.map((vehicle) => {
        const errors = failed('correct-vehicle', vehicle.id)
        return (
          <Card key={vehicle.id} data-testid="admin-vehicle">
            <h3 className="text-lg font-semibold text-slate-900">{vehicleName(vehicle, { withPlate: true })}</h3>
            <p className="text-sm text-slate-700">
              {vehicle.policyIds.length ? `Covered by policy ${vehicle.policyIds.join(', ')}.` : 'Not on a policy now.'} Added{' '}
              {formatLongDate(vehicle.createdAt, '—')}.
            </p>
            {vehicle.vin ? (
              <p className="text-sm text-slate-700">
                VIN <span className="font-mono">{vehicle.vin}</span>
              </p>
            ) : null}
            <details className="mt-3" open={Object.keys(errors).length > 0}>
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
                Correct the details…
              </summary>
              <Form method="post" className="mt-3 grid max-w-2xl gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="correct-vehicle" />
                <input type="hidden" name="vehicleId" value={vehicle.id} />
                {VEHICLE_FIELDS.map(({ name, label, numeric }) => {
                  const id = `${name}-${vehicle.id}`
                  const fieldErrors = name === 'reason' ? (errors.reason ?? errors.form) : errors[name]
                  const control = {
                    id,
                    name,
                    // The customer's vehicle, not the operator's: the browser must not offer the operator's own details.
                    autoComplete: 'off',
                    className: inputClass,
                    'aria-invalid': fieldErrors ? true : undefined,
                    'aria-describedby': fieldErrors ? `${id}-error` : undefined,
                  }
                  return (
                    <Field key={name} label={label} htmlFor={id} errors={fieldErrors} errorId={`${id}-error`}>
                      {name === 'licensePlateState' ? (
                        <select {...control} defaultValue={vehicle.licensePlateState}>
                          {states.map((code) => (
                            <option key={code} value={code}>
                              {code}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input
                          {...control}
                          defaultValue={name === 'reason' ? undefined : String(vehicle[name] ?? '')}
                          maxLength={LIMITS[name].maxLength}
                          inputMode={numeric ? 'numeric' : undefined}
                          required={name === 'reason'}
                        />
                      )}
                    </Field>
                  )
                })}
                <div className="sm:col-span-2">
                  <SubmitButton intent="correct-vehicle">Save the correction</SubmitButton>
                </div>
              </Form>
            </details>
          </Card>
        )
      })}
    </CustomerSection>
  )
}
