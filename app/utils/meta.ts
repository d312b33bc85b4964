import type { MetaDescriptor } from 'react-router'

export const SITE_NAME = 'Glass Plan'
/** The one separator of every page title ("Page — Glass Plan"). */
export const TITLE_SEPARATOR = ' — '

/**
 * A page's <title> and meta description: every route's `meta` builds them here, so titles share one form and no page
 * goes without a description. `noindex` keeps a page out of search results (pages that only make sense with a key or
 * on this machine).
 */
export function pageMeta(
  title: string | readonly string[],
  description: string,
  { noindex = false }: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const parts = typeof title === 'string' ? [title] : title
  return [
    { title: [...parts, SITE_NAME].join(TITLE_SEPARATOR) },
    { name: 'description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}

/** The operator console's pages: "<page> — Operator — Glass Plan", never indexed. */
export function operatorMeta(title: string): MetaDescriptor[] {
  return pageMeta([title, 'Operator'], 'The Glass Plan operator console: claims, customers, partners and prices.', { noindex: true })
}

/** Every 404, an unknown path's or a route's: a hidden page (the operator console, the local tools) looks like no page. */
export const NOT_FOUND_META: MetaDescriptor[] = pageMeta('Page not found', 'There is no page at this address on Glass Plan.', {
  noindex: true,
})
