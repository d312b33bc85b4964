import { getCollectionProps, getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link, redirect } from 'react-router'

import { checkoutRateLimited } from '~/auth/checkout-limits.server'
import { getProfile } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { HoneypotInputs } from '~/components/honeypot'
import { LegalDocumentView } from '~/components/legal-document'
import { StateSelect } from '~/components/state-select'
import { Toast, type ToastMessage } from '~/components/toast'
import { Button, buttonClass, Card, cx, Field, FieldError, Spinner } from '~/components/ui'
import { ESIGN_CONSENT_LABEL, esignDisclosure } from '~/content/esign'
import type { LegalDocument } from '~/content/legal'
import { PLANS, VEHICLE_TYPE_NAMES } from '~/content/marketing'
import { commitmentStateNames, renewalConsentText } from '~/content/renewal-consent'
import { siteTermsOfService } from '~/content/site-legal'
import { TOS_VERSION } from '~/content/terms'
import { formatPrice } from '~/domain/format'
import {
  ADAS_REQUIRED,
  CHECKOUT_ERROR,
  CONSENT_MESSAGES,
  PRICING_ERROR,
  STATE_MESSAGES,
  TERMS_REQUIRED,
  UNKNOWN_PLAN,
} from '~/domain/messages'
import {
  type BillingInterval,
  type LookupKey,
  lookupKeyFor,
  parsePlanType,
  parseVehicleType,
  type PlanType,
  type VehicleType,
  yearlyKeyOf,
  yearlyOfferText,
  yearlySavingPercent,
} from '~/domain/plans'
import { isStateCode, noticesBeforeSale, stateRules } from '~/domain/state-rules'
import { env } from '~/env.server'
import { CheckoutRefused, loadPricing, startCheckout } from '~/models/checkout.server'
import { useRootData } from '~/root'
import { consentFromRequest } from '~/server/consent.server'
import { routeRules } from '~/server/route-rules'
import type { HoneypotProps } from '~/utils/honeypot'
import { formPastHoneypot, honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerSubmission, refusalOf } from '~/utils/refusal'
import { useHydrated } from '~/utils/use-hydrated'
import { lookupKeyOf, SignupSchema, signupState, type SignupValue } from '~/validation/signup'

import type { Route } from './+types/signup'
import { partnerFor, shownPriceFor } from './signup.server'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

type Prices = Partial<Record<LookupKey, number>>

