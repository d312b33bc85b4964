import { describe, expect, it } from 'vitest'

import { allowedConsoleErrors, consoleErrors, expectConsoleError } from '../support/console'

/** The setup's console.error guard (tests/support/vitest-setup.ts): it sees every error log of a test. */
describe('the console.error guard', () => {
  it('collects what a test logs, and an opt-in names what is expected', () => {
    console.error('something broke', new Error('the reason'))
    expect(consoleErrors).toEqual(['something broke the reason'])
    expectConsoleError(/something broke/)
    expect(allowedConsoleErrors.some((pattern) => pattern.test(consoleErrors[0]!))).toBe(true)
  })

  it('starts each test with nothing collected and nothing allowed', () => {
    expect(consoleErrors).toEqual([])
    expect(allowedConsoleErrors).toEqual([])
  })
})
