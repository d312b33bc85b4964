import type { Page } from '@playwright/test'

/**
 * What every signup must carry besides the plan: the state of residence (a state where the product is sold). Tests
 * that post the signup form spread this in; those about a missing field leave it out or override it.
 */
export const SIGNUP_FIELDS = { governingState: 'TX' } as const

/** The same, on the signup page in a browser: chooses the state (by name) and ticks what signup requires. */
export async function fillSignupRequirements(page: Page, { state = 'Texas' }: { state?: string } = {}) {
  await page.getByLabel('State of residence').selectOption({ label: state })
}
