import type { ReactNode } from 'react'

/** A refused form's messages by field. */
export type FormErrors = Record<string, string[] | undefined>

/** The messages of the customer page's refused form of this intent for this target (a policy, a vehicle, a credit). */
export type FailedForm = (intent: string, target: string) => FormErrors

/**
 * A section of the operator's customer page, named by its heading for screen readers. An `anchor` section is one a
 * redirect lands on (`#credits` after adding or waiving a credit): it carries its name as its id and keeps its heading
 * clear of the page's top edge.
 */
export function CustomerSection({
  name,
  title,
  anchor = false,
  children,
}: {
  name: string
  title: string
  anchor?: boolean
  children: ReactNode
}) {
  return (
    <section
      id={anchor ? name : undefined}
      aria-labelledby={`${name}-heading`}
      className={anchor ? 'grid scroll-mt-24 gap-4' : 'grid gap-4'}
    >
      <h2 id={`${name}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
