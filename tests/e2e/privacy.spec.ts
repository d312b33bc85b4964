import fs from 'node:fs'

import { unzipSync } from 'fflate'

import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy } from '../support/factories'

const DAY = 24 * 60 * 60 * 1000

// Privacy self-service — export, correct, delete — with JavaScript on and off.
test('a customer downloads their data, corrects their details and deletes their account', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Riley Private' })
  createActivePolicy(customer.id, { initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })

  await page.goto('/customer')
  await page.getByRole('link', { name: 'Privacy & your data' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy & your data' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()])
  const zip = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))
  const data = JSON.parse(new TextDecoder().decode(zip['data.json']!)) as { profile: { email: string; fullName: string } }
  expect(data.profile).toMatchObject({ email: customer.email, fullName: 'Riley Private' })

  const details = page.getByRole('region', { name: 'Your details' })
  await details.getByLabel('Phone').fill('call me')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('Enter a US phone number, e.g. (801) 555-0142')).toBeVisible()
  await details.getByLabel('Full name').fill('Riley Q. Private')
  await details.getByLabel('Phone').fill('801-555-0199')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(toast(page).first()).toContainText('Details saved')
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('Full name')).toHaveValue('Riley Q. Private')
  // Kept in E.164, shown as a US number reads.
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('Phone')).toHaveValue('(801) 555-0199')

  const deletion = page.getByRole('region', { name: 'Delete my account' })
  await deletion.getByRole('button', { name: 'Send me a code to confirm' }).click()
  await expect(toast(page).first()).toContainText('Code sent')
  const email = await waitForEmail(customer.email, 'Your code to delete your account')
  const code = /Code: (\d{6})/.exec(email.text)![1]!
  await page.getByRole('region', { name: 'Delete my account' }).getByLabel('Code from the e-mail').fill(code)
  await page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(toast(page)).toContainText('Your account was deleted')

  await page.goto('/customer')
  await expect(page).toHaveURL(/\/auth/)
})
