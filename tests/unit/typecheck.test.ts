import { execFileSync } from 'node:child_process'

import { expect, it } from 'vitest'

// Strict TypeScript over the whole project (app, tests, configs) is part of `npm test`, counted like any test.
it('the project type-checks', () => {
  const run = (bin: string, args: string[]) => {
    try {
      execFileSync(process.execPath, [bin, ...args], { stdio: 'pipe', encoding: 'utf8', timeout: 180_000 })
      return ''
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string; message: string }
      return `${failure.stdout ?? ''}${failure.stderr ?? ''}` || failure.message
    }
  }
  expect(run('node_modules/@react-router/dev/bin.js', ['typegen'])).toBe('')
  expect(run('node_modules/typescript/bin/tsc', ['--noEmit', '-p', '.'])).toBe('')
}, 240_000)
