import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

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
