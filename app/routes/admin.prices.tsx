import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { Button, Card, Field, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatDollars, formatLongDate, formatPrice } from '~/domain/format'
import { MAX_HOUSEHOLD_VEHICLES } from '~/domain/households'
import { PRICE_CHANGE_MESSAGES, PRICES_MESSAGES } from '~/domain/messages'
import { adminCustomerPath } from '~/domain/paths'
import { intervalOf, isLookupKey, LOOKUP_KEYS, planForLookupKey, planName } from '~/domain/plans'
import { earliestEffectiveOn } from '~/domain/price-changes'
import { env } from '~/env.server'
import { listPrices, setPrices } from '~/models/people/operator.server'
import { cancelPriceChange, consentNoticesByChange, listPriceChanges, schedulePriceChange } from '~/models/policies/price-changes.server'
import { getPricing, householdDiscountPercent, invalidatePricingCache, setHouseholdDiscountPercent } from '~/models/policies/pricing.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { invariantResponse } from '~/utils/invariant'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerRefusal, answerSubmission, isNotFound } from '~/utils/refusal'
import { fieldLimits } from '~/validation/limits'
import { CancelPriceChangeSchema, HouseholdDiscountSchema, PriceChangeSchema, PricesSchema } from '~/validation/prices'

import type { Route } from './+types/admin.prices'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** Each price by the plan it buys, named as everywhere else ('Comprehensive — Car + ADAS'), a yearly one marked so. */
const priceLabel = (key: string) =>
  isLookupKey(key) ? `${planName(planForLookupKey(key))}${intervalOf(key) === 'year' ? ' (yearly)' : ''}` : key
/** What a price field is per: '$ / month' or '$ / year'. */
const perLabel = (key: string) => (isLookupKey(key) && intervalOf(key) === 'year' ? '$ / year' : '$ / month')

export async function loader() {
  const now = new Date()
  const local = env().payments === 'local'
  const current = local
    ? Object.fromEntries(listPrices().map((row) => [row.lookupKey, row.amountCents]))
    : await getPricing().catch(() => ({}))
  const changes = listPriceChanges()
  const consents = consentNoticesByChange(changes.map(({ change }) => change.id))
  return {
    local,
    keys: LOOKUP_KEYS.map((key) => ({
      key,
      label: priceLabel(key),
      dollars: key in current ? formatDollars((current as Record<string, number>)[key]!) : '',
    })),
    earliest: earliestEffectiveOn(now),
    householdDiscountPercent: householdDiscountPercent(),
    changes: changes.map(({ change, noticed, applied }) => ({
      id: change.id,
      plan: priceLabel(change.lookupKey),
      from: formatPrice(change.previousCents),
      to: formatPrice(change.amountCents),
      effectiveOn: change.effectiveOn,
      state: change.canceledAt ? 'Cancelled' : change.publishedAt ? 'In effect for new signups' : 'Scheduled',
      cancellable: !change.canceledAt && !change.publishedAt,
      noticed,
      applied,
      // Subscribers whose state needs their consent to a higher price: who accepted, and who keeps their price.
      consents: (consents.get(change.id) ?? []).map((row) => ({
        policyId: row.policyId,
        policyNumber: row.policyNumber,
        profileId: row.profileId,
        email: row.email,
        noticeSentAt: row.noticeSentAt,
        acceptedAt: row.acceptedAt,
      })),
    })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'schedule') return schedule(operator.id, formData)
  if (intent === 'household-discount') {
    // Ours in both modes: Stripe holds the plan prices, the discount is a coupon made from this percent.
    const submission = parseWithZod(formData, { schema: HouseholdDiscountSchema })
    if (submission.status !== 'success') return answerSubmission(submission, { intent: 'household-discount' })
    setHouseholdDiscountPercent(operator.id, submission.value.discountPercent)
    return redirectWithToast('/admin/prices', {
      type: 'success',
      ...PRICES_MESSAGES.householdDiscountSaved(submission.value.discountPercent),
    })
  }
  if (intent === 'cancel-change') {
    const submission = parseWithZod(formData, { schema: CancelPriceChangeSchema })
    invariantResponse(submission.status === 'success', 'Unknown request.')
    try {
      cancelPriceChange(operator.id, submission.value.changeId)
    } catch (error) {
      if (!(error instanceof RuleError)) throw error
      return answerRefusal(error, null, { intent: 'cancel-change' })
    }
    return redirectWithToast('/admin/prices', { type: 'success', ...PRICE_CHANGE_MESSAGES.cancelled })
  }
  invariantResponse(env().payments === 'local', 'Prices are managed in Stripe while Stripe is connected.', { status: 409 })
  const submission = parseWithZod(formData, { schema: PricesSchema })
  if (submission.status !== 'success') {
    return answerSubmission(submission, { intent: 'prices', toast: { type: 'error', ...PRICES_MESSAGES.correct } })
  }
  setPrices(operator.id, submission.value)
  invalidatePricingCache()
  return redirectWithToast('/admin/prices', { type: 'success', ...PRICES_MESSAGES.saved })
}

async function schedule(operatorId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PriceChangeSchema })
  if (submission.status !== 'success') {
    return answerSubmission(submission, { intent: 'schedule' })
  }
  try {
    const change = await schedulePriceChange(operatorId, {
      lookupKey: submission.value.lookupKey,
      amountCents: submission.value.amount,
      effectiveOn: submission.value.effectiveOn,
    })
    return redirectWithToast('/admin/prices', { type: 'success', ...PRICE_CHANGE_MESSAGES.scheduled(change.effectiveOn) })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error, submission, { intent: 'schedule' })
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Prices'))

