// Fixture for tests/unit/console-guard.test.ts (run in a child Vitest): what the guard makes of errors in tests.
import { it } from 'vitest'

import { expectConsoleError } from '../console'

it('logs by accident', () => {
  console.error('an accident', new Error('with its reason'))
})
it('logs on purpose', () => {
  expectConsoleError(/on purpose/)
  console.error('logged on purpose')
})
it('logs by accident after an await', async () => {
  await new Promise((resolve) => setTimeout(resolve, 5))
  console.error('a late accident')
})
it('logs an expected and an unexpected error', () => {
  expectConsoleError(/^expected$/)
  console.error('expected')
  console.error('not expected')
})
it('is not covered by the opt-in of an earlier test', () => {
  console.error('logged on purpose')
})
