import type { Page } from '@playwright/test'

/**
 * Every text of the page's shown charts (app/components/admin/charts.tsx) that reaches past its drawing's edge, so the
 * browser cuts it: 'chart id: label', none expected. Measured in the drawing's own units (its viewBox).
 */
export function labelsOutsideTheirCharts(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = []
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg[role="img"][data-testid^="chart-"]')) {
      if (!svg.getClientRects().length) continue
      const { width, height } = svg.viewBox.baseVal
      for (const text of svg.querySelectorAll<SVGTextElement>('text')) {
        const box = text.getBBox()
        if (box.x < -0.5 || box.y < -0.5 || box.x + box.width > width + 0.5 || box.y + box.height > height + 0.5) {
          cut.push(`${svg.dataset.testid}: ${text.textContent}`)
        }
      }
    }
    return cut
  })
}