export default function AdminPrices({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: 'prices',
    lastResult: actionData?.intent === 'prices' ? actionData.result : undefined,
    constraint: getZodConstraint(PricesSchema),
    defaultValue: Object.fromEntries(loaderData.keys.map(({ key, dollars }) => [key, dollars])),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PricesSchema }),
  })
  return (
    <AdminPage
      width="narrow"
      title="Prices"
      sub={
        loaderData.local
          ? 'Monthly and yearly prices for new signups (local test checkout).'
          : 'Prices come from Stripe (lookup keys); change them in the Stripe dashboard.'
      }
    >
      <Toast toast={actionData?.toast} className="mb-6" />
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          {loaderData.keys.map(({ key, label }) => {
            const field = fields[key]
            return (
              <Field
                key={key}
                label={`${label} (${perLabel(key)})`}
                hint={<code>{key}</code>}
                htmlFor={field.id}
                errors={field.errors}
                errorId={field.errorId}
              >
                <input
                  {...getInputProps(field, { type: 'text' })}
                  inputMode="decimal"
                  readOnly={!loaderData.local}
                  className={inputClass}
                />
              </Field>
            )
          })}
          {loaderData.local ? <Button type="submit">Save prices</Button> : null}
        </Form>
      </Card>
      <HouseholdDiscountCard
        percent={loaderData.householdDiscountPercent}
        lastResult={actionData?.intent === 'household-discount' ? (actionData.result ?? undefined) : undefined}
      />
      <ScheduleCard
        keys={loaderData.keys}
        earliest={loaderData.earliest}
        lastResult={actionData?.intent === 'schedule' ? (actionData.result ?? undefined) : undefined}
      />
      <ChangesCard changes={loaderData.changes} />
    </AdminPage>
  )
}

/** The household discount: a percent off each vehicle after a household's first, in both payment modes. */
function HouseholdDiscountCard({ percent, lastResult }: { percent: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: 'household-discount',
    lastResult,
    defaultValue: { discountPercent: String(percent) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HouseholdDiscountSchema }),
  })
  return (
    <Card className="mt-6" role="region" aria-labelledby="household-heading">
      <h2 id="household-heading" className="text-lg font-semibold text-slate-900">
        Household discount
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Household plans (up to {MAX_HOUSEHOLD_VEHICLES} vehicles on one bill) are not open to customers yet: the discount set here is the
        one they will be quoted. The first vehicle pays its plan&apos;s price, each one after it this much less.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="household-discount" />
        <Field
          label="Off each vehicle after the first (%)"
          htmlFor={fields.discountPercent.id}
          errors={fields.discountPercent.errors}
          errorId={fields.discountPercent.errorId}
        >
          <input
            {...getInputProps(fields.discountPercent, { type: 'text' })}
            {...fieldLimits(HouseholdDiscountSchema).discountPercent}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
        <Button type="submit">Save household discount</Button>
      </Form>
    </Card>
  )
}

