import { BENEFITS } from '~/content/marketing'

import { LandingSection } from './landing-section'

/** One simple icon per benefit, in BENEFITS order (outline paths, 24×24). */
const ICONS = [
  'M12 3v18M17 7.5c0-1.9-2.2-3-5-3s-5 1.1-5 3 2.2 2.8 5 3.5 5 1.6 5 3.5-2.2 3-5 3-5-1.1-5-3', // dollar
  'M12 3l7 3v5c0 4.4-3 8.3-7 10-4-1.7-7-5.6-7-10V6l7-3z', // shield
  'M3 10l9-6 9 6v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1V10z', // shop
  'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z', // clock
  'M13 3L4 14h7l-1 7 9-11h-7l1-7z', // bolt
  'M4 7h16M4 7l2 12h12l2-12M9 11v4M15 11v4M9 7V4h6v3', // glass
] as const

export function Benefits() {
  return (
    <LandingSection id="benefits" background="white">
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((benefit, index) => (
          <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-600 text-white">
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="h-6 w-6"
              >
                <path d={ICONS[index % ICONS.length]} />
              </svg>
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{benefit.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-700">{benefit.description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}
