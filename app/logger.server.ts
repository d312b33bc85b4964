import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequire } from 'node:module'
import { format } from 'node:util'

import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino'

export type { Logger }

/**
 * The one logger of the server, the daily jobs and the command-line tools (docs/operating.md, "Logs"): readable lines
 * on a terminal (a newcomer's `npm start`), JSON lines anywhere else (what Fly's log shipping reads) or when
 * LOG_FORMAT=json, and in tests through `console` so the test setup's guard still fails a test on an unexpected error
 * (tests/support/vitest-setup.ts).
 *
 * Every line written while a request is being answered carries that request's id (`reqId`): server.js runs each
 * request inside `requestScope`, and the logger adds what it finds there. So a model deep under a loader logs with the
 * id without being handed anything.
 */

/**
 * Every setting that holds a secret (app/env.server.ts), as a log field wherever it may appear: on its own or in a
 * settings object (`config.X`, `env.X`; see REDACT_PATHS). tests/unit/logger.test.ts checks that
 * every setting whose name looks secret is here. SENTRY_DSN is listed before the setting exists, so adding error
 * reports cannot leak it.
 */
export const SECRET_SETTINGS = [
  'SESSION_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CONNECT_WEBHOOK_SECRET',
  'POSTMARK_SERVER_TOKEN',
  'LOB_API_KEY',
  'TWILIO_AUTH_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'LITESTREAM_ACCESS_KEY_ID',
  'LITESTREAM_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'SENTRY_DSN',
  'APPLE_PASS_KEY',
  'APPLE_PASS_KEY_PASSPHRASE',
  'GOOGLE_WALLET_SERVICE_ACCOUNT_KEY',
] as const

/** Fields that carry a credential whatever object they sit in: cookies, authorization, sign-in codes and tokens. */
const SECRET_FIELDS = ['cookie', 'authorization', 'set-cookie', 'password', 'token', 'secret', 'signInCode', 'otp'] as const

/**
 * Where they are looked for: at the top of a line and inside the objects code logs them in, named one by one. No `*`
 * wildcards: a wildcard path makes pino's redaction walk every key of every line, about 40 µs a line against 4 µs
 * without (measured on the request line), which at one line per request was a third of the server's throughput.
 */
const SETTINGS_IN = ['config', 'env', 'settings', 'options']
const FIELDS_IN = ['req', 'request', 'res', 'response', 'err', 'body', 'form', 'query', 'params', 'data', 'input']

export const REDACT_PATHS: string[] = [
  ...SECRET_SETTINGS.flatMap((name) => [name, ...SETTINGS_IN.map((at) => `${at}.${name}`)]),
  ...SECRET_FIELDS.flatMap((name) => [`["${name}"]`, ...FIELDS_IN.map((at) => `${at}["${name}"]`)]),
  // Request and response headers as Node and Fetch objects log them, and as an error from an HTTP client carries them.
  ...['headers', 'req.headers', 'res.headers', 'request.headers', 'response.headers', 'err.headers', 'err.raw.headers'].flatMap((at) =>
    ['cookie', 'authorization', 'set-cookie', 'stripe-signature', 'x-postmark-server-token', 'x-twilio-signature'].map(
      (name) => `${at}["${name}"]`,
    ),
  ),
]

/**
 * The request being answered: its id, for the lines logged while answering it, and what is to be done once it is
 * answered (`whenAnswered`, which server.js runs when the connection is done with the request).
 */
export type RequestScope = { reqId: string; whenAnswered?: (() => void)[] }
export const requestScope = new AsyncLocalStorage<RequestScope>()

/**
 * Leaves `work` for when the request being answered is done with (answered, or its client gone); false outside a
 * request (a job, a test calling an action). A Request's abort signal cannot carry this: once the app lets go of the
 * Request object, the signal React Router's copy follows may be collected before the connection closes.
 */
