import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link } from 'react-router'

import { HoneypotInputs } from '~/components/honeypot'
import { StateSelect } from '~/components/state-select'
import { Button, Field, FieldError, Spinner } from '~/components/ui'
import type { LegalDocument } from '~/content/legal'
import { renewalConsentText } from '~/content/renewal-consent'
import { formatPrice } from '~/domain/format'
import {
  type BillingInterval,
  type LookupKey,
  lookupKeyFor,
  parseVehicleType,
  type PlanType,
  type VehicleType,
  yearlyKeyOf,
  yearlySavingPercent,
} from '~/domain/plans'
import { isStateCode, stateRules } from '~/domain/state-rules'
import type { HoneypotProps } from '~/utils/honeypot-fields'
import { useIsPending } from '~/utils/pending'
import { useHydrated } from '~/utils/use-hydrated'
import type { SignupValue } from '~/validation/signup'

import { Consents, TermsBox } from './consents'
import { NoticesBeforeSale } from './notices-before-sale'
import { BillingChoice, VehicleChoices } from './plan-choices'
import { priceOf, type Prices } from './plan-form'
import { PriceSummary } from './price-summary'

/**
 * The second step: the chosen plan configured (state, vehicle, ADAS, billing), its price, the terms and the agreements,
 * posted to the signup route's action (which sends the customer on to payment).
 */
export function ConfigurePlan({
  planType,
  vehicleType: urlVehicleType,
  prices,
  partnerName,
  basePath,
  honeypot,
  terms,
  constraint,
  offeredAt,
  lastResult,
  supportEmail,
}: {
  planType: PlanType
  vehicleType: VehicleType
  prices: Prices | null
  partnerName: string | null
  basePath: string
  honeypot: HoneypotProps
  terms: { document: LegalDocument; version: string }
  constraint: ReturnType<typeof getZodConstraint>
  offeredAt: string
  lastResult: SubmissionResult<string[]> | undefined
  /** The address the page offers for questions (the root's contact details, passed down by the route). */
  supportEmail: string
}) {
  const hydrated = useHydrated()
  const [form, fields] = useForm<SignupValue>({
    lastResult,
    constraint,
    defaultValue: { planType, vehicleType: urlVehicleType, billingInterval: 'month' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  const initialVehicle = parseVehicleType(fields.vehicleType.initialValue) ?? urlVehicleType
  const initialAdas = fields.hasAdas.initialValue === 'true' || fields.hasAdas.initialValue === 'false' ? fields.hasAdas.initialValue : null
  const [vehicleType, setVehicleType] = useState<VehicleType>(initialVehicle)
  const [hasAdas, setHasAdas] = useState<'true' | 'false' | null>(initialAdas)
  const [accepted, setAccepted] = useState(fields.acceptTerms.initialValue === 'on')
  const [billing, setBilling] = useState<BillingInterval>(fields.billingInterval.initialValue === 'year' ? 'year' : 'month')
  const [renewalAccepted, setRenewalAccepted] = useState(fields.acceptRenewal.initialValue === 'on')
  const [esignAccepted, setEsignAccepted] = useState(fields.acceptEsign.initialValue === 'on')
  const initialState = typeof fields.governingState.initialValue === 'string' ? fields.governingState.initialValue.toUpperCase() : ''
  const [governingState, setGoverningState] = useState(initialState)

  const comprehensive = planType === 'comprehensive'
  const lookupKey: LookupKey | null = comprehensive
    ? hasAdas
      ? lookupKeyFor(planType, vehicleType, hasAdas === 'true')
      : null
    : 'chip_only'
  const monthlyPrice = lookupKey ? priceOf(prices, lookupKey) : null
  const yearlyPrice = lookupKey ? priceOf(prices, yearlyKeyOf(lookupKey)) : null
  const price = billing === 'year' ? yearlyPrice : monthlyPrice
  // The yearly choice's saving: the configured plan's, or (ADAS not chosen yet) the plan's starting configuration's.
  const savingKey = lookupKey ?? lookupKeyFor(planType, vehicleType, false)
  const saving = yearlySavingPercent(priceOf(prices, savingKey) ?? 0, priceOf(prices, yearlyKeyOf(savingKey)) ?? 0)
  const busy = useIsPending()
  // Without JavaScript the button is never disabled: the server checks the same rules and explains.
  const blocked = hydrated && ((comprehensive && !hasAdas) || !accepted || !renewalAccepted || !esignAccepted)
  // The renewal terms for the state chosen (with JavaScript, as it is chosen); before a choice, the text for any state.
  const renewalText = renewalConsentText({
    monthlyPrice: price === null ? null : formatPrice(price),
    rules: isStateCode(governingState) ? stateRules(governingState) : null,
    supportEmail,
    interval: billing,
    governingState: isStateCode(governingState) ? governingState : null,
    offeredAt,
  })

  return (
    <section aria-labelledby="configure-heading">
      <p className="text-sm">
        <Link to={basePath} className="inline-flex items-center text-brand-700 underline-offset-2 hover:underline max-sm:min-h-11">
          ← Change plan
        </Link>
      </p>
      <h1 id="configure-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        {comprehensive ? 'Comprehensive Protection' : 'Chip Repair Protection'}
      </h1>
      {partnerName ? <p className="mt-2 text-slate-700">Sign up for your protection plan with {partnerName}</p> : null}

      <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-8 lg:grid-cols-2">
        <input type="hidden" name="planType" value={planType} />
        <input type="hidden" name="shownPrices" value={JSON.stringify(prices ?? {})} />
        <HoneypotInputs {...honeypot} />

        <div className="space-y-6">
          <Field label="State of residence" hint="The state you live in: its law governs your plan." field={fields.governingState}>
            <StateSelect
              id={fields.governingState.id}
              name={fields.governingState.name}
              defaultValue={fields.governingState.initialValue as string | undefined}
              errorId={fields.governingState.errorId}
              invalid={Boolean(fields.governingState.errors?.length)}
              onChange={setGoverningState}
            />
          </Field>
          <NoticesBeforeSale governingState={governingState} />

          {comprehensive ? (
            <VehicleChoices fields={fields} prices={prices} setVehicleType={setVehicleType} setHasAdas={setHasAdas} />
          ) : null}

          <BillingChoice fields={fields} saving={saving} setBilling={setBilling} />

          <PriceSummary
            price={price}
            billing={billing}
            governingState={governingState}
            monthlyPrice={monthlyPrice}
            yearlyPrice={yearlyPrice}
          />
        </div>

        <TermsBox terms={terms} />

        <div className="space-y-4">
          <Consents
            fields={fields}
            renewalText={renewalText}
            supportEmail={supportEmail}
            setAccepted={setAccepted}
            setRenewalAccepted={setRenewalAccepted}
            setEsignAccepted={setEsignAccepted}
          />
          {form.errors?.length ? <FieldError id={form.errorId} errors={form.errors} /> : null}
          <Button type="submit" className="w-full py-3 text-base" disabled={busy || blocked}>
            {busy ? (
              <>
                <Spinner label="Processing" /> Processing...
              </>
            ) : (
              'Subscribe Now'
            )}
          </Button>
          <p className="text-xs text-slate-600">You will be taken to our secure payment page. Cancel there to come back here.</p>
        </div>
      </Form>
    </section>
  )
}
