import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { allowedConsoleErrors, consoleErrors, expectConsoleError } from '../support/console'
import { tempDirForTest } from '../support/temp-dir'

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

  it('fails the test that logs an error it did not expect, and a file whose hooks log one', () => {
    // A child Vitest runs tests/support/console-guard-fixtures/ with the real setup and reports in JSON.
    const report = path.join(tempDirForTest('glass-guard-'), 'report.json')
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
    spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/support/console-guard-fixtures/vitest.config.ts'],
      { env: { ...env, GUARD_REPORT: report }, encoding: 'utf8' },
    )
    const results = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      testResults: {
        name: string
        status: string
        message: string
        assertionResults: { title: string; status: string; failureMessages: string[] }[]
      }[]
    }
    const outcome = Object.fromEntries(
      results.testResults.flatMap((file) => [
        [path.basename(file.name), `${file.status}${file.message ? `: ${file.message.split('\n')[1]!.trim()}` : ''}`],
        ...file.assertionResults.map((test) => [
          test.title,
          `${test.status}${test.failureMessages.length ? `: ${test.failureMessages[0]!.split('\n')[1]!.trim()}` : ''}`,
        ]),
      ]),
    )
    expect(outcome).toEqual({
      'in-tests.fixture.ts': 'failed',
      'logs by accident': 'failed: an accident with its reason',
      'logs on purpose': 'passed',
      'logs by accident after an await': 'failed: a late accident',
      'logs an expected and an unexpected error': 'failed: not expected',
      'is not covered by the opt-in of an earlier test': 'failed: logged on purpose',
      'in-hooks.fixture.ts': 'failed: logged in afterAll',
      'runs after a beforeAll that logged': 'failed: logged in beforeAll',
      'runs after that': 'passed',
      'file-opt-in.fixture.ts': 'passed',
      'logs what the file expects': 'passed',
    })
  })
})
