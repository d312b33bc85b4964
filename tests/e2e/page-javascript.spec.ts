import { DEMO_POLICIES } from '~/components/demo/sample-data'
import { siteTermsOfService } from '~/content/site-legal'

import { assetUrls } from '../bench/measure'
import { expect, test } from '../support/e2e'

/**
 * What a page has the browser fetch as JavaScript (its module preloads and module scripts) leaves out what the server
 * already did: the terms' text, rendered into the HTML, and zod's schemas, whose checks run in the action (the forms'
 * HTML constraints come from the loader). The bytes each page fetches are in docs/benchmarks.md.
 */

const SUPPORT_EMAIL = 'support@glassplan.example'
/** The longest paragraph of the terms: text no module carries unless it carries the terms. */
const TERMS_PARAGRAPH = siteTermsOfService({ supportEmail: SUPPORT_EMAIL, companyName: 'Glass Plan LLC', postalAddress: '' })
  .sections.flatMap((section) => section.paragraphs)
  .reduce((longest, paragraph) => (paragraph.length > longest.length ? paragraph : longest), '')
/** A name only zod's schema classes carry (its small core, which the root's configuration uses, does not). */
const ZOD_SCHEMAS = 'ZodObject'

async function pageJavaScript(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  const html = await response.text()
  const modules = await Promise.all(
    assetUrls(html).js.map(async (url) => {
      const module = await request.get(url)
      expect(module.status(), url).toBe(200)
      return module.text()
    }),
  )
  return { html, modules }
}

test('the signup page preloads neither the terms it shows nor zod', async ({ request }) => {
  for (const path of ['/signup?planType=chip_only', '/signup?planType=comprehensive']) {
    const { html, modules } = await pageJavaScript(request, path)
    expect(modules.length, path).toBeGreaterThan(0)
    // The terms are on the page (rendered by the server), and in no module it loads.
    expect(html).toContain(TERMS_PARAGRAPH.slice(0, 80))
    expect(
      modules.filter((text) => text.includes(TERMS_PARAGRAPH.slice(0, 80))),
      path,
    ).toEqual([])
    expect(
      modules.filter((text) => text.includes(ZOD_SCHEMAS)),
      path,
    ).toEqual([])
  }
})

test('the sign-in page preloads no zod', async ({ request }) => {
  const { modules } = await pageJavaScript(request, '/auth')
  expect(modules.length).toBeGreaterThan(0)
  expect(modules.filter((text) => text.includes(ZOD_SCHEMAS))).toEqual([])
})

test('the checks above find the terms and zod where a page does carry them', async ({ request }) => {
  // The terms page renders its text on the client as well; the demo's setup form validates with zod in the browser.
  const terms = await pageJavaScript(request, '/terms-of-service')
  expect(terms.modules.some((text) => text.includes(TERMS_PARAGRAPH.slice(0, 80)))).toBe(true)
  const pending = DEMO_POLICIES.find((policy) => policy.status === 'pending')!
  const setup = await pageJavaScript(request, `/demo/complete-policy?policy_id=${pending.id}`)
  expect(setup.modules.some((text) => text.includes(ZOD_SCHEMAS))).toBe(true)
})

test('the stylesheet is the first file a page asks for, ahead of its module preloads, which are asked at low priority', async ({
  request,
}) => {
  // On a slow link the page paints once the stylesheet is in; behind a dozen modules, it waited for them. The page
  // works before its modules arrive, so they are asked for at low priority.
  for (const path of ['/', '/auth', '/signup?planType=chip_only']) {
    const response = await request.get(path)
    const html = await response.text()
    const head = html.slice(0, html.indexOf('</head>'))
    const stylesheet = head.search(/<link[^>]+rel="stylesheet"/)
    const firstPreload = head.search(/<link[^>]+rel="modulepreload"/)
    expect(stylesheet, path).toBeGreaterThan(-1)
    expect(firstPreload, path).toBeGreaterThan(stylesheet)
    const preloads = head.match(/<link[^>]+rel="modulepreload"[^>]*>/g) ?? []
    expect(preloads.length, path).toBeGreaterThan(0)
    expect(
      preloads.filter((link) => !link.includes('fetchpriority="low"')),
      path,
    ).toEqual([])
  }
})
