import { afterEach, describe, expect, it, vi } from 'vitest'

import { runDatabaseCommand } from '~/cli/run-command'
import { ConfigError } from '~/env.server'
import { logger } from '~/logger.server'

afterEach(() => {
  vi.restoreAllMocks()
  process.exitCode = undefined
})

describe('runDatabaseCommand', () => {
  it('runs the task and leaves the exit code alone when it succeeds', async () => {
    const task = vi.fn(async () => {})
    await runDatabaseCommand({ message: 'failed' }, task)
    expect(task).toHaveBeenCalledOnce()
    expect(process.exitCode).toBeUndefined()
  })

  it('logs a failure with its context and exits 1; a missing setting is one fatal line', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const fatal = vi.spyOn(logger, 'fatal').mockImplementation(() => {})
    const boom = new Error('boom')
    await runDatabaseCommand({ context: { job: 'daily' }, message: 'daily jobs failed' }, async () => {
      throw boom
    })
    expect(error).toHaveBeenCalledWith({ job: 'daily', err: boom }, 'daily jobs failed')
    expect(process.exitCode).toBe(1)

    process.exitCode = undefined
    await runDatabaseCommand({ message: 'backup failed' }, async () => {
      throw new ConfigError('Set DATA_DIR')
    })
    expect(fatal).toHaveBeenCalledWith('Set DATA_DIR')
    expect(error).toHaveBeenCalledOnce()
    expect(process.exitCode).toBe(1)
  })
})
