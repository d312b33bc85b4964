import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe's serious and critical findings on the page, one line each (none expected). target-size (WCAG 2.2, 2.5.8: 24 ×
 * 24 px) is off in axe by default and on here: the shops work on a low-powered PC and on phones. axe runs inside the
 * page, so only where JavaScript runs; the server sends the same markup either way.
 */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}
