import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { data, Form, useFetcher } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { ClaimFormButtons } from '~/components/claims/claim-fields'
import { PreferredTimeFields } from '~/components/shop/preferred-time'
import { RatingComment, RatingFigure } from '~/components/shop/ratings'
import { Toast } from '~/components/toast'
import { Badge, buttonClass, Card, Field, FieldError, inputClass, PageHeading } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { SCORECARD_MESSAGES, SHOP_CHOICE_MESSAGES } from '~/domain/messages'
import { chooseShopPath } from '~/domain/paths'
import { reachInWords } from '~/domain/phones'
import { SCORECARD_DAYS } from '~/domain/scorecards'
import { NEAREST_SHOP_MILES, SHOP_SERVICE_NAMES } from '~/domain/shops'
import { bookingDaysNear, chooseShop, claimForShopChoice, nearestShops, type ShopOption } from '~/models/claims/shop-choice.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, formValues, resultErrors, resultValues } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { ChooseShopSchema, ShopSearchSchema } from '~/validation/shops'

import type { Route } from './+types/customer.claims.$claimId.shop'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The customer chooses the shop for an approved claim: the ZIP is a GET form (the list is a page of its own, with
 * JavaScript off too); with JavaScript the list follows the ZIP as it is typed, through this same loader.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const { claim, awaiting, needed, savedZip } = claimForShopChoice(profile.id, params.claimId)
  if (!awaiting) throw await redirectWithToast('/customer#claims', { type: 'info', ...SHOP_CHOICE_MESSAGES.notAwaiting })
  const asked = new URL(request.url).searchParams.get('zip')
  const zip = (asked ?? savedZip ?? '').trim()
  let zipError: string | null = null
  let shops: ShopOption[] | null = null
  if (zip) {
    const parsed = ShopSearchSchema.safeParse({ zip })
    shops = parsed.success ? nearestShops(needed, parsed.data.zip) : null
    if (!shops) zipError = parsed.success ? SHOP_CHOICE_MESSAGES.unknownZip : SHOP_CHOICE_MESSAGES.zipFormat
  }
  return data(
    {
      claim: { id: claim.id, code: claim.confirmationCode },
      needed: needed.map((service) => SHOP_SERVICE_NAMES[service]),
      zip,
      zipError,
      shops,
      // On the clock of the place searched, as chooseShop checks them (the form is shown only for a known ZIP).
      dates: bookingDaysNear(zip),
    },
    { status: zipError && asked !== null ? 400 : 200, headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ChooseShopSchema })
  if (submission.status !== 'success') {
    return answerSubmission(submission, { toast: { type: 'error', ...SHOP_CHOICE_MESSAGES.correct } })
  }
  const values = formValues(formData)
  try {
    const { location } = await chooseShop({ profileId: profile.id, claimId: params.claimId, ...submission.value })
    return redirectWithToast('/customer#claims', { type: 'success', ...SHOP_CHOICE_MESSAGES.chosen(location.name, reachInWords(profile)) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    throw error
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Choose a shop', 'Choose a partner shop near you and a time for your windshield repair.')

export default function ChooseShop({ loaderData, actionData }: Route.ComponentProps) {
  const { claim, needed, dates } = loaderData
  const fetcher = useFetcher<typeof loader>()
  const [zip, setZip] = useState(loaderData.zip)
  // With JavaScript, the list follows the ZIP as it is typed (the same loader, through a fetcher).
  const current = fetcher.data ?? loaderData
  const errors = resultErrors(actionData?.result)
  const values = resultValues(actionData?.result)
  const submitting = useIsPending({ state: 'submitting' })
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeading sub={`Claim ${claim.code} · ${needed.join(' and ')}`}>Choose a shop</PageHeading>
      <Toast toast={actionData?.toast} className="mb-6" />
      <Card className="mb-6">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <Field label="Your ZIP code" htmlFor="zip" errors={current.zipError} className="grow">
            <input
              id="zip"
              name="zip"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={MAX_LENGTH.zip}
              value={zip}
              onChange={(event) => {
                const next = event.currentTarget.value
                setZip(next)
                if (/^\d{5}$/.test(next)) fetcher.load(`${chooseShopPath(claim.id)}?zip=${next}`)
              }}
              className={inputClass}
              aria-invalid={current.zipError ? true : undefined}
              aria-describedby={current.zipError ? 'zip-error' : undefined}
            />
          </Field>
          <button type="submit" className={buttonClass('secondary')}>
            Find shops
          </button>
        </Form>
      </Card>

      {current.shops && current.shops.length === 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {SHOP_CHOICE_MESSAGES.noneNear(current.zip, NEAREST_SHOP_MILES, needed.join(' and ').toLowerCase())}
        </p>
      ) : null}

      {current.shops?.length ? (
        <Form method="post" className="space-y-6" key={current.zip}>
          <input type="hidden" name="zip" value={current.zip} />
          <fieldset className="space-y-3" aria-describedby={errors.locationId ? 'locationId-error' : undefined}>
            <legend className="mb-2 text-lg font-semibold">Nearest shops to {current.zip}</legend>
            {current.shops.map((shop, index) => (
              <ShopChoiceCard key={shop.id} shop={shop} checked={values.locationId ? values.locationId === shop.id : index === 0} />
            ))}
            <FieldError id="locationId-error" errors={errors.locationId} />
          </fieldset>

          <Card className="space-y-4">
            <h2 className="text-lg font-semibold">When and where</h2>
            <PreferredTimeFields dates={dates} values={values} errors={errors} />
            <fieldset aria-describedby={errors.serviceAt ? 'serviceAt-error' : undefined}>
              <legend className="text-sm font-medium text-slate-900">Where</legend>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="serviceAt" value="shop" defaultChecked={(values.serviceAt ?? 'shop') === 'shop'} />
                At the shop
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="serviceAt" value="mobile" defaultChecked={values.serviceAt === 'mobile'} />
                Mobile service: the shop comes to me (where the shop offers it)
              </label>
              <FieldError id="serviceAt-error" errors={errors.serviceAt} />
            </fieldset>
            <Field
              label="Address for mobile service"
              hint="Your home or work, where the car will be."
              htmlFor="serviceAddress"
              errors={errors.serviceAddress}
            >
              <input
                id="serviceAddress"
                name="serviceAddress"
                type="text"
                autoComplete="address-line1"
                defaultValue={values.serviceAddress}
                className={inputClass}
                aria-invalid={errors.serviceAddress ? true : undefined}
                aria-describedby={errors.serviceAddress ? 'serviceAddress-error' : undefined}
              />
            </Field>
          </Card>
          <ClaimFormButtons submitting={submitting} label="Choose this shop" pendingLabel="Choosing..." />
        </Form>
      ) : null}
    </div>
  )
}

function ShopChoiceCard({ shop, checked }: { shop: ShopOption; checked: boolean }) {
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 has-[:checked]:border-brand-600" data-testid="shop-option">
      <label className="flex cursor-pointer gap-3">
        <input type="radio" name="locationId" value={shop.id} defaultChecked={checked} className="mt-1" />
        <span className="space-y-1 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold text-slate-900">{shop.name}</span>
            <span className="text-slate-700">{shop.miles} miles</span>
            {shop.mobileService ? <Badge tone="info">Mobile service available</Badge> : null}
          </span>
          <span className="block text-slate-800" data-testid="shop-on-time">
            {shop.onTime.judged
              ? SCORECARD_MESSAGES.customerOnTime(shop.onTime.rate, shop.onTime.count, shop.onTime.of, SCORECARD_DAYS)
              : SCORECARD_MESSAGES.newToNetwork}
          </span>
          <span className="block text-slate-800">{shop.address}</span>
          {shop.phone ? <span className="block text-slate-800">{shop.phone}</span> : null}
          {shop.hours ? <span className="block text-slate-700">Hours: {shop.hours}</span> : null}
          {shop.mobileService ? (
            <span className="block text-slate-700">
              Mobile service within {shop.mobileRadiusMiles} miles{shop.mobileReaches ? ', which reaches you' : ''}.
            </span>
          ) : null}
          {shop.booking.fullDates.length ? (
            <span className="block font-medium text-amber-900" data-testid="shop-full-days">
              Fully booked on {shop.booking.fullDates.map((date) => formatLongDate(date)).join(', ')}.
            </span>
          ) : null}
          {shop.booking.line ? (
            <span className="block text-slate-700" data-testid="shop-line">
              You would be number {shop.booking.line.place} in its line: your turn comes{' '}
              {shop.booking.line.from === shop.booking.line.until
                ? `on ${formatLongDate(shop.booking.line.from)}`
                : `between ${formatLongDate(shop.booking.line.from)} and ${formatLongDate(shop.booking.line.until)}`}
              .
            </span>
          ) : null}
        </span>
      </label>
      {/* Every rating counts and every comment is listed (app/domain/ratings.ts): outside the label, which names the radio. */}
      <div className="space-y-2 border-t border-slate-200 pt-3 text-sm" data-testid="shop-ratings">
        <p className="font-medium text-slate-900">
          Customer ratings: <RatingFigure summary={shop.ratings} />
        </p>
        {shop.ratings.latest.length ? (
          <ul className="space-y-2" aria-label={`Latest comments on ${shop.name}`}>
            {shop.ratings.latest.map((rating) => (
              <li key={rating.id}>
                <RatingComment rating={rating} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
