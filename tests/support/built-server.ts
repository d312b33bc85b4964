import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import net from 'node:net'

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

/**
 * Waits until the server is ready: its own "listening" line (a busy machine may take a minute to load the build and
 * migrate, so no fixed wait), then /healthz answering 200. A server that exits first fails at once, with its output.
 */
export async function untilHealthy(port: number, server: BuiltServer, timeout = 30_000) {
  await untilListening(server)
  await expect.poll(async () => (await fetch(`http://localhost:${port}/healthz`).catch(() => null))?.status ?? 0, { timeout }).toBe(200)
}

function untilListening(server: BuiltServer) {
  const listening = () => /listening on http/.test(server.output())
  if (listening()) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!listening()) return
      stop()
      resolve()
    }
    const exited = (code: number | null) => {
      stop()
      reject(new Error(`the server exited (${code}) before listening:\n${server.output()}`))
    }
    const stop = () => {
      server.child.stdout.off('data', check)
      server.child.stderr.off('data', check)
      server.child.off('exit', exited)
    }
    server.child.stdout.on('data', check)
    server.child.stderr.on('data', check)
    server.child.on('exit', exited)
  })
}

/**
 * A port nothing listens on now, as the system hands one out: a random pick in the ephemeral range can be a port another
 * test's connection holds, and the server then stops with EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
