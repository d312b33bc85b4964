// Fixture for tests/unit/console-guard.test.ts: errors logged in hooks fail the next test, or the file at its end.
import { afterAll, beforeAll, it } from 'vitest'

beforeAll(() => {
  console.error('logged in beforeAll')
})
afterAll(() => {
  console.error('logged in afterAll')
})
it('runs after a beforeAll that logged', () => {})
it('runs after that', () => {})
