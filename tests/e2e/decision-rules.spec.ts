import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claims, partnerLocations } from '~/db/schema'

import { addSessionCookie, expect, randomIp, test, toast } from '../support/e2e'
import { createActivePolicy, createPartnerGroup, findOrCreateProfile } from '../support/factories'
import { jpeg } from '../support/photos'

test('a clean chip claim is approved at once by the published rules, and the customer picks a shop', async ({
  page,
  browser,
  baseURL,
  signIn,
  javaScript,
}) => {
  // A shop of its own at a ZIP of its own (Missoula), so it is offered whatever other tests add.
  const group = createPartnerGroup(`Clark Fork Glass ${createId(4)}`, { email: `desk-${createId(6).toLowerCase()}@clarkfork.example` })
  const location = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `${group.name} — Missoula`,
      slug: `clark-fork-${createId(6).toLowerCase()}`,
      address: '200 W Broadway St',
      city: 'Missoula',
      state: 'MT',
      zip: '59802',
    })
    .returning()
    .get()
  const customer = await signIn({ fullName: 'Rae Rules' })
  const { policy } = createActivePolicy(customer.id)

  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  await expect(page.getByRole('link', { name: 'how claims are decided', exact: true })).toHaveAttribute('href', '/how-claims-are-decided')
  // A missing answer is refused next to its question, and the answers given stay chosen.
  await page.getByRole('radio', { name: 'Smaller than a quarter' }).check()
  await page.getByLabel('What Happened?').fill('A stone from a gravel truck; one small chip on the passenger side.')
  const photo = { name: 'chip.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ width: 320, height: 240, colour: '#3a6ea5' }) }
  await page.locator('#photos').setInputFiles([photo])
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  await expect(toast(page)).toContainText('Tell Us About the Damage')
  await expect(page.getByText('Please choose where on the windshield the damage is.')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Smaller than a quarter' })).toBeChecked()

  await page.getByRole('group', { name: 'Is it in the driver’s line of sight?' }).getByRole('radio', { name: 'No' }).check()
  await page.getByRole('radio', { name: 'One' }).check()
  await page.getByRole('radio', { name: 'In front of the passenger' }).check()
  // A refused form never keeps a chosen file (a browser cannot be given one back): the photo is chosen again.
  await page.locator('#photos').setInputFiles([photo])
  await page.getByRole('button', { name: 'Submit Claim' }).click()

  await expect(page.getByRole('heading', { name: 'Claim Submitted Successfully!' })).toBeVisible()
  const decision = page.getByTestId('claim-decision')
  await expect(decision).toContainText('Approved')
  await expect(decision).toContainText('published decision rules (version 3)')
  const claim = db().select().from(claims).where(eq(claims.policyId, policy.id)).get()!
  expect(claim).toMatchObject({ approvalStatus: 'approved', decidedByRulesVersion: '3' })

  await decision.getByRole('link', { name: 'Choose a shop' }).click()
  await expect(page.getByRole('heading', { name: 'Choose a shop', level: 1 })).toBeVisible()
  await page.getByLabel('Your ZIP code').fill('59802')
  if (!javaScript) await page.getByRole('button', { name: 'Find shops' }).click()
  const option = page.getByTestId('shop-option').filter({ hasText: location.name })
  await option.getByRole('radio').check()
  await page.getByLabel('Afternoon (12–5)').check()
  await page.getByRole('button', { name: 'Choose this shop' }).click()
  await expect(toast(page)).toContainText('Shop chosen')
  await expect(page.locator(`[data-claim-id="${claim.id}"]`).getByText('Approved', { exact: true })).toBeVisible()
  await expect(page.getByTestId('claim-live-status')).toContainText(`${location.name}, 200 W Broadway St`)
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
    chosenLocationId: location.id,
    assignedPartnerGroupId: group.id,
  })

  // The operator's claim page names the rule set that decided, in the outcome and in the history, and offers the reversal.
  const context = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(context, baseURL!, findOrCreateProfile('operator@example.com').id)
  const operator = await context.newPage()
  await operator.goto(`/admin/claims/${claim.id}`)
  await expect(operator.getByTestId('rules-decision')).toHaveText('Decided by rules v3')
  await expect(operator.getByText('Claim approved at once by the decision rules')).toBeVisible()
  await expect(operator.getByLabel('Reverse the automatic approval')).toBeVisible()
  // The answers the rules read, in the customer's words, beside the damage.
  await expect(operator.getByTestId('damage-answer-damageSize')).toHaveText('Smaller than a quarter')
  await expect(operator.getByTestId('damage-answer-inLineOfSight')).toHaveText('No')
  await expect(operator.getByTestId('damage-answer-chipCount')).toHaveText('One')
  await expect(operator.getByTestId('damage-answer-damageZone')).toHaveText('In front of the passenger')
  // The reversal takes one of the grounds the terms list: without one it is refused by the field, nothing changed.
  await operator.getByLabel('Reverse the automatic approval').fill('The setup photos already show this chip.')
  await operator.getByRole('button', { name: 'Reverse and deny' }).click()
  await expect(operator.locator('#reverse-ground-error')).toHaveText('Choose the ground, one the terms list for a reversal.')
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('approved')
  await operator.getByLabel('A check on the photos found they were used before').check()
  await operator.getByLabel('Reverse the automatic approval').fill('The setup photos already show this chip.')
  await operator.getByRole('button', { name: 'Reverse and deny' }).click()
  await expect(toast(operator)).toContainText('Approval Reversed')
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
    approvalStatus: 'denied',
    denialReason: 'A check on the photos found they were used before. The setup photos already show this chip.',
  })
  await context.close()
})

test('the public page sets out the rules in plain words, and the site links to it', async ({ page }) => {
  await page.goto('/')
  await page.locator('#how-it-works').getByRole('link', { name: 'How claims are decided' }).click()
  await expect(page.getByRole('heading', { name: 'How claims are decided', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'The rules (version 3)' })).toBeVisible()
  await expect(page.getByTestId('decision-rules').getByRole('listitem')).toHaveCount(14)
  await expect(page.getByTestId('decision-rules')).toContainText('For a chip: it is not in the driver’s line of sight.')
  await expect(page.getByTestId('decision-rules')).toContainText('The damage happened on or after the day your coverage began.')
  await expect(page.getByTestId('decision-rules')).toContainText(
    'For a repair of ours that failed: the damage is where the chip was repaired',
  )
})
