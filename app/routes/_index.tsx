import { data, redirect } from 'react-router'

import { getProfile } from '~/auth/session.server'
import { Benefits } from '~/components/landing/benefits'
import { ClosingCta } from '~/components/landing/closing-cta'
import { Faq } from '~/components/landing/faq'
import { Hero } from '~/components/landing/hero'
import { HowItWorks } from '~/components/landing/how-it-works'
import { PricingSection } from '~/components/landing/pricing-section'
import { logger } from '~/logger.server'
import { getPricing, planCards, type PricingMap } from '~/models/policies/pricing.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/_index'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in visitor goes to the dashboard.
  if (await getProfile(request)) throw redirect('/customer')
  let pricing: PricingMap | null = null
  try {
    pricing = await getPricing()
  } catch (error) {
    // On the landing page a pricing failure is logged only; the cards show '$XX.XX'.
    logger.error({ err: error }, 'landing page: could not read prices, showing placeholders')
  }
  // Placeholders are never kept by the page cache: the next visitor should get real prices as soon as they can be read.
  return data({ cards: planCards(pricing) }, pricing ? undefined : { headers: { 'Cache-Control': 'no-store' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Benefits />
      <HowItWorks />
      <PricingSection cards={loaderData.cards} />
      <Faq />
      <ClosingCta />
    </>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Windshield protection with zero deductible',
    'Windshield protection plans with zero deductible: unlimited chip repairs, crack repair and replacement at partner glass shops, claim response within 48 hours.',
  )

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
