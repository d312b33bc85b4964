import { eq } from 'drizzle-orm'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { salesStates, stateFormFilings } from '~/db/schema'
import { STATE_TABLE } from '~/domain/state-rules'
import { US_STATES } from '~/domain/us-states'

import { expect, test, toast } from '../support/e2e'

// Each project closes its own state (both run at once against one server), one no other spec signs up in.
const stateFor = (javaScript: boolean) => (javaScript ? { code: 'ND', name: 'North Dakota' } : { code: 'SD', name: 'South Dakota' })

// Each project records a filing in its own state of those that require the contract form filed before use.
const filingStateFor = (javaScript: boolean) => (javaScript ? { code: 'FL', name: 'Florida' } : { code: 'CA', name: 'California' })

// Only the test that closes a state puts it back: an afterEach would run after this file's other tests too, which run
// beside it in another worker and would reopen the state while it is being checked.
function reopen(code: string) {
  db().delete(salesStates).where(eq(salesStates.code, code)).run()
}

test('the states table filters by open, closed and needs facts, and returns to the filter after closing a state', async ({
  page,
  signIn,
  javaScript,
}) => {
  const state = stateFor(javaScript)
  const filing = filingStateFor(javaScript)
  try {
    await signIn({ email: 'operator@example.com' })
    await page.goto('/admin/states')
    const filters = page.getByRole('navigation', { name: 'Filter states' })
    await expect(filters.getByRole('link', { name: `All states (${US_STATES.length})` })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('tbody tr')).toHaveCount(US_STATES.length)

    await page.getByRole('button', { name: `Close sales in ${state.name}` }).click()
    await expect(toast(page)).toContainText(`Signup now refuses customers in ${state.name}`)

    await filters.getByRole('link', { name: /^Closed/ }).click()
    await expect(page).toHaveURL(/\?show=closed$/)
    await expect(page.getByTestId(`state-${state.code}`)).toContainText('Closed')
    await expect(page.getByTestId('state-AL')).toHaveCount(0)
    // Every row shown is closed.
    for (const row of await page.locator('tbody tr').all()) await expect(row).toContainText('Closed')

    // Reopening from the closed list comes back to it, without the state.
    await page.getByRole('button', { name: `Open sales in ${state.name}` }).click()
    await expect(toast(page)).toContainText(`New customers in ${state.name} can sign up.`)
    await expect(page).toHaveURL(/\?show=closed$/)
    await expect(page.getByTestId(`state-${state.code}`)).toHaveCount(0)

    await filters.getByRole('link', { name: /^Open/ }).click()
    await expect(page.getByTestId(`state-${state.code}`)).toContainText('Open')

    // Needs facts: the states the table has no statute for, each on the national default.
    const withoutStatute = US_STATES.filter(({ code }) => !STATE_TABLE[code])
    await filters.getByRole('link', { name: `Needs facts (${withoutStatute.length})` }).click()
    await expect(page.locator('tbody tr')).toHaveCount(withoutStatute.length)
    await expect(page.getByTestId('state-TX')).toHaveCount(0)
    for (const row of await page.locator('tbody tr').all()) await expect(row).toContainText('National default')

    // Texas asks for its financial security before it opens: the kind is chosen from the statute's three.
    await page.goto('/admin/states/TX')
    await expect(page.getByLabel('Financial security (required)')).toBeVisible()
    await expect(page.getByLabel('Financial security (required)').locator('option')).toHaveText([
      'Not recorded',
      'Reimbursement insurance policy',
      'Funded reserve account and security deposit',
      'Net worth of at least $100 million (the provider or its parent)',
    ])

    // A state that requires the contract form filed before use records the terms version's filing.
    await page.goto(`/admin/states/${filing.code}`)
    const filed = page.getByRole('region', { name: 'Contract form filed' })
    await expect(filed).toContainText('No filing recorded yet.')
    await filed.getByLabel('Filed on').fill('2999-01-01')
    await filed.getByRole('button', { name: 'Record the filing' }).click()
    await expect(page.getByRole('region', { name: 'Contract form filed' }).getByText('The filing day cannot be after today.')).toBeVisible()
    await page.getByRole('region', { name: 'Contract form filed' }).getByLabel('Filed on').fill('2026-11-30')
    await page.getByRole('region', { name: 'Contract form filed' }).getByLabel('Reference (optional)').fill('REF-118')
    await page.getByRole('region', { name: 'Contract form filed' }).getByRole('button', { name: 'Record the filing' }).click()
    await expect(toast(page)).toContainText(`Terms ${TOS_VERSION} are recorded as filed in ${filing.name}`)
    await expect(page.getByTestId('form-filings')).toContainText(`Terms ${TOS_VERSION}: filed November 30, 2026, reference REF-118`)
  } finally {
    reopen(state.code)
    db().delete(stateFormFilings).where(eq(stateFormFilings.code, filing.code)).run()
  }
})

test('an unknown filter is a 400 with a message, and the whole list', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const response = await page.goto('/admin/states?show=sideways')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('alert')).toContainText('Unknown filter: choose one from the list.')
  await expect(page.locator('tbody tr')).toHaveCount(US_STATES.length)
})

test('at 1366 px the table fits the page and no header or button breaks inside a word', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/admin/states')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  // A word broken across lines has more than one box: every word of the headers and buttons has one.
  const broken = await page.evaluate(() => {
    const found: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('thead th, tbody button')) {
      const text = element.firstChild!
      for (const match of text.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(text, match.index)
        range.setEnd(text, match.index + match[0].length)
        if (range.getClientRects().length > 1) found.push(match[0])
      }
    }
    return found
  })
  expect(broken).toEqual([])
})
