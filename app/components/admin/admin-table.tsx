import type { ComponentProps, ReactNode } from 'react'

import { Card } from '~/components/ui'

/**
 * The operator's tables: one header row, and below 640 px each row becomes a stacked card whose cells carry their
 * column's name (`.stack-table` in app.css), so no column is ever off screen on a phone.
 */
export function AdminTable({
  caption,
  columns,
  empty,
  dense = false,
  children,
}: {
  caption: string
  columns: string[]
  /** Shown as the only row when there are no rows. */
  empty: string | null
  /** Stacked on a phone, short cells go two to a row (a cell marked `data-wide` and the first take a whole row). */
  dense?: boolean
  children: ReactNode
}) {
  return (
    // Focusable, so a keyboard can scroll the table sideways when it is wider than the screen. min-w-0: in a grid (a
    // page's section) the card would otherwise grow to its longest unbroken string (an audit detail's JSON) past the
    // screen's edge.
    <Card className="min-w-0 p-0 sm:overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className={dense ? 'stack-table stack-dense w-full text-left text-sm' : 'stack-table w-full text-left text-sm'}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {empty !== null ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </Card>
  )
}

/**
 * A cell that names its column when the table is stacked on a phone. Links inside table rows are plain `<a>`: a
 * React Router `<Link>` costs about 18 µs to render on the server, a third of a row (the scale benchmark, docs/benchmarks-log.md).
 */
export function Cell({ label, className, ...props }: ComponentProps<'td'> & { label: string }) {
  return <td data-label={label} className={className} {...props} />
}

/** A row's files as a list of links, each named by what it is ('Invoice: invoice.pdf'). */
export function DocumentsCell({ documents }: { documents: { id: string; url: string; kind: string; name: string }[] }) {
  return (
    <Cell label="Documents">
      <ul>
        {documents.map((doc) => (
          <li key={doc.id}>
            <a href={doc.url} className="text-brand-700 underline">
              {doc.kind}: {doc.name}
            </a>
          </li>
        ))}
      </ul>
    </Cell>
  )
}
