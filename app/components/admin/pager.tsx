import { Link, useLocation } from 'react-router'

import { buttonClass } from '~/components/ui'

/** Previous / next links for a paged list: plain links that keep the list's other query parameters (no JavaScript). */
export function Pager({ page, hasNext, summary }: { page: number; hasNext: boolean; summary: string }) {
  const location = useLocation()
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search)
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `?${query}` : location.pathname
  }
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={buttonClass('secondary')}>
          ← Previous page
        </Link>
      ) : null}
      <span className="text-slate-700" aria-live="polite">
        {summary}
      </span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} rel="next" className={buttonClass('secondary')}>
          Next page →
        </Link>
      ) : null}
    </nav>
  )
}

/** 'Page 2 of 31 · 1,523 claims'. */
export function pageSummary(page: { page: number; pages: number; total: number }, noun: [one: string, many: string]) {
  const total = `${page.total.toLocaleString('en-US')} ${page.total === 1 ? noun[0] : noun[1]}`
  return page.pages > 1 ? `Page ${page.page} of ${page.pages.toLocaleString('en-US')} · ${total}` : total
}
