import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test as base } from '@playwright/test'

import { createProfile, findOrCreateProfile, sessionCookieFor, uniqueEmail } from './factories'
import { outboxFor, outboxTextsFor } from './outbox'

export { type OutboxEmail, outboxFor } from './outbox'
import type { Profile } from '~/db/schema'

type Fixtures = {
  /** True in the 'js-on' project. */
  javaScript: boolean
  /** Signs a customer in on this page's context (a real session row + cookie): a new one, or the one with the given e-mail. */
  signIn: (profile?: Partial<Profile>) => Promise<Profile>
  /** Fails the test when the browser logged a Content-Security-Policy violation (automatic, every test). */
  cspGuard: void
  /**
   * A violation the test provokes on purpose: the guard lets those matching the pattern pass, and fails the test
   * unless at least one did happen.
   */
  expectCspViolation: (pattern: RegExp) => void
  /** The patterns expectCspViolation was given, for the guard. */
  expectedCspViolations: RegExp[]
}

/** A refused load as Chromium logs it ("… violates the following Content Security Policy directive"), or the guard's own line. */
export const CSP_VIOLATION = /Content Security Policy/i

export const test = base.extend<Fixtures>({
  // A distinct client address per test: per-IP rate limits then belong to the test that caused them.
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() })
    await use(context)
  },
  javaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false)
  },
  signIn: async ({ context, baseURL }, use) => {
    await use(async (overrides = {}) => {
      // A given e-mail (e.g. the operator's) reuses that profile; otherwise a new customer.
      const profile = overrides.email
        ? findOrCreateProfile(overrides.email, overrides)
        : createProfile({ email: uniqueEmail(), ...overrides })
      await addSessionCookie(context, baseURL!, profile.id)
      return profile
    })
  },
  /**
   * The CSP is strict (no 'unsafe-eval', inline scripts by nonce or by hash): anything it blocks is a page feature that silently fails, or
   * a library probing (zod's `new Function` test did, on every page with a schema). The console of every context the
   * test opens — its own and any it makes with `browser.newContext` — is watched (without JavaScript, for what the
   * browser itself logs: refused loads, frames, form targets).
   */
  expectedCspViolations: async ({}, use) => {
    await use([])
  },
  expectCspViolation: async ({ expectedCspViolations }, use) => {
    await use((pattern) => {
      expectedCspViolations.push(pattern)
    })
  },
  cspGuard: [
    async ({ context, browser, expectedCspViolations: expected }, use) => {
      const violations: string[] = []
      const watch = async (watched: BrowserContext) => {
        // A refused load is logged by the browser itself; a refused eval (the zod probe) is not, only dispatched as a
        // `securitypolicyviolation` event: the page logs those in the same words, with JavaScript on.
        await watched.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (event) =>
            console.error(
              `Content Security Policy violation: ${event.violatedDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
            ),
          ),
        )
        watched.on('console', (message) => {
          if (CSP_VIOLATION.test(message.text())) violations.push(`${message.page()?.url() ?? '(no page)'}: ${message.text()}`)
        })
      }
      await watch(context)
      const newContext = browser.newContext
      browser.newContext = async (...args) => {
        const made = await newContext.apply(browser, args)
        await watch(made)
        return made
      }
      try {
        await use()
      } finally {
        browser.newContext = newContext
      }
      for (const pattern of expected)
        expect(
          violations.some((violation) => pattern.test(violation)),
          `an expected CSP violation (${pattern})`,
        ).toBe(true)
      const unexpected = violations.filter((violation) => !expected.some((pattern) => pattern.test(violation)))
      expect(unexpected, 'Content-Security-Policy violations in the browser console').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export async function addSessionCookie(context: BrowserContext, baseURL: string, profileId: string) {
  const [name, value] = (await sessionCookieFor(profileId)).split('=') as [string, string]
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export function randomIp() {
  return `10.${rand(255)}.${rand(255)}.${rand(254) + 1}`
}
function rand(n: number) {
  return Math.floor(Math.random() * n)
}

/** Waits for an e-mail to the address whose subject matches. */
export async function waitForEmail(to: string, subject: RegExp | string = /.*/, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = outboxFor(to).find((email) =>
      typeof subject === 'string' ? email.subject.includes(subject) : subject.test(email.subject),
    )
    if (match) return match
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with subject ${subject} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** Waits for a text to the number (E.164) of the kind given ('number_code', 'claim_on_the_way', ...). */
export async function waitForText(to: string, kind: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = outboxTextsFor(to).find((text) => text.kind === kind)
    if (match) return match
    if (Date.now() > deadline) throw new Error(`No ${kind} text to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** The toast the server rendered on this page. */
export function toast(page: Page) {
  return page.locator('[data-toast]')
}

/**
 * No serious or critical axe-core violations on this page. axe runs inside the page, so only in the projects where
 * JavaScript runs; the markup it checks is the same without JavaScript.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  if (base.info().project.use.javaScriptEnabled === false) return
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
}