export async function loader({ request, params }: Route.LoaderArgs) {
  const partner = partnerFor(params.slug)
  const url = new URL(request.url)
  const prices = await loadPricing()
  return {
    partner,
    planType: parsePlanType(url.searchParams.get('planType')),
    vehicleType: parseVehicleType(url.searchParams.get('vehicleType')) ?? 'car',
    prices,
    pricingToast: prices ? null : ({ type: 'error', ...PRICING_ERROR } satisfies ToastMessage),
    honeypot: honeypotProps(),
    // The terms are rendered on the server and handed to the page as data: its JavaScript then carries no legal text.
    terms: { document: siteTermsOfService(env().SUPPORT_EMAIL), version: TOS_VERSION },
    // The form's HTML constraints from its schema, read here: the page's JavaScript carries no zod, and the action
    // checks every submission (Conform shows its answer beside each field).
    constraint: getZodConstraint(SignupSchema),
    // The renewal terms date the first renewal's deadline from now; read once here so the page and its hydration agree.
    offeredAt: new Date().toISOString(),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const partner = partnerFor(params.slug)
  // A bot's post (the honeypot filled in) is answered as an empty form for the plan it chose.
  const formData = formPastHoneypot(await request.formData(), ['planType'])
  const planType = parsePlanType(formData.get('planType'))
  const submission = parseWithZod(formData, { schema: SignupSchema })
  if (submission.status !== 'success') {
    const errors = submission.error ?? {}
    const toast = errors.hasAdas
      ? ADAS_REQUIRED
      : errors.acceptTerms
        ? TERMS_REQUIRED
        : errors.acceptRenewal
          ? CONSENT_MESSAGES.renewalRequired
          : errors.acceptEsign
            ? CONSENT_MESSAGES.esignRequired
            : errors.governingState
              ? STATE_MESSAGES.required
              : { title: CHECKOUT_ERROR.title, description: UNKNOWN_PLAN }
    return answerSubmission(submission, { planType, toast: { type: 'error', ...toast }, prices: null })
  }

  const limited = checkoutRateLimited({ request, context })
  if (limited) {
    return answerSubmission(submission, {
      planType,
      prices: null,
      status: 429,
      headers: { 'Retry-After': String(limited.retryAfterSeconds) },
      formErrors: [limited.description],
      toast: { type: 'error', title: limited.title, description: limited.description },
    })
  }

  const value = submission.value
  const lookupKey = lookupKeyOf(value)
  const profile = await getProfile(request)
  const basePath = partner ? `/signup/${partner.slug}` : '/signup'
  let url: string
  try {
    url = await startCheckout({
      lookupKey,
      shownPriceCents: shownPriceFor(value.shownPrices, lookupKey),
      partnerLocationId: partner?.id ?? null,
      tosAcceptedAt: new Date().toISOString(),
      governingState: signupState(value),
      consent: consentFromRequest({ request, context }),
      profile: profile ? { id: profile.id, email: profile.email } : null,
      cancelPath: `${basePath}?planType=${value.planType}${value.planType === 'comprehensive' ? `&vehicleType=${value.vehicleType}` : ''}`,
    })
  } catch (error) {
    if (!(error instanceof CheckoutRefused)) throw error
    const { toast, status } = refusalOf(error)
    // A refusal about one field (a state where the product is not sold) shows next to it; others above the button.
    const where = error.field === 'form' ? { formErrors: [error.message] } : { fieldErrors: { [error.field]: [error.message] } }
    return answerSubmission(submission, { planType, toast, status, ...where, prices: error.prices })
  }
  return redirect(url, 303)
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { partner } = loaderData
  const planType = actionData?.planType ?? loaderData.planType
  const prices = actionData?.prices ?? loaderData.prices
  const basePath = partner ? `/signup/${partner.slug}` : '/signup'
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 space-y-3" aria-live="polite">
        <Toast toast={actionData?.toast ?? loaderData.pricingToast} />
      </div>
      {planType ? (
        <ConfigurePlan
          // A new plan (or a fresh error) starts a fresh form: defaults come from the URL or from the last submission.
          key={planType}
          planType={planType}
          vehicleType={loaderData.vehicleType}
          prices={prices}
          partnerName={partner?.name ?? null}
          basePath={basePath}
          honeypot={loaderData.honeypot}
          terms={loaderData.terms}
          constraint={loaderData.constraint}
          offeredAt={loaderData.offeredAt}
          lastResult={actionData?.result ?? undefined}
        />
      ) : (
        <PlanChooser prices={prices} partnerName={partner?.name ?? null} basePath={basePath} />
      )}
    </div>
  )
}

function priceOf(prices: Prices | null, key: LookupKey) {
  const cents = prices?.[key]
  return typeof cents === 'number' && cents > 0 ? cents : null
}

function priceText(prices: Prices | null, key: LookupKey) {
  const cents = priceOf(prices, key)
  return cents === null ? '—' : formatPrice(cents)
}

