import { Link } from 'react-router'

import { cx } from '~/components/ui'
import { CLOSING_CTA } from '~/content/marketing'

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="bg-white py-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="rounded-3xl bg-brand-900 px-6 py-14 text-center shadow-xl sm:px-12">
          <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {CLOSING_CTA.headline}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">{CLOSING_CTA.subline}</p>
          <Link
            to={CLOSING_CTA.cta.href}
            className={cx(
              'mt-8 inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-900 shadow-md',
              'transition-colors hover:bg-brand-50',
            )}
          >
            {CLOSING_CTA.cta.label}
          </Link>
        </div>
      </div>
    </section>
  )
}
