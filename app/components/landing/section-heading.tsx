import { LANDING_SECTIONS } from '~/content/marketing'

type SectionId = (typeof LANDING_SECTIONS)[number]['id']

/** A landing section's copy (heading and subheading from marketing.ts), looked up by its anchor id. */
export function landingSection(id: SectionId) {
  return LANDING_SECTIONS.find((section) => section.id === id)!
}

export function SectionHeading({ id }: { id: SectionId }) {
  const section = landingSection(id)
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{section.navLabel}</p>
      <h2 id={`${id}-heading`} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {section.heading}
      </h2>
      <p className="mt-4 text-lg leading-8 text-slate-700">{section.subheading}</p>
    </div>
  )
}
