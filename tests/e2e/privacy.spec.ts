import fs from 'node:fs'

import { unzipSync } from 'fflate'

import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, uniqueEmail } from '../support/factories'

const DAY = 24 * 60 * 60 * 1000

// Privacy self-service — export, correct, delete — with JavaScript on and off.
test('a customer downloads their data, corrects their details and deletes their account, which keeps what Texas requires', async ({
  page,
  signIn,
}) => {
  const address = { name: 'Riley Private', line1: '100 Congress Ave', line2: null, city: 'Austin', state: 'TX', zip: '78701' }
  const customer = await signIn({ fullName: 'Riley Private', mailingAddress: JSON.stringify(address) })
  const { policy } = createActivePolicy(customer.id, { governingState: 'TX', initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })

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
  // Before confirming: what stays, under which law, and until when.
  await expect(deletion.getByTestId('deletion-kept')).toContainText(`Policy ${policy.policyNumber}: Texas law (Tex. Occ. Code §1304.155)`)
  await expect(deletion.getByTestId('deletion-kept')).toContainText('Only our staff can see these records')
  await deletion.getByRole('button', { name: 'Send me a code to confirm' }).click()
  await expect(toast(page).first()).toContainText('Code sent')
  const email = await waitForEmail(customer.email, 'Your code to delete your account')
  const code = /Code: (\d{6})/.exec(email.text)![1]!
  await page.getByRole('region', { name: 'Delete my account' }).getByLabel('Code from the e-mail').fill(code)
  await page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(toast(page)).toContainText('Your account was deleted')
  await expect(toast(page)).toContainText('except one record the law requires us to keep')
  const last = await waitForEmail(customer.email, 'Your Glass Plan account was deleted')
  expect(last.text).toContain('Texas law (Tex. Occ. Code §1304.155)')

  await page.goto('/customer')
  await expect(page).toHaveURL(/\/auth/)

  // Only the operator sees the kept record: the holder's name and address, its law and the day it goes.
  await signIn({ email: uniqueEmail('ops'), role: 'admin' })
  await page.goto(`/admin/customers/${customer.id}`)
  const kept = page.getByRole('region', { name: 'Records kept after deletion' })
  await expect(kept.getByTestId('kept-record')).toContainText('Riley Q. Private')
  await expect(kept.getByTestId('kept-record')).toContainText('Austin, TX 78701')
  await expect(kept.getByTestId('kept-record')).toContainText('Tex. Occ. Code §1304.155')
})
