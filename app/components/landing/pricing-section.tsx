import { PricingCard } from '~/components/pricing-card'
import type { PlanCard } from '~/content/marketing'
import { commitmentWhere } from '~/content/renewal-consent'

import { LandingSection } from './landing-section'

/** The plan cards, rendered on the server with real prices (or the '$XX.XX' placeholders when prices can't be read). */
export function PricingSection({ cards }: { cards: readonly PlanCard[] }) {
  return (
    <LandingSection id="pricing" background="white">
      <div className="mt-14 grid items-stretch gap-8 lg:grid-cols-3">
        {cards.map((card) => (
          <PricingCard key={card.key} card={card} />
        ))}
      </div>
      <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-slate-600">
        Prices are per month, with a {commitmentWhere()} (elsewhere you may cancel at any time), then month-to-month. Luxury and exotic
        brands are eligible for Chip Repair Only; see the{' '}
        <a href="/excluded-vehicles" className="font-medium text-brand-700 underline">
          excluded vehicles
        </a>
        .
      </p>
    </LandingSection>
  )
}
