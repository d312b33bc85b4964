import type { ReactNode } from 'react'

import { LANDING_SECTIONS } from '~/content/marketing'

type SectionId = (typeof LANDING_SECTIONS)[number]['id']

/** A landing section's copy (heading and subheading from marketing.ts), looked up by its anchor id. */
export function landingSection(id: SectionId) {
  return LANDING_SECTIONS.find((section) => section.id === id)!
}

/**
 * A landing page section: its anchor (the navigation's links), its heading and subheading from marketing.ts, then its
 * content. The sections alternate white and slate backgrounds; the FAQ's questions read better in a narrow column.
 */
export function LandingSection({
  id,
  background,
  narrow = false,
  children,
}: {
  id: SectionId
  background: 'white' | 'slate'
  narrow?: boolean
  children: ReactNode
}) {
  const section = landingSection(id)
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`${BACKGROUND[background]} py-20 sm:py-24`}>
      <div className={narrow ? 'mx-auto max-w-3xl px-4' : 'mx-auto max-w-6xl px-4'}>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{section.navLabel}</p>
          <h2 id={`${id}-heading`} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {section.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-700">{section.subheading}</p>
        </div>
        {children}
      </div>
    </section>
  )
}

const BACKGROUND = { white: 'bg-white', slate: 'bg-slate-50' } as const
