import { CSP_VIOLATION, expect, test } from '../support/e2e'
import { createActivePolicy, createClaim, createProfile } from '../support/factories'

/**
 * Every page loads without the browser logging a Content-Security-Policy violation. The check itself is the automatic
 * `cspGuard` fixture of tests/support/e2e.ts (every spec has it); this walks the pages whose scripts once tripped it
 * — a zod schema probed for `new Function`, which `script-src` refuses — and makes sure the guard does fail a test.
 */

async function visit(page: import('@playwright/test').Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // The console messages of a module script arrive after it ran: wait for the page's scripts to settle.
  await page.waitForLoadState('networkidle')
}

test('public pages with forms log no CSP violation', async ({ page }) => {
  for (const path of ['/', '/signup', '/signup?planType=comprehensive', '/auth', '/partner/complete-claim', '/demo/customer'])
    await visit(page, path)
})

test("a customer's pages log no CSP violation", async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id)
  for (const path of [
    '/customer',
    '/customer/privacy',
    `/customer/policies/${policy.id}/contract`,
    `/customer/submit-claim?policy_id=${policy.id}`,
  ])
    await visit(page, path)
})

test("the operator's pages log no CSP violation", async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile()
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id)
  for (const path of [
    '/admin',
    '/admin/claims',
    `/admin/claims/${claim.id}`,
    '/admin/partners',
    '/admin/policies',
    `/admin/customers/${customer.id}`,
    '/admin/statements',
    '/admin/payouts',
    '/admin/activity',
    '/admin/prices',
    '/admin/price-schedule',
    '/admin/scorecards',
    '/admin/applications',
  ])
    await visit(page, path)
})

test('the guard fails a test whose page logged a CSP violation', async ({ page, javaScript }) => {
  test.skip(!javaScript, 'the violation is provoked by a script')
  // Expected to fail: the fixture's check after the test finds the refused script below.
  test.fail()
  await visit(page, '/')
  // The body itself succeeds (the browser did log the refusal): only the guard can fail this test.
  await Promise.all([
    page.waitForEvent('console', { predicate: (message) => CSP_VIOLATION.test(message.text()), timeout: 5_000 }),
    page.evaluate(() => {
      const script = document.createElement('script')
      script.src = 'https://scripts.invalid/not-allowed.js'
      document.head.append(script)
    }),
  ])
})
