import {
  ACCESSIBILITY_KNOWN_GAPS,
  ACCESSIBILITY_REPLY_BUSINESS_DAYS,
  ACCESSIBILITY_REVIEWED,
  ACCESSIBILITY_STANDARD,
  ACCESSIBILITY_TESTS,
} from '~/content/accessibility'
import { formatLongDate } from '~/domain/format'
import { phoneHref } from '~/domain/phones'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/accessibility'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL, supportPhone: env().SUPPORT_PHONE }
}

/** The accessibility statement (content/accessibility.ts): the standard, how it is tested, the known gaps, who answers. */
export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const { supportEmail, supportPhone } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Accessibility</h1>
      <p className="mt-2 text-sm text-slate-600">Statement reviewed {formatLongDate(ACCESSIBILITY_REVIEWED)}</p>
      <p className="mt-4 text-lg leading-8 text-slate-700">
        Everyone should be able to buy a plan, file a claim and follow it to a shop. Glass Plan aims to meet the {ACCESSIBILITY_STANDARD} on
        every page, for customers, partner shops and our own team.
      </p>

      <section aria-labelledby="how-we-test" className="mt-10">
        <h2 id="how-we-test" className="text-xl font-semibold text-slate-900">
          How we check it
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-800" data-testid="accessibility-tests">
          {ACCESSIBILITY_TESTS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="known-gaps" className="mt-10">
        <h2 id="known-gaps" className="text-xl font-semibold text-slate-900">
          What does not meet it yet
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-800" data-testid="accessibility-gaps">
          {ACCESSIBILITY_KNOWN_GAPS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tell-us" className="mt-10 rounded-2xl bg-brand-50 p-6">
        <h2 id="tell-us" className="text-lg font-semibold text-slate-900">
          Tell us about a barrier
        </h2>
        <p className="mt-2 leading-7 text-slate-800">
          If something on this site is hard to use, or you need a page, a letter or your contract in another format, e-mail{' '}
          <a href={`mailto:${supportEmail}?subject=Accessibility`} className="font-semibold text-brand-700 underline">
            {supportEmail}
          </a>{' '}
          or call{' '}
          <a href={phoneHref(supportPhone)} className="font-semibold text-brand-700 underline">
            {supportPhone}
          </a>
          . A person answers within {ACCESSIBILITY_REPLY_BUSINESS_DAYS} business days, and sooner when a claim is waiting on it.
        </p>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Accessibility',
    'How Glass Plan meets WCAG 2.2 AA, how it is tested, what does not meet it yet, and who to tell about a barrier.',
  )

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
