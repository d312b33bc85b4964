import crypto from 'node:crypto'
import http from 'node:http'
import zlib from 'node:zlib'

import Database from 'better-sqlite3'

import { ACCESSIBILITY_KNOWN_GAPS, ACCESSIBILITY_REVIEWED, ACCESSIBILITY_TESTS } from '~/content/accessibility'
import { PRIVACY_SECTION_IDS } from '~/content/privacy'
import { NOT_COUNTED_YET, SERVICE_RECORD_FIGURES } from '~/content/service-record'
import { EXCLUDED_MAKES } from '~/content/vehicles'
import { monthOf } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { SERVICE_RECORD_CSV_PATH, SERVICE_RECORD_PATH } from '~/domain/paths'
import { countServiceRecord } from '~/models/operations/service-record.server'

import { type RunningServer, startServer } from '../bench/server'
import { expect, test } from '../support/e2e'
import { createActivePolicy, createClaim, createProfile } from '../support/factories'

/** A GET without cookies, its body as sent (not decoded). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

const SUPPORT_EMAIL = 'support@glassplan.example'
const PARTNER_EMAIL = 'partners@glassplan.example'

test.describe('landing page', () => {
  test('has the hero, the four sections, six FAQ questions, the closing call to action and the footer e-mails', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/Glass Plan/)

    const hero = page.getByRole('region', { name: 'Windshield protection with zero deductible' })
    await expect(hero).toBeVisible()
    await expect(hero.getByRole('link', { name: 'Sign up now' })).toHaveAttribute('href', '/signup')

    for (const id of ['benefits', 'how-it-works', 'pricing', 'faq']) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1)
    }
    await expect(page.locator('#benefits').getByRole('heading', { name: 'Zero deductible' })).toBeVisible()
    await expect(page.locator('#benefits')).toContainText('Claim response within 48 hours')
    await expect(page.locator('#how-it-works').getByRole('listitem')).toHaveCount(6)

    const questions = page.locator('#faq details')
    await expect(questions).toHaveCount(6)
    // <details> opens without JavaScript too.
    const first = questions.first()
    await expect(first.locator('p').first()).toBeHidden()
    await first.locator('summary').click()
    await expect(first).toHaveAttribute('open', '')
    await expect(first.getByText(/service contract/)).toBeVisible()

    const closing = page.getByRole('region', { name: "Don't let a small chip become a big crack" })
    await expect(closing.getByRole('link', { name: 'Sign up now' })).toHaveAttribute('href', '/signup')

    const footer = page.locator('footer')
    await expect(footer.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`)
    await expect(footer.getByRole('link', { name: PARTNER_EMAIL })).toHaveAttribute('href', `mailto:${PARTNER_EMAIL}`)
  })

  test('the navigation scrolls to each section and leads to sign-in and sign-up', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [label, id] of [
      ['FAQ', 'faq'],
      ['Pricing', 'pricing'],
      ['How it works', 'how-it-works'],
      ['Benefits', 'benefits'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`/#${id}$`))
      await expect(page.locator(`#${id}-heading`)).toBeInViewport()
    }
    await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
  })

  test('the pricing cards show the seeded prices, the ADAS add-on and the right signup links', async ({ page }) => {
    await page.goto('/')
    const pricing = page.locator('#pricing')
    // The commitment said as the state table has it, as the signup's price box says it.
    await expect(pricing).toContainText('with a 12-month commitment only in New York (elsewhere you may cancel at any time)')
    await expect(pricing).not.toContainText('where your state allows it')
    await expect(pricing.locator('article')).toHaveCount(3)

    const chip = pricing.locator('article[data-plan="chip_only"]')
    await expect(chip.getByRole('heading', { name: 'Chip Repair Only' })).toBeVisible()
    await expect(chip.getByTestId('plan-price')).toHaveText('$7.99/ month')
    await expect(chip.getByText('Unlimited chip repairs')).toBeVisible()
    await expect(chip.getByText('Repairs guaranteed for 12 months: a repaired chip that cracks is replaced')).toBeVisible()
    await expect(chip.getByTestId('plan-adas')).toHaveCount(0)
    await expect(chip.getByRole('link', { name: 'Choose Chip Repair' })).toHaveAttribute('href', '/signup?planType=chip_only')

    const car = pricing.locator('article[data-plan="comprehensive_car"]')
    await expect(car.getByRole('heading', { name: 'Comprehensive — Car' })).toBeVisible()
    await expect(car.getByTestId('plan-price')).toHaveText('$19.99/ month')
    await expect(car.getByTestId('plan-adas')).toContainText('+$10.00/month')
    await expect(car.getByRole('link', { name: 'Choose Comprehensive' })).toHaveAttribute(
      'href',
      '/signup?planType=comprehensive&vehicleType=car',
    )

    const truck = pricing.locator('article[data-plan="comprehensive_trucksuv"]')
    await expect(truck.getByRole('heading', { name: 'Comprehensive — Truck/SUV' })).toBeVisible()
    await expect(truck.getByTestId('plan-price')).toHaveText('$24.99/ month')
    await expect(truck.getByTestId('plan-adas')).toContainText('+$10.00/month')
    await expect(truck.getByRole('link', { name: 'Choose Comprehensive' })).toHaveAttribute(
      'href',
      '/signup?planType=comprehensive&vehicleType=trucksuv',
    )

    await expect(pricing).not.toContainText('$XX.XX')
    await truck.getByRole('link', { name: 'Choose Comprehensive' }).click()
    await expect(page).toHaveURL(/\/signup\?planType=comprehensive&vehicleType=trucksuv$/)
  })

  test('a signed-in visitor is sent to the dashboard', async ({ page, signIn }) => {
    // An anonymous visit first, so a cached copy of / exists that must not be served to a signed-in visitor.
    await page.goto('/')
    await signIn()
    await page.goto('/')
    await expect(page).toHaveURL(/\/customer$/)
  })
})

test.describe('page cache', () => {
  test('requests with cookies or a query string are rendered, not served from the cache', async ({ request }) => {
    await request.get('/')
    expect((await request.get('/?utm_source=mail')).headers()['x-page-cache']).toBeUndefined()
    expect((await request.get('/', { headers: { Cookie: '__toast=x' } })).headers()['x-page-cache']).not.toBe('hit')
  })
})

test.describe('legal pages', () => {
  test('terms of service: version, date, contents and the key facts', async ({ page }) => {
    await page.goto('/terms-of-service')
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible()
    await expect(page.getByText('Version 1.0.6', { exact: true })).toBeVisible()
    await expect(page.getByText('Last updated December 3, 2026')).toBeVisible()
    // Exclusions and the customer's duties are printed bold (Cal. Ins. Code §12820(b)(2)).
    const exclusions = page.getByRole('region', { name: /What is not covered/ }).locator('[data-conspicuous]')
    await expect(exclusions).toHaveCSS('font-weight', '700')
    await expect(page.locator('main')).toContainText('they never deny a claim')
    await expect(page.getByRole('heading', { name: 'Service promise and credits' })).toBeVisible()
    await expect(page.locator('main')).toContainText('The promise runs against us only.')
    const main = page.locator('main')
    for (const fact of ['48 hours', '14 days', '30 days', '$250', '$5,000', '10,000 lb', 'Utah', 'service contract']) {
      await expect(main).toContainText(fact)
    }
    await page
      .getByRole('navigation', { name: 'Terms of Service: contents' })
      .getByRole('link', { name: /arbitration/i })
      .click()
    await expect(page).toHaveURL(/#arbitration$/)
    await expect(page.locator('#arbitration')).toBeInViewport()
  })

  test('privacy policy: revised date, the 14 sections and the support e-mail', async ({ page }) => {
    await page.goto('/privacy-policy')
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible()
    await expect(page.getByText('Revised December 3, 2026')).toBeVisible()
    const contents = page.getByRole('navigation', { name: 'Privacy Policy: contents' }).getByRole('link')
    await expect(contents).toHaveCount(14)
    expect(await contents.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      PRIVACY_SECTION_IDS.map((id) => `#${id}`),
    )
    for (const id of PRIVACY_SECTION_IDS) await expect(page.locator(`h2#${id}`)).toHaveCount(1)
    const main = page.locator('main')
    await expect(main.getByRole('link', { name: SUPPORT_EMAIL }).first()).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`)
    await expect(main).toContainText('18')
    await expect(main).toContainText('Stripe')
    await expect(main).toContainText('perceptual hash')
    // The earlier revision stays readable word for word, and says it is not the current one.
    await page
      .getByRole('navigation', { name: 'Other revisions of the Privacy Policy' })
      .getByRole('link', { name: 'Revised October 10, 2025' })
      .click()
    await expect(page).toHaveURL(/\/privacy-policy\/2025-10-10$/)
    await expect(page.getByText('This is an earlier revision of our Privacy Policy')).toBeVisible()
    await expect(page.locator('main')).not.toContainText('perceptual hash')
    expect((await page.request.get('/privacy-policy/2024-01-01')).status()).toBe(404)
  })

  test('excluded vehicles: every excluded brand and the support e-mail', async ({ page }) => {
    await page.goto('/excluded-vehicles')
    await expect(page.getByRole('heading', { name: 'Excluded vehicles', level: 1 })).toBeVisible()
    const makes = page.getByTestId('excluded-makes').getByRole('listitem')
    await expect(makes).toHaveText([...EXCLUDED_MAKES])
    await expect(page.locator('main').getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`)
  })
})

// Every kind of page is checked by axe against WCAG 2.2 AA, JavaScript on and off, in html-validity.spec.ts's sweep.
test.describe('accessibility', () => {
  test('the statement says the standard, how it is tested, the known gaps, who answers and its date; every footer links to it', async ({
    page,
    signIn,
  }) => {
    await page.goto('/')
    await page.locator('footer').getByRole('link', { name: 'Accessibility' }).click()
    await expect(page).toHaveURL(/\/accessibility$/)
    await expect(page.getByRole('heading', { name: 'Accessibility', level: 1 })).toBeVisible()
    await expect(page.getByText(`Statement reviewed ${formatLongDate(ACCESSIBILITY_REVIEWED)}`)).toBeVisible()
    await expect(page.getByText(/WCAG\) 2\.2, level AA/)).toBeVisible()
    await expect(page.getByTestId('accessibility-tests').getByRole('listitem')).toHaveCount(ACCESSIBILITY_TESTS.length)
    await expect(page.getByTestId('accessibility-gaps').getByRole('listitem')).toHaveCount(ACCESSIBILITY_KNOWN_GAPS.length)
    const barrier = page.getByRole('region', { name: 'Tell us about a barrier' })
    await expect(barrier.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}?subject=Accessibility`,
    )
    await expect(barrier.getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute('href', 'tel:+18015550142')

    // Help in the same place on every page (WCAG 2.2, 3.2.6): the footer's Contact column, the customer's and the operator's pages too.
    for (const [who, path] of [
      ['customer', '/customer'],
      ['operator', '/admin'],
    ] as const) {
      await signIn(who === 'operator' ? { email: 'operator@example.com' } : {})
      await page.goto(path)
      const footer = page.locator('footer')
      await expect(footer.getByRole('link', { name: SUPPORT_EMAIL }), path).toBeVisible()
      await expect(footer.getByRole('link', { name: '(801) 555-0142' }), path).toBeVisible()
      await expect(footer.getByRole('link', { name: 'Accessibility' }), path).toHaveAttribute('href', '/accessibility')
    }
  })

  test('tabbing back up a long page, the focused item is never hidden under the sticky header (WCAG 2.2, 2.4.11)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 640 })
    // Without smooth scrolling (the page honours reduced motion), each focus lands at once and is measured where it stays.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const header = (await page.getByTestId('site-header').boundingBox())!
    // From the foot of the page, Shift+Tab walks up through every link and button; each one the page scrolls to must
    // show below the header, not behind it.
    await page.keyboard.press('End')
    await page.locator('footer').getByRole('link').last().focus()
    let checked = 0
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Shift+Tab')
      const focused = page.locator(':focus')
      if ((await focused.count()) === 0) break
      if (await focused.evaluate((element) => !!element.closest('header'))) break
      const box = await focused.boundingBox()
      if (!box) continue
      expect(box.y, `${await focused.evaluate((element) => element.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(
        header.y + header.height,
      )
      checked++
    }
    expect(checked).toBeGreaterThan(20)
  })
})

test.describe('service record', () => {
  test('the daily job counts the month; the page shows it with how each figure is counted, linked from the landing page, the footer and How claims are decided, and as CSV', async ({
    page,
    request,
  }) => {
    // Twenty-one claims of New York customers decided an hour ago: one by the published rules as filed, the rest by a person.
    const decidedAt = new Date(Date.now() - 60 * 60 * 1000)
    for (let n = 0; n < 21; n++) {
      const { policy } = createActivePolicy(createProfile().id, { governingState: 'NY' })
      createClaim(policy.id, {
        approvalStatus: 'denied',
        denialReason: 'Not covered.',
        submittedAt: new Date(decidedAt.getTime() - (n === 0 ? 1000 : 3 * 60 * 60 * 1000)).toISOString(),
        reviewedAt: decidedAt.toISOString(),
        decidedByRulesVersion: n === 0 ? '3' : null,
      })
    }
    await countServiceRecord()
    const month = monthOf(decidedAt, 'America/New_York')
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-15T12:00:00Z`),
    )

    await page.goto('/')
    await page.locator('#how-it-works').getByRole('link', { name: 'Our service record' }).click()
    await expect(page).toHaveURL(new RegExp(`${SERVICE_RECORD_PATH}$`))
    await expect(page.getByRole('heading', { name: 'Our service record', level: 1 })).toBeVisible()
    const shown = page.getByRole('region', { name: monthName, exact: true })
    await expect(shown.getByTestId('too-few-claims')).toHaveCount(0)
    const decided = Number((await shown.getByTestId('figure-claimsDecided').locator('dd').innerText()).replace(/,/g, ''))
    expect(decided).toBeGreaterThanOrEqual(21)
    await expect(shown.getByTestId('figure-decidedAtOnce').locator('dd')).toHaveText(/^\d+% \(\d+ of \d+\)$/)
    await expect(shown.getByTestId('figure-decisionMedian').locator('dd')).toHaveText(/hours?|minutes?|days/)
    await expect(page.getByRole('region', { name: /^The last 30 days/ })).toBeVisible()
    await expect(page.getByTestId('how-counted').locator('dt')).toHaveCount(Object.keys(SERVICE_RECORD_FIGURES).length)

    // The same figures as CSV, from the page's link.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download these figures (CSV)' }).click()
    expect((await download).suggestedFilename()).toBe('glass-plan-service-record.csv')
    const csv = await (await request.get(SERVICE_RECORD_CSV_PATH)).text()
    const [header, ...rows] = csv.trim().split('\r\n')
    expect(header).toMatch(/^period,first_day,last_day,note,claims_decided,decided_at_once,/)
    expect(rows[0]).toMatch(/^last-30-days,/)
    const monthRow = rows.find((row) => row.startsWith(`${month},`))!.split(',')
    expect(monthRow[3]).toBe('')
    expect(Number(monthRow[4])).toBeGreaterThanOrEqual(21)
    expect(csv).not.toContain('@')

    // Linked from the footer of every page and from the page that sets out the rules.
    await page.goto('/how-claims-are-decided')
    await expect(page.locator('main').getByRole('link', { name: 'Our service record' })).toHaveAttribute('href', SERVICE_RECORD_PATH)
    await expect(page.locator('footer').getByRole('link', { name: 'Our service record' })).toHaveAttribute('href', SERVICE_RECORD_PATH)
  })
})

// On a server of its own, with its own database: making prices unreadable on the shared e2e server would break every
// other test that shows prices (signup, checkout) while it runs, and the shared database changes all the time (other
// tests write to it), which empties the page cache whenever it does. Serial: the steps share the server.
test.describe('on a server of its own', () => {
  test.describe.configure({ mode: 'serial' })
  let server: RunningServer

  test.beforeAll(async () => {
    server = await startServer({ buildDir: process.env.BUILD_DIR ?? 'build-e2e' })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('before the daily job has counted anything, the service record says so plainly, and its CSV is its header alone', async ({
    page,
  }) => {
    const response = await page.goto(`${server.url}${SERVICE_RECORD_PATH}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByTestId('service-record-not-counted')).toHaveText(NOT_COUNTED_YET)
    await expect(page.getByTestId('how-counted').locator('dt')).toHaveCount(Object.keys(SERVICE_RECORD_FIGURES).length)
    const csv = await (await fetch(`${server.url}${SERVICE_RECORD_CSV_PATH}`)).text()
    expect(csv.trim().split('\r\n')).toHaveLength(1)
  })

  // The cached page is the same bytes for every visitor, so server.js compresses it once (gzip, and brotli made in the
  // background) instead of per response; its CSP names its inline scripts' hashes (docs/decisions/002-page-cache.md).
  test('a cached page is the same bytes in every answer, and its gzip and brotli forms decode to them', async () => {
    const url = `${server.url}/`
    await rawGet(url, 'identity')
    // The brotli form is made once, in the background, after the first request that could take it.
    await expect.poll(async () => (await rawGet(url, 'br')).headers['content-encoding']).toBe('br')
    const first = await rawGet(url, 'identity')
    const gzip = await rawGet(url, 'gzip')
    const brotli = await rawGet(url, 'gzip, deflate, br, zstd')
    const second = await rawGet(url, 'identity')

    for (const answer of [first, gzip, brotli, second]) expect(answer.headers['x-page-cache']).toBe('hit')
    expect(first.headers['content-encoding']).toBeUndefined()
    expect(second.body.equals(first.body)).toBe(true)
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])

    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i)
    expect(zlib.gunzipSync(gzip.body).equals(first.body)).toBe(true)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i)
    expect(zlib.brotliDecompressSync(brotli.body).equals(first.body)).toBe(true)
  })

  test("a cached page's CSP allows exactly its own inline scripts, by hash, with no nonce", async () => {
    const { body, headers } = await rawGet(`${server.url}/`, 'identity')
    expect(headers['x-page-cache']).toBe('hit')
    const html = body.toString('utf8')
    expect(html).not.toMatch(/\bnonce=/)
    const scriptSrc = /(?:^|;\s*)script-src ([^;]+)/.exec(String(headers['content-security-policy']))![1]!.split(' ')
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\bsrc=/.test(attributes!))
      .map(([, , text]) => `'sha256-${crypto.createHash('sha256').update(text!).digest('base64')}'`)
    expect(inline.length).toBeGreaterThan(0)
    expect(scriptSrc.sort()).toEqual(["'self'", ...new Set(inline)].sort())
  })

  test('an inline script that is not part of the cached page is refused', async ({ page, javaScript, expectCspViolation }) => {
    test.skip(!javaScript, 'the refused script is added by a script')
    await page.goto(`${server.url}/`)
    const response = await page.goto(`${server.url}/`)
    expect(response?.headers()['x-page-cache']).toBe('hit')
    // The page's own inline scripts ran (React Router's context is one of them).
    expect(await page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext)).toBe('object')

    expectCspViolation(/script-src/)
    const ran = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          document.addEventListener('securitypolicyviolation', () => resolve(Boolean((window as { injected?: boolean }).injected)), {
            once: true,
          })
          const script = document.createElement('script')
          script.textContent = 'window.injected = true'
          document.body.append(script)
        }),
    )
    expect(ran).toBe(false)
  })

  test('with JavaScript on, the cached page runs its scripts under the CSP', async ({ page, javaScript }) => {
    test.skip(!javaScript, 'about scripts')
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.goto(`${server.url}/`)
    const response = await page.goto(`${server.url}/`)
    expect(response?.headers()['x-page-cache']).toBe('hit')
    // Hydrated: React Router handles the footer link without a document request.
    await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules)
    let documentRequests = 0
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests++
    })
    await page.locator('footer').getByRole('link', { name: 'Excluded vehicles' }).click()
    await expect(page.getByRole('heading', { name: 'Excluded vehicles', level: 1 })).toBeVisible()
    expect(documentRequests).toBe(0)
    expect(violations).toEqual([])
  })

  test('when prices cannot be read, the landing page shows placeholder cards, logs the failure, and recovers', async ({ page }) => {
    // Seeded prices first; this also puts / in the page cache, which must not hide what follows.
    await page.goto(`${server.url}/`)
    await expect(page.locator('article[data-plan="chip_only"]').getByTestId('plan-price')).toHaveText('$7.99/ month')
    await page.goto(`${server.url}/`)

    const database = new Database(server.databaseFile)
    try {
      database.exec('ALTER TABLE prices RENAME TO prices_unreadable')
      try {
        const response = await page.goto(`${server.url}/`)
        expect(response?.status()).toBe(200)
        const prices = page.locator('#pricing').getByTestId('plan-price')
        await expect(prices).toHaveText(['$XX.XX/ month', '$XX.XX/ month', '$XX.XX/ month'])
        await expect(page.locator('#pricing')).not.toContainText('$7.99')
        await expect(page.locator('#pricing').getByRole('link', { name: 'Choose Chip Repair' })).toHaveAttribute(
          'href',
          '/signup?planType=chip_only',
        )
        await expect.poll(() => server.stderr()).toContain('could not read prices')
      } finally {
        database.exec('ALTER TABLE prices_unreadable RENAME TO prices')
      }
      await page.goto(`${server.url}/`)
      await expect(page.locator('article[data-plan="comprehensive_car"]').getByTestId('plan-price')).toHaveText('$19.99/ month')
    } finally {
      database.close()
    }
  })
})
