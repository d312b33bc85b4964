import { commitmentWhere } from '~/content/renewal-consent'
import { formatPrice } from '~/domain/format'
import { type BillingInterval, yearlyOfferText } from '~/domain/plans'
import { isStateCode, stateRules } from '~/domain/state-rules'

/** The configured plan's price, its billing and commitment, and (billed monthly) the yearly offer. */
export function PriceSummary({
  price,
  billing,
  governingState,
  monthlyPrice,
  yearlyPrice,
}: {
  price: number | null
  billing: BillingInterval
  governingState: string
  monthlyPrice: number | null
  yearlyPrice: number | null
}) {
  return (
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
  )
}

/** The price box's word on the commitment: only where the chosen state lets it bind; before a choice, where it does. */
function commitmentWords(governingState: string) {
  if (isStateCode(governingState)) {
    return stateRules(governingState).commitment === 'never' ? 'cancel at any time' : '12-month commitment after the free look'
  }
  return commitmentWhere()
}
