import { Link } from 'react-router'

import { buttonClass } from '~/components/ui'
import { HERO } from '~/content/marketing'

const HIGHLIGHTS = [
  { value: '$0', label: 'deductible' },
  { value: '48 h', label: 'claim response' },
  { value: '24 h', label: 'typical chip repair' },
] as const

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:pt-24 lg:grid-cols-2 lg:pb-28">
        <div>
          <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900 shadow-sm ring-1 ring-brand-100">
            Windshield protection plans
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            {HERO.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">{HERO.subline}</p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Link to={HERO.cta.href} className={buttonClass('primary', 'px-6 py-3 text-base shadow-md')}>
              {HERO.cta.label}
            </Link>
            <a href="#pricing" className={buttonClass('secondary', 'px-6 py-3 text-base')}>
              See pricing
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-600">{HERO.note}</p>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4">
            {HIGHLIGHTS.map((item) => (
              <div key={item.label} className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
                <dd className="order-first text-2xl font-bold text-brand-900">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <WindshieldArt />
      </div>
    </section>
  )
}

/** A small windshield drawing with a repaired chip: decoration only. */
function WindshieldArt() {
  return (
    <div aria-hidden className="mx-auto hidden w-full max-w-md lg:block">
      <svg viewBox="0 0 400 300" className="h-auto w-full drop-shadow-xl">
        <defs>
          <linearGradient id="hero-glass" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#dbeefe" />
            <stop offset="1" stopColor="#7cc4f8" />
          </linearGradient>
        </defs>
        {/* Car body seen from the front, its windshield, a repaired chip. */}
        <path d="M30 270 L30 215 Q34 190 62 182 L338 182 Q366 190 370 215 L370 270 Z" fill="#0b2e5c" />
        <path d="M62 186 L96 72 Q104 50 130 48 L270 48 Q296 50 304 72 L338 186 Z" fill="#0b2e5c" />
        <path d="M80 176 L110 78 Q116 62 134 61 L266 61 Q284 62 290 78 L320 176 Q200 184 80 176 Z" fill="url(#hero-glass)" />
        <path d="M130 80 L175 72 L128 160 L112 160 Z" fill="#ffffff" opacity=".35" />
        <circle cx="250" cy="120" r="17" fill="#ffffff" stroke="#0b63c5" strokeWidth="4" />
        <path d="M241 120 l6 6 l12 -13" fill="none" stroke="#0b63c5" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="48" y="206" width="56" height="22" rx="8" fill="#dbeefe" />
        <rect x="296" y="206" width="56" height="22" rx="8" fill="#dbeefe" />
        <rect x="150" y="232" width="100" height="20" rx="4" fill="#0a4f9e" />
      </svg>
    </div>
  )
}
