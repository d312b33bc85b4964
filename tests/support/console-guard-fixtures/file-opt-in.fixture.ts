// Fixture for tests/unit/console-guard.test.ts: an opt-in outside a test holds for the whole file and its hooks.
import { beforeAll, it } from 'vitest'

import { expectConsoleError } from '../console'

expectConsoleError(/the file expects this/)
beforeAll(() => {
  console.error('the file expects this, in beforeAll')
})
it('logs what the file expects', () => {
  console.error('the file expects this, in a test')
})
