import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { freePort, startBuiltServer, untilHealthy } from '../support/built-server'
import { expect, test } from '../support/e2e'

/**
 * The production server as the operator runs it (`node server.js`), started here on its own port and data directory:
 * a bad setting stops it with one line naming the variable; SIGTERM lets it finish and close SQLite cleanly.
 * Browser-independent, so it runs in one project only.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no browser involved: once is enough')

const startServer = (env: Record<string, string>) => startBuiltServer(env)

/** The messages of the server's log lines (JSON, one a line; docs/operating.md, "Logs"). */
const messages = (output: string) =>
  output
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { msg: string }).msg)

test('a bad setting stops the server with one line naming it', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-lifecycle-'))
  const server = startServer({ PORT: '3990', DATA_DIR: dataDir, ADMIN_EMAILS: 'ops@example.com, not-an-address' })
  expect(await server.exited).toBe(1)
  const lines = messages(server.output())
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Configuration error: ADMIN_EMAILS/)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('SIGTERM stops the server cleanly and leaves a checkpointed database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-lifecycle-'))
  const port = await freePort()
  const server = startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    SESSION_SECRET: 'lifecycle-secret-that-is-long-enough-0123456789',
  })
  await untilHealthy(port, server)
  expect(server.output()).toContain('payments:     test checkout')

  // A request in flight when SIGTERM arrives still gets its answer: send half a form, stop the server, send the rest.
  const body = 'email=drain%40example.com'
  const request = http.request(`http://localhost:${port}/auth`, {
    method: 'POST',
    headers: {
      Origin: `http://localhost:${port}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(body.length),
    },
  })
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', reject)
  })
  request.write(body.slice(0, 6))
  await new Promise((resolve) => request.once('socket', (socket) => socket.once('connect', resolve)))
  await new Promise((resolve) => setTimeout(resolve, 300))
  server.child.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 300))
  request.end(body.slice(6))
  // Answered by the app (whatever it makes of the form), not cut off.
  const status = await answered
  expect(status).toBeGreaterThanOrEqual(200)
  expect(status).toBeLessThan(500)
  expect(await server.exited).toBe(0)
  expect(server.output()).toContain('SIGTERM: finishing in-flight requests')
  // Closing the last connection checkpoints the WAL into the database file and removes it.
  expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(true)
  expect(fs.existsSync(path.join(dataDir, 'app.sqlite-wal'))).toBe(false)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('with a public APP_URL and no Postmark or Stripe, the production server refuses to start with one line', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-lifecycle-'))
  const server = startServer({
    PORT: '3991',
    DATA_DIR: dataDir,
    APP_URL: 'https://glass.example',
    SESSION_SECRET: 'lifecycle-secret-that-is-long-enough-0123456789',
  })
  expect(await server.exited).toBe(1)
  const lines = messages(server.output())
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(
    /^Configuration error: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, POSTMARK_SERVER_TOKEN required in production when APP_URL/,
  )
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('an exception thrown outside any request is logged with its stack, and the server drains and exits non-zero for its supervisor', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-lifecycle-'))
  // A module preloaded into the real server that throws from a timer once told to (a file appears, written after the
  // server answers): a bug outside any request. Told, not timed, so a slow start on a busy machine cannot beat it.
  const bomb = path.join(dataDir, 'bomb.mjs')
  const trigger = path.join(dataDir, 'throw-now')
  fs.writeFileSync(
    bomb,
    `import fs from 'node:fs'\nsetInterval(() => { if (fs.existsSync(${JSON.stringify(trigger)})) throw new Error('boom outside a request') }, 100)\n`,
  )
  const port = await freePort()
  const started = startBuiltServer({ PORT: String(port), DATA_DIR: dataDir, APP_URL: `http://localhost:${port}` }, ['--import', bomb])
  const { output: outputOf, exited } = started
  await untilHealthy(port, started)
  fs.writeFileSync(trigger, '')
  expect(await exited).toBe(1)
  const output = outputOf()
  const fatal = output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: string; msg: string; err?: { message: string; stack: string } })
    .find((line) => line.level === 'fatal')
  expect(fatal).toMatchObject({ msg: 'uncaught exception; restarting cleanly', err: { message: 'boom outside a request' } })
  expect(fatal?.err?.stack).toMatch(/at Timeout\._onTimeout .*bomb\.mjs/)
  expect(output).toContain('uncaught exception: finishing in-flight requests, then stopping')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('on a terminal the server prints readable lines, the banner as lines of its own; with LOG_FORMAT=json, JSON', async () => {
  // `script` gives the server a terminal for its standard output, as a newcomer's `npm start` has.
  const onTerminal = async (extra: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-terminal-'))
    const port = await freePort()
    const command = `${extra} NODE_ENV=production PORT=${port} DATA_DIR=${dataDir} VPIC_URL=off BUILD_DIR=${process.env.BUILD_DIR ?? 'build-e2e'} ${process.execPath} server.js`
    const child = spawn('script', ['-qfc', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => /listening on http/.test(output) && resolve())
        child.on('exit', () => reject(new Error(`the server exited before listening:\n${output}`)))
      })
    } finally {
      child.kill('SIGTERM')
      fs.rmSync(dataDir, { recursive: true, force: true })
    }

    return output.replace(/\x1b\[[0-9;]*m/g, '').split(/\r?\n/)
  }
  const pretty = await onTerminal('')
  expect(pretty.some((line) => /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: production at http:\/\/localhost:\d+$/.test(line))).toBe(true)
  expect(pretty).toContain('  e-mail:       outbox at ' + pretty.find((line) => line.includes('/dev/outbox'))!.split('outbox at ')[1])
  expect(pretty.filter((line) => line.startsWith('{'))).toEqual([])
  const json = await onTerminal('LOG_FORMAT=json')
  expect(json.filter((line) => line.trim()).every((line) => line.startsWith('{'))).toBe(true)
})
