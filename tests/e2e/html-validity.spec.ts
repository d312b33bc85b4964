import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import type { Browser, Page } from '@playwright/test'

import { demoSubmitClaimPath, demoWizardPath } from '~/components/demo/sample-data'
import { db } from '~/db/client.server'
import { claimDocumentDrafts, payouts, shopStaff, stormEvents } from '~/db/schema'
import { ACCESSIBILITY_PATH, SERVICE_RECORD_PATH } from '~/domain/paths'

import { seriousAxeViolations, seriousAxeViolationsOfMarkup } from '../support/axe'
import { addSessionCookie, expect, randomIp, test } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createPolicy, createProfile, findOrCreateProfile } from '../support/factories'

/**
 * The Nu Html Checker (vnu.jar, the W3C's validator, from the vnu-jar package; it needs Java) over every kind of page:
 * public, demo, signed-in, the shop's and the operator's. With JavaScript off it checks the HTML as the server sends
 * it; with JavaScript on, the document after hydration (what the page became in the browser). Every error fails the
 * test, listed with its page. The same pass checks that each page has a title of the one form and a meta description,
 * and runs axe with the WCAG 2.2 A and AA rules (target size included) on it: with JavaScript on in the page, with it
 * off on the server's HTML (tests/support/axe.ts). Every finding fails the test, listed with its page, so the
 * accessibility statement's "every kind of page" (content/accessibility.ts) holds.
 */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

type Visit = { who: 'visitor' | 'customer' | 'operator'; path: string; status?: number }