export function whenRequestAnswered(work: () => void): boolean {
  const waiting = requestScope.getStore()?.whenAnswered
  if (!waiting) return false
  waiting.push(work)
  return true
}

/** Runs what was left for the end of a request (server.js, when the connection is done with it). */
export function requestAnswered(scope: RequestScope) {
  for (const work of scope.whenAnswered?.splice(0) ?? []) {
    try {
      work()
    } catch (error) {
      logger.error({ err: error }, 'work left for the end of a request failed')
    }
  }
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

export type LoggerMode = 'production' | 'development' | 'test'

/** The logger's options for a mode; LOG_LEVEL (a pino level name) overrides the level. */
export function loggerOptions(mode: LoggerMode, level = process.env.LOG_LEVEL): LoggerOptions {
  return {
    level: level && LEVELS.has(level) ? level : mode === 'test' ? 'warn' : 'info',
    base: undefined, // no pid and hostname on every line: one process per machine, and Fly adds the machine
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => {
      const scope = requestScope.getStore()
      return scope ? { reqId: scope.reqId } : {}
    },
    // Levels as names ("level":"error"), which read and filter better than pino's numbers.
    formatters: { level: (label) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  }
}

/** A logger writing to `destination`, or to the mode's own place (see below). */
export function createLogger(mode: LoggerMode, destination?: DestinationStream): Logger {
  return pino(loggerOptions(mode), destination ?? defaultDestination(mode))
}

export type LogFormat = 'pretty' | 'json'

/**
 * How lines are written: `LOG_FORMAT` (`json` or `pretty`) when set, else readable when standard output is a terminal
 * and JSON when it is not (a pipe, a file, the container's log shipping), whatever the mode.
 */
export function logFormat(isTerminal = Boolean(process.stdout.isTTY), setting = process.env.LOG_FORMAT): LogFormat {
  if (setting === 'json' || setting === 'pretty') return setting
  return isTerminal ? 'pretty' : 'json'
}

function defaultDestination(mode: LoggerMode): DestinationStream {
  if (mode === 'test') return consoleDestination
  if (logFormat() === 'pretty') {
    const pretty = prettyStream()
    if (pretty) return pretty
  }
  // Warnings and errors to stderr, the rest to stdout: each line once, by its level (`dedupe`).
  return pino.multistream(
    [
      { level: 'trace', stream: pino.destination({ fd: 1, sync: true }) },
      { level: 'warn', stream: pino.destination({ fd: 2, sync: true }) },
    ],
    { dedupe: true },
  )
}

/** Readable lines: the time, the level and the message, then the line's fields; JSON if pino-pretty cannot load. */
function prettyStream(): DestinationStream | null {
  try {
    const require = createRequire(import.meta.url)
    const pretty = require('pino-pretty') as (options: object) => DestinationStream
    return pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' })
  } catch {
    return null
  }
}

/**
 * In tests a line becomes one console call by its level, readable: `message {fields}: error message` (the error's
 * stack as a second argument), errors through console.error, where the test setup's guard sees them.
 */
const consoleDestination: DestinationStream = {
  write(line: string) {
    const { level, time: _time, msg, err, ...fields } = JSON.parse(line) as Record<string, unknown>
    const error = err as { message?: string; stack?: string } | undefined
    const text = `${String(msg ?? '')}${Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : ''}${error ? `: ${error.message}` : ''}`
    const write = level === 'error' || level === 'fatal' ? console.error : level === 'warn' ? console.warn : console.info
    write(...(error?.stack ? [text, format('\n%s', error.stack)] : [text]))
  },
}

function currentMode(): LoggerMode {
  const mode = process.env.NODE_ENV
  return mode === 'production' || mode === 'test' ? mode : 'development'
}

export const logger = createLogger(currentMode())

/** The request id of the request being answered, or null outside one (a job, a timer, the development server). */
export function currentRequestId(): string | null {
  return requestScope.getStore()?.reqId ?? null
}
