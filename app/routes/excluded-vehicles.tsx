import { Link } from 'react-router'

import { EXCLUDED_MAKES } from '~/content/vehicles'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/excluded-vehicles'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL }
}

export default function ExcludedVehicles({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Excluded vehicles</h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">
        Vehicles of the luxury and exotic brands below are not eligible for Comprehensive plans. They can still be covered by the Chip
        Repair Only plan.
      </p>

      <section aria-labelledby="excluded-brands" className="mt-10">
        <h2 id="excluded-brands" className="text-xl font-semibold text-slate-900">
          Brands not eligible for Comprehensive plans
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="excluded-makes">
          {EXCLUDED_MAKES.map((make) => (
            <li key={make} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-800">
              {make}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="other-exclusions" className="mt-10">
        <h2 id="other-exclusions" className="text-xl font-semibold text-slate-900">
          Not eligible for any plan
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-800">
          <li>Vehicles over 10,000 lb gross vehicle weight rating (GVWR)</li>
          <li>Motorcycles, RVs and trailers</li>
          <li>Antique vehicles and vehicles with custom windshields</li>
          <li>Vehicles used for commercial purposes</li>
        </ul>
        <p className="mt-4 text-slate-700">
          The full eligibility rules are in our{' '}
          <Link to="/terms-of-service#eligibility" className="text-brand-700 underline">
            Terms of Service
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="questions" className="mt-10 rounded-2xl bg-brand-50 p-6">
        <h2 id="questions" className="text-lg font-semibold text-slate-900">
          Questions about your vehicle?
        </h2>
        <p className="mt-2 text-slate-800">
          Not sure whether your vehicle qualifies? E-mail us at{' '}
          <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-700 underline">
            {supportEmail}
          </a>{' '}
          and we'll let you know.
        </p>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Excluded vehicles', 'Luxury and exotic brands that are not eligible for Comprehensive windshield protection.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
