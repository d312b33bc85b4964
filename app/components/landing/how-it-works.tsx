import { Link } from 'react-router'

import { DECIDED_BY_RULES_NOTE, HOW_IT_WORKS } from '~/content/marketing'
import { SERVICE_RECORD_LINK, SERVICE_RECORD_LINK_NOTE } from '~/content/service-record'
import { SERVICE_RECORD_PATH } from '~/domain/paths'

import { LandingSection } from './landing-section'

export function HowItWorks() {
  return (
    <LandingSection id="how-it-works" background="slate">
      <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {HOW_IT_WORKS.map((step) => (
          <li key={step.step} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span
              aria-hidden
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-900 text-base font-bold text-white"
            >
              {step.step}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">
              <span className="sr-only">Step {step.step}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-6 text-slate-700">{step.description}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-center text-slate-700">
        {DECIDED_BY_RULES_NOTE.text}{' '}
        <Link to={DECIDED_BY_RULES_NOTE.link.href} className="font-medium text-brand-700 underline">
          {DECIDED_BY_RULES_NOTE.link.label}
        </Link>
      </p>
      <p className="mt-2 text-center text-slate-700">
        {SERVICE_RECORD_LINK_NOTE}{' '}
        <Link to={SERVICE_RECORD_PATH} className="font-medium text-brand-700 underline">
          {SERVICE_RECORD_LINK}
        </Link>
      </p>
    </LandingSection>
  )
}
