import { getCollectionProps } from '@conform-to/react'
import type { ComponentProps, ReactNode } from 'react'

import { cx, FieldError } from '~/components/ui'
import { VEHICLE_TYPE_NAMES } from '~/content/marketing'
import type { BillingInterval, VehicleType } from '~/domain/plans'

import { type Prices, priceText, type SignupFields } from './plan-form'

/** The comprehensive plan's vehicle class and ADAS, each choice priced (also without JavaScript). */
export function VehicleChoices({
  fields,
  prices,
  setVehicleType,
  setHasAdas,
}: {
  fields: SignupFields
  prices: Prices | null
  setVehicleType: (vehicleType: VehicleType) => void
  setHasAdas: (hasAdas: 'true' | 'false') => void
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Vehicle Type</legend>
        <div className="grid grid-cols-2 gap-3">
          {getCollectionProps(fields.vehicleType, { type: 'radio', options: ['car', 'trucksuv'] }).map(({ key, ...props }) => {
            const option = props.value as VehicleType
            return (
              <ChoiceRadio
                key={key}
                {...props}
                onChange={() => setVehicleType(option)}
                label={VEHICLE_TYPE_NAMES[option]}
                detail={`from ${priceText(prices, `comprehensive_${option}_adas_false`)} / month`}
              />
            )
          })}
        </div>
      </fieldset>

      <fieldset className="space-y-2" aria-describedby={cx('adas-hint', fields.hasAdas.errors && fields.hasAdas.errorId)}>
        <legend className="text-sm font-medium text-slate-900">ADAS</legend>
        <p id="adas-hint" className="text-sm text-slate-600">
          Does your vehicle have cameras or sensors in the windshield?
        </p>
        <div className="grid grid-cols-2 gap-3">
          {getCollectionProps(fields.hasAdas, { type: 'radio', options: ['false', 'true'] }).map(({ key, ...props }) => {
            const option = props.value as 'true' | 'false'
            return (
              <ChoiceRadio
                key={key}
                {...props}
                onChange={() => setHasAdas(option)}
                label={option === 'true' ? 'Has ADAS' : 'No ADAS'}
                detail={<AdasPrices prices={prices} hasAdas={option} />}
              />
            )
          })}
        </div>
        <FieldError id={fields.hasAdas.errorId} errors={fields.hasAdas.errors} />
      </fieldset>
    </>
  )
}

/** Monthly or yearly billing, the yearly choice with its saving. */
export function BillingChoice({
  fields,
  saving,
  setBilling,
}: {
  fields: SignupFields
  saving: number
  setBilling: (billing: BillingInterval) => void
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Billing</legend>
      <div className="grid grid-cols-2 gap-3">
        {getCollectionProps(fields.billingInterval, { type: 'radio', options: ['month', 'year'] }).map(({ key, ...props }) => {
          const option = props.value as BillingInterval
          return (
            <ChoiceRadio
              key={key}
              {...props}
              onChange={() => setBilling(option)}
              label={option === 'year' ? 'Yearly' : 'Monthly'}
              detail={option === 'year' ? `Billed once a year${saving > 0 ? ` · save ${saving} %` : ''}` : 'Billed every month'}
            />
          )
        })}
      </div>
    </fieldset>
  )
}

/** Under each ADAS choice: its price for both vehicle classes, so the choice is priced even without JavaScript. */
function AdasPrices({ prices, hasAdas }: { prices: Prices | null; hasAdas: 'true' | 'false' }) {
  return (
    <>
      Car {priceText(prices, `comprehensive_car_adas_${hasAdas}`)} · Truck/SUV {priceText(prices, `comprehensive_trucksuv_adas_${hasAdas}`)}
    </>
  )
}

function ChoiceRadio({ label, detail, id, ...input }: ComponentProps<'input'> & { id: string; label: string; detail: ReactNode }) {
  // The whole box selects the option (the label stretches over it); the price detail describes it without being its name.
  return (
    <div
      data-tap-target
      className="relative flex items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
    >
      <input id={id} aria-describedby={`${id}-detail`} {...input} className="relative z-10 mt-1 h-4 w-4 text-brand-600" />
      <span>
        <label htmlFor={id} className="block cursor-pointer font-medium text-slate-900 after:absolute after:inset-0">
          {label}
        </label>
        <span id={`${id}-detail`} className="block text-xs text-slate-700">
          {detail}
        </span>
      </span>
    </div>
  )
}