function PlanChooser({ prices, partnerName, basePath }: { prices: Prices | null; partnerName: string | null; basePath: string }) {
  const chip = priceOf(prices, 'chip_only')
  const car = priceOf(prices, 'comprehensive_car_adas_false')
  const truck = priceOf(prices, 'comprehensive_trucksuv_adas_false')
  const from = car !== null && truck !== null ? Math.min(car, truck) : (car ?? truck)
  const choices = [
    {
      planType: 'chip_only' as const,
      name: PLANS.chip_only.name,
      price: chip === null ? '—' : formatPrice(chip),
      from: false,
      yearly: yearlyOfferText(chip, priceOf(prices, 'chip_only_yearly')),
      description: PLANS.chip_only.description,
      features: PLANS.chip_only.features,
      cta: 'Select Chip Repair Plan',
    },
    {
      planType: 'comprehensive' as const,
      name: 'Comprehensive',
      price: from === null ? '—' : formatPrice(from),
      from: true,
      // The yearly offer of the configuration the 'from' price is.
      yearly:
        from === null
          ? null
          : from === car
            ? yearlyOfferText(car, priceOf(prices, 'comprehensive_car_adas_false_yearly'))
            : yearlyOfferText(truck, priceOf(prices, 'comprehensive_trucksuv_adas_false_yearly')),
      description: 'Complete windshield protection for cars, trucks and SUVs: chips, cracks and a full replacement each plan year.',
      features: PLANS.comprehensive_car.features,
      cta: 'Select Comprehensive Plan',
    },
  ]
  return (
    <section aria-labelledby="choose-heading">
      <h1 id="choose-heading" className="text-3xl font-bold tracking-tight text-slate-900">
        {partnerName ? `Select a plan with ${partnerName}` : 'Select a plan'}
      </h1>
      <p className="mt-2 text-slate-700">Monthly or yearly plans, for 12 months and then renewing. Zero deductible.</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {choices.map((choice) => (
          <li key={choice.planType}>
            <Card className="flex h-full flex-col">
              <h2 className="text-xl font-semibold text-slate-900">{choice.name}</h2>
              <p className="mt-3 text-slate-900" data-testid={`chooser-price-${choice.planType}`}>
                {choice.from ? <span className="text-sm text-slate-700">from </span> : null}
                <span className="text-3xl font-bold">{choice.price}</span>
                <span className="text-slate-700"> / month</span>
              </p>
              {choice.yearly ? (
                <p className="mt-1 text-sm text-slate-700" data-testid={`chooser-yearly-${choice.planType}`}>
                  {choice.yearly}
                </p>
              ) : null}
              <p className="mt-3 text-slate-700">{choice.description}</p>
              <ul className="mt-4 flex-1 list-disc space-y-1.5 pl-5 text-sm text-slate-800">
                {choice.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {/* A plain link without JavaScript; with it, the URL is replaced so Back leaves the signup page. */}
              <Link to={`${basePath}?planType=${choice.planType}`} replace className={buttonClass('primary', 'mt-6 w-full')}>
                {choice.cta}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ConfigurePlan({
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
}) {
  const root = useRootData()
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
  const supportEmail = root?.contact.supportEmail ?? 'support@glassplan.example'
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
          <Field
            label="State of residence"
            hint="The state you live in: its law governs your plan."
            htmlFor={fields.governingState.id}
            errors={fields.governingState.errors}
            errorId={fields.governingState.errorId}
          >
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
          ) : null}

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

          <div className="rounded-xl border border-slate-200 bg-slate-50 p-5" aria-live="polite">
            <p className="text-sm font-medium text-slate-700">Your price</p>
            <p className="mt-1 text-slate-900">
              <span className="text-3xl font-bold" data-testid="signup-price">
                {price === null ? '—' : formatPrice(price)}
              </span>
            </p>
            <p className="text-sm text-slate-700" data-testid="signup-commitment">
              {billing === 'year' ? 'per year' : 'per month'} • {commitmentWords(governingState)}
            </p>
            {billing === 'month' && yearlyPrice !== null ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="signup-yearly-offer">
                {yearlyOfferText(monthlyPrice, yearlyPrice)}
              </p>
            ) : null}
          </div>
        </div>

        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div
            role="region"
            aria-label="Terms of Service"
            tabIndex={0}
            className="max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 lg:max-h-[36rem]"
          >
            <LegalDocumentView doc={terms.document} compact titleAs="h2" idPrefix="terms-" details={`Version ${terms.version}`} />
          </div>
          {/* The terms inline on small screens; in a bounded box, so the checkbox and the button stay by the price. */}
          <p className="mt-2 text-xs text-slate-600">
            Scroll the box to read all of the terms, or{' '}
            <a href="/terms-of-service" target="_blank" rel="noreferrer" className="text-brand-700 underline">
              open them on their own page
            </a>
            .
          </p>
        </div>

        <div className="space-y-4">
          <div>
            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.acceptTerms, { type: 'checkbox' })}
                onChange={(event) => setAccepted(event.currentTarget.checked)}
                className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
              />
              <label htmlFor={fields.acceptTerms.id} className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
                I have read and agree to the Terms of Service
              </label>
            </div>
            <FieldError id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold text-slate-900">Automatic renewal</h2>
            <div className="mt-2 space-y-2 text-sm text-slate-800" id="renewal-terms" data-testid="renewal-terms" aria-live="polite">
              {renewalText.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <div className="mt-3 flex items-start gap-3">
              <input
                {...getInputProps(fields.acceptRenewal, { type: 'checkbox' })}
                onChange={(event) => setRenewalAccepted(event.currentTarget.checked)}
                aria-describedby={cx('renewal-terms', fields.acceptRenewal.errors && fields.acceptRenewal.errorId)}
                className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
              />
              <label htmlFor={fields.acceptRenewal.id} className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
                I agree to the automatic renewal terms above
              </label>
            </div>
            <FieldError id={fields.acceptRenewal.errorId} errors={fields.acceptRenewal.errors} />
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold text-slate-900">Electronic delivery</h2>
            <details className="mt-2 text-sm text-slate-800" id="esign-disclosure">
              <summary className="inline-flex cursor-pointer items-center font-medium text-brand-700 max-sm:min-h-11">
                Read what electronic delivery means: paper copies, withdrawing, what you need
              </summary>
              <div className="mt-2 space-y-2">
                {esignDisclosure(supportEmail).map((section) => (
                  <p key={section.heading}>
                    <strong>{section.heading}.</strong> {section.text}
                  </p>
                ))}
              </div>
            </details>
            <div className="mt-3 flex items-start gap-3">
              <input
                {...getInputProps(fields.acceptEsign, { type: 'checkbox' })}
                onChange={(event) => setEsignAccepted(event.currentTarget.checked)}
                className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
              />
              <label htmlFor={fields.acceptEsign.id} className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
                {ESIGN_CONSENT_LABEL}
              </label>
            </div>
            <FieldError id={fields.acceptEsign.errorId} errors={fields.acceptEsign.errors} />
          </div>
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

/** Under each ADAS choice: its price for both vehicle classes, so the choice is priced even without JavaScript. */
/** The price box's word on the commitment: only where the chosen state lets it bind; before a choice, where it does. */
function commitmentWords(governingState: string) {
  if (isStateCode(governingState)) {
    return stateRules(governingState).commitment === 'never' ? 'cancel at any time' : '12-month commitment after the free look'
  }
  return `12-month commitment only in ${commitmentStateNames().join(', ')}`
}

/**
 * The notices a state wants given before the sale (Florida: purchase not required), above the payment step. With a
 * state chosen, that state's; before a choice (and always without JavaScript, where the choice is only known once the
 * form is sent), every state's, each naming its state.
 */
function NoticesBeforeSale({ governingState }: { governingState: string }) {
  const notices = noticesBeforeSale().filter(({ code }) => !isStateCode(governingState) || code === governingState)
  if (notices.length === 0) return null
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900" data-testid="notice-before-sale">
      {notices.map(({ code, notice }) => (
        <p key={code}>{notice}</p>
      ))}
    </div>
  )
}

function AdasPrices({ prices, hasAdas }: { prices: Prices | null; hasAdas: 'true' | 'false' }) {
  return (
    <>
      Car {priceText(prices, `comprehensive_car_adas_${hasAdas}`)} · Truck/SUV {priceText(prices, `comprehensive_trucksuv_adas_${hasAdas}`)}
    </>
  )
}

function ChoiceRadio({
  label,
  detail,
  id,
  ...input
}: React.ComponentProps<'input'> & { id: string; label: string; detail: React.ReactNode }) {
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

export const meta: Route.MetaFunction = () =>
  pageMeta('Sign up', 'Choose a windshield protection plan: chip repair or comprehensive coverage, zero deductible.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
