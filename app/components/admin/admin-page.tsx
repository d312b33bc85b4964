import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { inputClass, PageHeading } from '~/components/ui'
import { countOf } from '~/domain/format'

/**
 * The frame of every operator page: the way back to the console, the heading, the content. Long unbroken strings (an
 * e-mail address as the heading, ids, audit details as JSON) wrap where they must instead of widening the page past a
 * phone's screen (wrap-anywhere also lets grid and flex items shrink below such a string).
 */
export function AdminPage({
  title,
  sub,
  width = 'normal',
  children,
}: {
  title: ReactNode
  sub?: ReactNode
  /**
   * `normal` is the site header's container (app/components/site-chrome.tsx), so a page's heading and its tables line
   * up with the header above them at every width; a table wider than it scrolls sideways inside its card (AdminTable).
   */
  width?: 'narrow' | 'normal'
  children: ReactNode
}) {
  return (
    <div className={`${PAGE_WIDTH[width]} py-10 wrap-anywhere`}>
      <p className="mb-2 text-sm">
        <Link to="/admin" className="inline-block py-3 text-brand-700 underline">
          Operator console
        </Link>
      </p>
      <PageHeading sub={sub}>{title}</PageHeading>
      {children}
    </div>
  )
}

const PAGE_WIDTH = { narrow: 'mx-auto max-w-3xl px-4', normal: 'mx-auto max-w-6xl px-4' } as const

/** Why a list shows its first page instead of what was asked (a bad page number or filter): answered with a 400. */
export function ListProblem({ notice }: { notice: string | null }) {
  if (!notice) return null
  return (
    <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      {notice} Showing the first page instead.
    </p>
  )
}

export function noSuchPage(page: number, pages: number) {
  return `There is no page ${page.toLocaleString('en-US')}: this list has ${countOf(pages, 'page')}.`
}

/**
 * A list's page as a loader shows it: page `page` when there is one, else the first page with why (`noSuchPage`,
 * which the loader answers with 400). `list` returns null for a page past the last.
 */
export function pageOrFirst<T extends { page: { pages: number } }>(page: number, list: (page: number) => T | null) {
  const asked = list(page)
  if (asked) return { result: asked, problem: null }
  const first = list(1)!
  return { result: first, problem: noSuchPage(page, first.page.pages) }
}

/** A filter of a GET form: a labelled select. */
export function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <label className="grid gap-1 text-sm font-medium text-slate-900">
      {label}
      <select name={name} defaultValue={value} className={inputClass}>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}
