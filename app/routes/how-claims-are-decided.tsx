import { Link } from 'react-router'

import { SERVICE_RECORD_LINK, SERVICE_RECORD_LINK_NOTE } from '~/content/service-record'
import { RESPONSE_PROMISE_HOURS } from '~/domain/claims'
import { DECISION_RULES, DECISION_RULES_VERSION } from '~/domain/decision-rules'
import { SERVICE_RECORD_PATH } from '~/domain/paths'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/how-claims-are-decided'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

/**
 * The published decision rules in plain words, rendered from the very list that decides claims (domain/decision-rules),
 * so the page and the decisions cannot drift apart. The same for every visitor, so it is kept in the page cache.
 */
export function loader() {
  return { version: DECISION_RULES_VERSION, rules: DECISION_RULES.map((rule) => ({ id: rule.id, plain: rule.plain })) }
}

export default function HowClaimsAreDecided({ loaderData }: Route.ComponentProps) {
  const { version, rules } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">How claims are decided</h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">
        Many clear claims are approved the moment you file them, by the published rules below. When every rule holds, your claim shows
        “Approved” at once and you choose a shop near you. The rules never deny a claim: when any rule does not hold, a person on our team
        reviews your claim and answers within {RESPONSE_PROMISE_HOURS} hours.
      </p>

      <section aria-labelledby="the-rules" className="mt-10">
        <h2 id="the-rules" className="text-xl font-semibold text-slate-900">
          The rules (version {version})
        </h2>
        <p className="mt-2 text-slate-700">A claim is approved automatically only when all of these hold:</p>
        <ol className="mt-4 list-decimal space-y-2 pl-6 leading-7 text-slate-800" data-testid="decision-rules">
          {rules.map((rule) => (
            <li key={rule.id}>{rule.plain}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="not-approved" className="mt-10">
        <h2 id="not-approved" className="text-xl font-semibold text-slate-900">
          When the rules do not approve a claim
        </h2>
        <p className="mt-2 leading-7 text-slate-800">
          It goes to our team with the reasons, exactly as every claim did before. Only a person can deny a claim, and a denial can be
          appealed once within 14 days. Each automatic approval records the version of the rules that made it; we may still correct one
          afterwards, and then we e-mail you the reason and you may appeal it.
        </p>
        <p className="mt-4 text-slate-700">
          The full terms of your plan are in our{' '}
          <Link to="/terms-of-service" className="text-brand-700 underline">
            Terms of Service
          </Link>
          .
        </p>
        <p className="mt-4 text-slate-700">
          {SERVICE_RECORD_LINK_NOTE}{' '}
          <Link to={SERVICE_RECORD_PATH} className="text-brand-700 underline">
            {SERVICE_RECORD_LINK}
          </Link>
          .
        </p>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('How claims are decided', 'The published rules that approve clear windshield claims the moment they are filed.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
