import AxeBuilder from '@axe-core/playwright'
import type { Page, Route } from '@playwright/test'

/** axe's tags of the WCAG 2.2 A and AA success criteria, with the 2.0 and 2.1 ones they include. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * axe's serious and critical findings on the page, one line each (none expected). target-size (WCAG 2.2, 2.5.8: 24 ×
 * 24 px) is off in axe by default and on here: the shops work on a low-powered PC and on phones. axe runs inside the
 * page, so only where JavaScript runs; the server sends the same markup either way.
 */
export async function seriousAxeViolations(page: Page, { wcag = false }: { wcag?: boolean } = {}) {
  const builder = new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } })
  // With `wcag`: only the rules of WCAG 2.2 level A and AA (and their 2.0 and 2.1 ones), what the operator's pages promise.
  if (wcag) builder.withTags(WCAG_22_AA)
  const results = await builder.analyze()
  return (
    results.violations
      // Every WCAG failure counts, whatever axe's impact; otherwise the serious and critical ones.
      .filter((violation) => wcag || violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  )
}

/**
 * The same findings for a page as the server sent it, for the runs with JavaScript off, where axe cannot run inside
 * the page: the HTML is shown in `twin` (a page of a context with JavaScript on) with its scripts taken out, so it
 * never hydrates, and a <noscript>'s content shown as a browser without scripts shows it. The stylesheets load from
 * the server as usual, so contrast and sizes are the real ones.
 */
export async function seriousAxeViolationsOfMarkup(twin: Page, url: string, html: string) {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '')
  const handler = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: markup })
  await twin.route(url, handler)
  try {
    await twin.goto(url)
  } finally {
    await twin.unroute(url, handler)
  }
  return seriousAxeViolations(twin, { wcag: true })
}
