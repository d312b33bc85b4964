import { Link } from 'react-router'

import { FAQ } from '~/content/marketing'

import { LandingSection } from './landing-section'

/** Six questions as <details>: an accordion that works without JavaScript. */
export function Faq() {
  return (
    <LandingSection id="faq" background="slate" narrow>
      <div className="mt-12 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {FAQ.map((entry) => (
          <details key={entry.question} className="group px-6 py-5">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-base font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {entry.question}
              <svg
                aria-hidden
                viewBox="0 0 20 20"
                fill="currentColor"
                className="h-5 w-5 flex-none text-slate-500 transition-transform group-open:rotate-180"
              >
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
              </svg>
            </summary>
            <p className="mt-3 leading-7 text-slate-700">{entry.answer}</p>
            {entry.link ? (
              <p className="mt-3">
                <Link to={entry.link.href} className="font-medium text-brand-700 underline">
                  {entry.link.label}
                </Link>
              </p>
            ) : null}
          </details>
        ))}
      </div>
    </LandingSection>
  )
}