function pagesToCheck() {
  const partnerGroup = createPartnerGroup(`Validity Glass ${Date.now()}`)
  const customer = createProfile({ fullName: 'Vera Valid', phone: '801-555-0100' })
  const { policy } = createActivePolicy(customer.id)
  const setup = createPolicy(customer.id, { status: 'incomplete' })
  const pending = createClaim(policy.id)
  // A storm with a claim, so its board (charts and tables) is checked too; written directly, days long past.
  const storm = db()
    .insert(stormEvents)
    .values({ name: 'Validity hail', area: '591', startsOn: '2025-06-03', endsOn: '2025-06-04', filingDays: 30, declaredBy: customer.id })
    .returning()
    .get()
  createClaim(policy.id, { stormEventId: storm.id, vehicleZip: '59101' })
  const approved = createClaim(policy.id, {
    approvalStatus: 'approved',
    assignedPartnerGroupId: partnerGroup.id,
    reviewedAt: new Date().toISOString(),
    preferredDate: '2026-12-08',
    preferredSlot: 'morning',
    serviceAt: 'mobile',
    serviceAddress: '12 Elm St, Ogden',
    appointmentAt: '2026-12-08T09:30',
  })
  // The customer also works for the shop: the shop's pages (its jobs, a job) are theirs too.
  db().insert(shopStaff).values({ partnerGroupId: partnerGroup.id, email: customer.email, addedBy: 'validity' }).run()
  // Approved with the shop left to the customer: the page where they choose one.
  const choosing = createClaim(policy.id, { approvalStatus: 'approved', reviewedAt: new Date().toISOString() })
  const denied = createClaim(policy.id, {
    approvalStatus: 'denied',
    denialReason: 'The damage is on the side window.',
    reviewedAt: new Date().toISOString(),
  })
  // A completed job and a payout to pay, so the payouts page shows every form it has.
  const payable = createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    assignedPartnerGroupId: partnerGroup.id,
    completedAt: new Date().toISOString(),
    repairType: 'repair',
    actualCostCents: 8900,
  })
  createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    assignedPartnerGroupId: partnerGroup.id,
    completedAt: new Date().toISOString(),
    paymentApprovedAt: new Date().toISOString(),
    actualCostCents: 12000,
  })
  db().insert(payouts).values({ partnerGroupId: partnerGroup.id, jobCount: 0, totalCents: 0, createdBy: 'validity' }).run()
  // A job held above its invoice ceiling: its flag and release form on the claim page and the payouts page.
  const held = createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    assignedPartnerGroupId: partnerGroup.id,
    completedAt: new Date().toISOString(),
    repairType: 'repair',
    actualCostCents: 9_999_999,
    invoiceHeldFor: 'chip_repair',
  })
  // Files kept from a refused completion: listed on the shop's completion forms.
  db()
    .insert(claimDocumentDrafts)
    .values([
      { claimId: approved.id, documentType: 'invoice', filePath: `claim-documents/${approved.id}/invoice.jpg`, fileName: 'invoice.jpg' },
      { claimId: approved.id, documentType: 'repair_photo', filePath: `claim-documents/${approved.id}/after.jpg`, fileName: 'after.jpg' },
    ])
    .run()
  const visits: Visit[] = [
    { who: 'visitor', path: '/' },
    { who: 'visitor', path: '/signup' },
    { who: 'visitor', path: '/signup?planType=comprehensive' },
    { who: 'visitor', path: '/auth' },
    { who: 'visitor', path: '/checkout-success?checkout=success' },
    { who: 'visitor', path: '/privacy-policy' },
    { who: 'visitor', path: '/terms-of-service' },
    { who: 'visitor', path: '/excluded-vehicles' },
    { who: 'visitor', path: '/how-claims-are-decided' },
    { who: 'visitor', path: ACCESSIBILITY_PATH },
    { who: 'visitor', path: SERVICE_RECORD_PATH },
    { who: 'visitor', path: '/no-such-page', status: 404 },
    { who: 'visitor', path: '/demo/customer' },
    { who: 'visitor', path: demoWizardPath('demo-pol-4m8q2x') },
    { who: 'visitor', path: demoWizardPath('demo-pol-4m8q2x', 'vehicle') },
    { who: 'visitor', path: '/demo/policy-complete' },
    { who: 'visitor', path: demoSubmitClaimPath('demo-pol-7c2k9d') },
    { who: 'visitor', path: demoSubmitClaimPath('demo-pol-7c2k9d', true) },
    { who: 'visitor', path: '/partner/complete-claim' },
    { who: 'visitor', path: `/partner/complete-claim?code=${approved.confirmationCode}` },
    { who: 'visitor', path: `/partner/complete-claim?code=${pending.confirmationCode}` },
    { who: 'customer', path: '/customer' },
    { who: 'customer', path: `/customer/complete-policy?policy_id=${setup.id}` },
    { who: 'customer', path: `/customer/submit-claim?policy_id=${policy.id}` },
    { who: 'customer', path: `/customer/claims/${denied.id}/appeal` },
    { who: 'customer', path: `/customer/claims/${choosing.id}/shop?zip=84101` },
    { who: 'customer', path: `/customer/claims/${approved.id}/reschedule` },
    { who: 'customer', path: '/shop' },
    { who: 'customer', path: `/shop/jobs/${approved.id}` },
    { who: 'customer', path: `/customer/policies/${policy.id}/contract` },
    { who: 'customer', path: `/customer/policies/${policy.id}/transfer` },
    { who: 'customer', path: `/customer/policies/${policy.id}/cancel` },
    { who: 'customer', path: '/customer/privacy' },
    { who: 'customer', path: '/customer/mailing-address' },
    { who: 'customer', path: '/customer/policy-complete' },
    { who: 'operator', path: '/admin' },
    { who: 'operator', path: '/admin/claims' },
    { who: 'operator', path: `/admin/claims/${pending.id}` },
    { who: 'operator', path: `/admin/claims/${approved.id}` },
    { who: 'operator', path: '/admin/policies' },
    { who: 'operator', path: `/admin/customers/${customer.id}` },
    { who: 'operator', path: '/admin/partners' },
    { who: 'operator', path: '/admin/statements' },
    { who: 'operator', path: '/admin/payouts' },
    { who: 'operator', path: `/admin/payouts?group=${partnerGroup.id}` },
    { who: 'operator', path: `/admin/claims/${payable.id}` },
    { who: 'operator', path: `/admin/claims/${held.id}` },
    { who: 'operator', path: '/admin/activity' },
    { who: 'operator', path: '/admin/prices' },
    { who: 'operator', path: '/admin/states' },
    { who: 'operator', path: '/admin/states?show=needs-facts' },
    // The facts page with Texas's financial security choice, and Florida's with its contract-form filing card.
    { who: 'operator', path: '/admin/states/TX' },
    { who: 'operator', path: '/admin/states/FL' },
    { who: 'operator', path: '/admin/settings' },
    { who: 'operator', path: `/admin/storms?event=${storm.id}` },
    { who: 'operator', path: '/admin/price-schedule' },
    { who: 'operator', path: '/admin/scorecards' },
    { who: 'operator', path: '/admin/applications' },
    { who: 'operator', path: '/admin/letters' },
  ]
  return { customer, visits }
}

