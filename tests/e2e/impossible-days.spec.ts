import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claims, stormEvents } from '~/db/schema'
import { NOT_A_CALENDAR_DAY } from '~/domain/messages'

import { addSessionCookie, expect, test } from '../support/e2e'
import { createActivePolicy, createProfile, uniqueEmail } from '../support/factories'
import { jpeg } from '../support/photos'

// A date input cannot be given 2026-02-31, but a hand-made post can: each form's post is sent with the day it holds
// swapped for 2026-02-31 (the same length, so a multipart body stays whole), and the server refuses it by its field.
const TYPED = '2026-01-15'
const IMPOSSIBLE = '2026-02-31'

async function postImpossibleDay(page: Page, path: string) {
  await page.route(`**${path}*`, async (route) => {
    const body = route.request().postDataBuffer()
    if (route.request().method() !== 'POST' || !body) return route.continue()
    const at = body.indexOf(TYPED)
    if (at >= 0) body.write(IMPOSSIBLE, at, 'latin1')
    return route.continue({ postData: body })
  })
}

test('a storm from 2026-02-31 is refused by its first day, and nothing is declared', async ({ page, signIn }) => {
  const name = `Impossible hail ${createId(4)}`
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin/storms')
  const form = page.locator('form#declare-storm')
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('ZIP codes and prefixes').fill('59101')
  await form.getByLabel('First day').fill(TYPED)
  await form.getByLabel('Last day').fill('2026-03-05')
  await postImpossibleDay(page, '/admin/storms')
  const answer = page.waitForResponse((response) => response.request().method() === 'POST')
  await form.getByRole('button', { name: 'Declare storm' }).click()
  expect((await answer).status()).toBe(400)
  await expect(page.locator('#startsOn-error')).toHaveText(NOT_A_CALENDAR_DAY)
  expect(db().select().from(stormEvents).where(eq(stormEvents.name, name)).all()).toHaveLength(0)
})

test('a damage date of 2026-02-31 is refused by its field, and no claim is filed', async ({ browser, baseURL, javaScript }) => {
  const context = await browser.newContext({ javaScriptEnabled: javaScript })
  const page = await context.newPage()
  const customer = createProfile({ email: uniqueEmail('impossible-day') })
  await addSessionCookie(context, baseURL!, customer.id)
  const { policy } = createActivePolicy(customer.id)
  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  await page.getByLabel('When did the damage happen?').fill(TYPED)
  await page.getByRole('radio', { name: 'Smaller than a quarter' }).check()
  await page.getByRole('radio', { name: 'Yes, in front of the driver’s eyes' }).check()
  await page.getByRole('radio', { name: 'One', exact: true }).check()
  await page.getByRole('radio', { name: 'In front of the driver', exact: true }).check()
  const photo = await jpeg({ width: 320, height: 240, colour: '#5a6f8f' })
  await page.locator('#photos').setInputFiles([{ name: 'chip.jpg', mimeType: 'image/jpeg', buffer: photo }])
  await page.getByLabel('What Happened?').fill('A stone hit the windshield on the highway.')
  await postImpossibleDay(page, '/customer/submit-claim')
  const answer = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  expect((await answer).status()).toBe(400)
  await expect(page.locator('#damageDate-error')).toHaveText(NOT_A_CALENDAR_DAY)
  expect(db().select().from(claims).where(eq(claims.policyId, policy.id)).all()).toHaveLength(0)
  await context.close()
})
