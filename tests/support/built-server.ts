import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'

import { expect } from '@playwright/test'

/**
 * The production server as the operator runs it (`node server.js` on the build in BUILD_DIR), for the browser-free
 * suites over the built server: its own settings (port, data directory), its output collected, its exit awaited.
 */
export type BuiltServer = { child: ChildProcessWithoutNullStreams; exited: Promise<number | null>; output: () => string }

export function startBuiltServer(env: Record<string, string>, nodeArgs: string[] = []): BuiltServer {
  const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', BUILD_DIR: process.env.BUILD_DIR ?? 'build-e2e', VPIC_URL: 'off', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** Waits until the server on this port answers /healthz with 200. */
export async function untilHealthy(port: number, timeout = 30_000) {
  await expect.poll(async () => (await fetch(`http://localhost:${port}/healthz`).catch(() => null))?.status ?? 0, { timeout }).toBe(200)
}