async function browserFor(browser: Browser, baseURL: string, javaScript: boolean, profileId?: string) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  if (profileId) await addSessionCookie(context, baseURL, profileId)
  return context.newPage()
}

test('every kind of page is valid HTML, meets WCAG 2.2 AA by axe, and has a title and a meta description', async ({
  browser,
  baseURL,
  javaScript,
}, testInfo) => {
  test.setTimeout(420_000) // ~50 pages (with JavaScript, each until the network is idle), axe on each, then one run of the checker
  expect(spawnSync('java', ['-version']).status, 'Java must be installed for the Nu Html Checker (.ci/run installs it)').toBe(0)

  const { customer, visits } = pagesToCheck()
  const operator = findOrCreateProfile('operator@example.com', { fullName: 'Olive Operator' })
  const pages: Record<Visit['who'], Page> = {
    visitor: await browserFor(browser, baseURL!, javaScript),
    customer: await browserFor(browser, baseURL!, javaScript, customer.id),
    operator: await browserFor(browser, baseURL!, javaScript, operator.id),
  }
  // Without JavaScript, axe runs on the server's HTML shown in a page that can run it.
  const axeTwin = javaScript ? null : await browserFor(browser, baseURL!, true)
  const axeFindings: string[] = []

  const dir = testInfo.outputPath('html')
  fs.mkdirSync(dir, { recursive: true })
  const fileToPage = new Map<string, string>()
  for (const [index, visit] of visits.entries()) {
    const page = pages[visit.who]
    const response = await page.goto(visit.path)
    expect(response?.status(), visit.path).toBe(visit.status ?? 200)
    // Without JavaScript: the server's HTML as sent. With it: the document once hydrated.
    let html: string
    if (javaScript) {
      await page.waitForLoadState('networkidle')
      // With scripting on, a <noscript>'s content is inert text, but the checker parses it as markup (it has no
      // scripting flag), so the demo's server rendering would stand beside its simulated one as duplicate ids. The
      // JavaScript-off run validates that markup.
      html = (await page.content()).replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
    } else {
      html = await response!.text()
    }
    const file = path.join(dir, `${String(index).padStart(2, '0')}.html`)
    fs.writeFileSync(file, html)
    fileToPage.set(path.resolve(file), `${visit.who} ${visit.path}`)

    const title = await page.title()
    expect(title, `title of ${visit.path}`).toMatch(/^[^|·]+ — Glass Plan$/)
    const description = await page.locator('head meta[name="description"]').getAttribute('content')
    expect(description?.trim().length ?? 0, `meta description of ${visit.path}`).toBeGreaterThan(20)

    const findings = axeTwin
      ? await seriousAxeViolationsOfMarkup(axeTwin, page.url(), html)
      : await seriousAxeViolations(page, { wcag: true })
    axeFindings.push(...findings.map((finding) => `${visit.who} ${visit.path}: ${finding}`))
  }
  expect.soft(axeFindings, 'axe findings (WCAG 2.2 A and AA)').toEqual([])

  const errors = runNuChecker([...fileToPage.keys()]).map((message) => {
    const where = fileToPage.get(path.resolve(new URL(message.url).pathname)) ?? message.url
    return `${where} (line ${message.lastLine ?? '?'}): ${message.message}${message.extract ? ` — ${message.extract.trim()}` : ''}`
  })
  expect(errors).toEqual([])
})

type NuMessage = { type: string; url: string; message: string; lastLine?: number; extract?: string }

/** Runs vnu.jar once over the files: its JSON report goes to stderr, and it exits 1 when there are errors. */
function runNuChecker(files: string[]): NuMessage[] {
  const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.error) throw run.error
  if (run.status !== 0 && run.status !== 1) throw new Error(`vnu.jar exited with ${run.status}: ${run.stderr}`)
  // Anything but its report (a crash, a usage message) fails here rather than passing as "no errors".
  const report = JSON.parse(run.stderr) as { messages: NuMessage[] }
  const errors = report.messages.filter((message) => message.type === 'error' || message.type === 'non-document-error')
  if (run.status === 1 && errors.length === 0) throw new Error(`vnu.jar failed without listing an error: ${run.stderr}`)
  return errors
}
