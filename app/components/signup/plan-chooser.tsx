import { Link } from 'react-router'

import { buttonClass, Card } from '~/components/ui'
import { PLANS } from '~/content/marketing'
import { formatPrice } from '~/domain/format'
import { yearlyOfferText } from '~/domain/plans'

import { priceOf, type Prices } from './plan-form'

/** The first step: the two plans side by side, each priced from its cheapest configuration, with its yearly offer. */
export function PlanChooser({ prices, partnerName, basePath }: { prices: Prices | null; partnerName: string | null; basePath: string }) {
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
