import fs from 'node:fs'
import path from 'node:path'

import { type BuiltServer, startBuiltServer, untilHealthy } from '../support/built-server'
import { expect, test, toast } from '../support/e2e'
import { fakePostmark } from '../support/fake-postmark'
import { startFakeStripe } from '../support/fake-stripe'
import { fillSignupRequirements } from '../support/signup-form'

/**
 * A production start (NODE_ENV=production, a public APP_URL) as the operator deploys it, against the fake Stripe and
 * the fake Postmark it cannot start without: SALES_STATES names Illinois, whose registration number is not filled in,
 * so signup refuses Illinois and every state not named until the operator fills the fact in and opens it. The browser
 * reaches the public host name through Chromium's resolver rules, so links, origins and cookies are the real ones.
 */
const HOST = 'glassplan-production.test'

test.use({
  launchOptions: async ({ launchOptions }, use) => {
    await use({ ...launchOptions, args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] })
  },
})

// Each project starts its own server (they run at once), on ports beside the other e2e servers' (+100, +200).
const portFor = (javaScript: boolean) => Number(process.env.E2E_PORT ?? 4173) + (javaScript ? 300 : 301)

let server: BuiltServer | undefined
let stripe: Awaited<ReturnType<typeof startFakeStripe>> | undefined
const postmark = fakePostmark()

test.beforeAll(async ({ javaScript }) => {
  const port = portFor(javaScript)
  const dataDir = path.resolve(`test-results/e2e-production-start-${port}`)
  fs.rmSync(dataDir, { recursive: true, force: true })
  stripe = await startFakeStripe()
  const postmarkUrl = await postmark.start()
  server = startBuiltServer({
    PORT: String(port),
    APP_URL: `http://${HOST}:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'production-start-session-secret-0123456789',
    ADMIN_EMAILS: 'operator@example.com',
    SALES_STATES: 'IL',
    // Illinois prints a toll-free or local service number (215 ILCS 152/30(3)): the operator who sells there sets one.
    SUPPORT_PHONE: '(800) 555-0142',
    STRIPE_SECRET_KEY: 'sk_test_production_start',
    STRIPE_WEBHOOK_SECRET: 'whsec_production_start',
    STRIPE_API_URL: stripe.url,
    POSTMARK_SERVER_TOKEN: 'postmark-production-start',
    POSTMARK_API_URL: postmarkUrl,
  })
  await untilHealthy(port, server, 60_000)
})

test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  await stripe?.close()
  await postmark.stop()
})

test('a production start opens no state until its facts are filled', async ({ page, javaScript }) => {
  test.setTimeout(90_000)
  const base = `http://${HOST}:${portFor(javaScript)}`

  async function subscribeIn(state: string) {
    await page.goto(`${base}/signup?planType=chip_only`)
    await fillSignupRequirements(page, { state })
    await page.getByLabel('I have read and agree to the Terms of Service').check()
    await page.getByRole('button', { name: 'Subscribe Now' }).click()
  }

  // Illinois is named but its registration number is missing; Ohio is not named.
  for (const state of ['Illinois', 'Ohio']) {
    await subscribeIn(state)
    await expect(page.getByText(`Glass Plan is not sold in ${state} yet, so we cannot start a plan for you there.`).first()).toBeVisible()
    expect(new URL(page.url()).host).toBe(new URL(base).host)
  }

  // The operator signs in through the e-mail Postmark would deliver.
  await page.goto(`${base}/auth`)
  await page.getByLabel('Email Address').fill('operator@example.com')
  await page.getByRole('button', { name: 'Send login link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  let link: string | undefined
  await expect
    .poll(() => {
      const email = postmark.received.find(
        (message) => message.To === 'operator@example.com' && message.Subject === 'Your Glass Plan login link',
      )
      link = email?.TextBody.match(/https?:\/\/\S+\/auth\/\S+/)?.[0]
      return link
    })
    .toMatch(new RegExp(`^${base}/auth/`))
  await page.goto(link!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'))

  // Opening without the fact is refused next to the field; filled in, Illinois opens.
  await page.goto(`${base}/admin/states/IL`)
  await page.getByRole('button', { name: 'Save and open sales' }).click()
  const facts = page.getByRole('form', { name: 'Facts for IL' })
  await expect(facts.getByRole('alert')).toHaveText('Required before this state may be opened.')
  await page.getByLabel('Registration or licence number (required)').fill('IL-SC-20931')
  await page.getByRole('button', { name: 'Save and open sales' }).click()
  await expect(toast(page)).toContainText('The facts for Illinois are saved and new customers there can sign up.')

  // Illinois now goes on to the payment page; Ohio, never named, is still refused.
  await subscribeIn('Ohio')
  await expect(page.getByText('Glass Plan is not sold in Ohio yet, so we cannot start a plan for you there.').first()).toBeVisible()
  await subscribeIn('Illinois')
  await page.waitForURL(`${stripe!.url}/pay/**`)
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible()
})