/** Existing subscribers move only through a scheduled change: 30 days' notice, then their next renewal. */
function ScheduleCard({
  keys,
  earliest,
  lastResult,
}: {
  keys: Array<{ key: string; label: string }>
  earliest: string
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm({
    id: 'schedule',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PriceChangeSchema }),
  })
  return (
    <Card className="mt-6" role="region" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading" className="text-lg font-semibold text-slate-900">
        Change the price for existing subscribers
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        At least 30 days ahead (the terms&apos; notice). Subscribers are told by e-mail at once and pay the new price from their first
        renewal after the date; new signups pay it from the date.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="schedule" />
        <Field label="Plan" htmlFor={fields.lookupKey.id} errors={fields.lookupKey.errors} errorId={fields.lookupKey.errorId}>
          <select {...getSelectProps(fields.lookupKey)} className={inputClass}>
            <option value="">Choose a plan</option>
            {keys.map(({ key, label }) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="New price ($)"
          hint="A month's price for a monthly plan, a year's for a yearly one."
          htmlFor={fields.amount.id}
          errors={fields.amount.errors}
          errorId={fields.amount.errorId}
        >
          <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="decimal" className={inputClass} />
        </Field>
        <Field
          label="Starts on"
          hint={`${formatLongDate(earliest)} or later`}
          htmlFor={fields.effectiveOn.id}
          errors={fields.effectiveOn.errors}
          errorId={fields.effectiveOn.errorId}
        >
          <input {...getInputProps(fields.effectiveOn, { type: 'date' })} min={earliest} className={inputClass} />
        </Field>
        <Button type="submit">Schedule price change</Button>
      </Form>
    </Card>
  )
}

function ChangesCard({ changes }: { changes: Route.ComponentProps['loaderData']['changes'] }) {
  if (changes.length === 0) return null
  return (
    <Card className="mt-6" role="region" aria-labelledby="changes-heading">
      <h2 id="changes-heading" className="text-lg font-semibold text-slate-900">
        Price changes
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {changes.map((change) => (
          <li key={change.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm" data-testid="price-change">
            <div>
              <p className="font-medium text-slate-900">
                {change.plan}: {change.from} → {change.to} from {formatLongDate(change.effectiveOn)}
              </p>
              <p className="text-slate-700">
                {change.state} · {change.noticed} subscribers told · {change.applied} moved to the new price
              </p>
              {change.consents.length ? <ConsentList consents={change.consents} /> : null}
            </div>
            {change.cancellable ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel-change" />
                <input type="hidden" name="changeId" value={change.id} />
                <Button type="submit" variant="secondary">
                  Cancel change
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  )
}

type Consent = Route.ComponentProps['loaderData']['changes'][number]['consents'][number]

/** A higher price needs these subscribers' consent (their state's law): one who did not accept keeps their price. */
function ConsentList({ consents }: { consents: Consent[] }) {
  const waiting = consents.filter((consent) => !consent.acceptedAt).length
  return (
    <details className="mt-2" open={waiting > 0}>
      <summary className="cursor-pointer text-slate-800">
        Consent needed from {consents.length} · {waiting} not accepted (they keep their price)
      </summary>
      <table className="mt-2 w-full text-left text-sm" data-testid="price-consents">
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 pr-4 font-medium">
              Customer
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Policy
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Notice sent
            </th>
            <th scope="col" className="py-1 font-medium">
              Accepted
            </th>
          </tr>
        </thead>
        <tbody>
          {consents.map((consent) => (
            <tr key={consent.policyId} className="border-t border-slate-100">
              <td className="py-1 pr-4">
                <Link to={adminCustomerPath(consent.profileId)} className="text-brand-700 underline-offset-2 hover:underline">
                  {consent.email}
                </Link>
              </td>
              <td className="py-1 pr-4 font-mono">{consent.policyNumber}</td>
              <td className="py-1 pr-4">{formatLongDate(consent.noticeSentAt)}</td>
              <td className="py-1">{consent.acceptedAt ? `Yes, ${formatLongDate(consent.acceptedAt)}` : 'Not accepted'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
