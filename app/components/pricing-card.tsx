import type { ReactNode } from 'react'
import { Link } from 'react-router'

import type { PlanCard } from '~/content/marketing'

import { buttonClass, cx } from './ui'

/**
 * One plan with its monthly price, what it includes and a button to sign up for it. `action` replaces the default
 * sign-up link (the signup page uses its own select button).
 */
export function PricingCard({ card, action, headingLevel = 3 }: { card: PlanCard; action?: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = `plan-${card.key}`
  return (
    <article
      aria-labelledby={headingId}
      data-plan={card.key}
      className={cx(
        'relative flex h-full flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
        card.highlighted ? 'border-brand-600 ring-2 ring-brand-600 shadow-lg' : 'border-slate-200',
      )}
    >
      {card.highlighted ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          Most popular
        </p>
      ) : null}
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {card.name}
      </Heading>
      <p className="mt-4 flex items-baseline gap-1.5" data-testid="plan-price">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{card.basePrice}</span>
        <span className="text-sm font-medium text-slate-600">{card.period}</span>
      </p>
      {card.yearlyOffer ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="plan-yearly">
          {card.yearlyOffer}
        </p>
      ) : null}
      {card.adasAddon ? (
        <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="plan-adas">
          {card.adasAddon}
        </p>
      ) : null}
      <p className="mt-4 text-sm leading-6 text-slate-700">{card.description}</p>
      <ul className="mt-6 flex-1 space-y-3 text-sm leading-6 text-slate-800">
        {card.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        {action ?? (
          <Link to={card.href} className={buttonClass(card.highlighted ? 'primary' : 'secondary', 'w-full')} aria-describedby={headingId}>
            {card.cta}
          </Link>
        )}
      </div>
    </article>
  )
}

function CheckIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 h-5 w-5 flex-none text-brand-600">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  )
}
