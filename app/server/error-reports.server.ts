import { type RouterContextProvider } from 'react-router'

import { type Env, env } from '~/env.server'
import { currentRequestId, logger } from '~/logger.server'
import { routeIdLookup } from '~/server/route-table.server'
import { requestIdOf } from '~/server/server-facts.server'
import { scrubBreadcrumb, scrubEvent } from '~/utils/error-report-scrub'

/**
 * Error reports (docs/operating.md, "Error reports"): Sentry's SDK, only when SENTRY_DSN is set. Unset, the SDK is
 * never loaded, on the server or in the browser (docs/decisions/041-error-reports-off-unless-configured.md).
 *
 * The server side is Sentry's plain `init` plus `captureException` from the app's own error handling
 * (entry.server.tsx's handleError): server.js is our own server, so the SDK's request instrumentation (an `--import`
 * hook around react-router-serve) has nothing to wrap, and every unexpected error already passes through handleError
 * once. Each report carries the request's id (the one on the answer, the log and the error page) and its route id.
 */

type Sentry = typeof import('@sentry/react-router')

let sdk: Promise<Sentry | null> = Promise.resolve(null)
let on = false

/** Starts the SDK when SENTRY_DSN is set (the banner says so); resolves to whether error reports are on. */
export function startErrorReports(config: Pick<Env, 'SENTRY_DSN' | 'NODE_ENV'>): Promise<boolean> {
  on = Boolean(config.SENTRY_DSN)
  if (!config.SENTRY_DSN) {
    sdk = Promise.resolve(null)
    return Promise.resolve(false)
  }
  const dsn = config.SENTRY_DSN
  sdk = import('@sentry/react-router')
    .then((Sentry) => {
      Sentry.init({
        dsn,
        environment: config.NODE_ENV,
        sendDefaultPii: false,
        // Errors only: no tracing, and no loader hook for instrumenting later imports (nothing here is traced).
        registerEsmLoaderHooks: false,
        integrations: (defaults) => [
          ...defaults.filter((integration) => integration.name !== 'OnUnhandledRejection'),
          // server.js logs an unhandled rejection itself; the SDK only reports it.
          Sentry.onUnhandledRejectionIntegration({ mode: 'none' }),
        ],
        beforeSend: (event) => scrubEvent(event),
        beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
      })
      return Sentry
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, 'error reports did not start (serving without them)')
      on = false
      return null
    })
  return sdk.then(Boolean)
}

/** Whether reports are on: SENTRY_DSN is set (and the SDK started). */
export function errorReportsOn() {
  return on
}

/**
 * Reports an unexpected error of a request: with its id (the one the customer can quote) and the id of the route that
 * answered it. Does nothing, and loads nothing, when reports are off.
 */
export function reportRequestError(error: unknown, { request, context }: { request: Request; context?: Readonly<RouterContextProvider> }) {
  if (!on) return
  const requestId = (context && safeRequestIdOf(context)) ?? currentRequestId()
  const { method } = request
  const path = new URL(request.url).pathname
  void Promise.all([sdk, routeIdLookup()])
    .then(([Sentry, routeIdFor]) => {
      Sentry?.captureException(error, {
        tags: { requestId: requestId ?? 'none', route: routeIdFor(path) ?? 'unmatched' },
        extra: { method, path },
      })
    })
    .catch((failure: unknown) => logger.error({ err: failure }, 'the error report failed'))
}

function safeRequestIdOf(context: Readonly<RouterContextProvider>) {
  try {
    return requestIdOf(context)
  } catch {
    return null // a context that is not a RouterContextProvider (no middleware), as under some tests
  }
}

/** What the browser needs to report its own errors, or null when reports are off (the page then loads no SDK at all). */
export function browserErrorReports(): { dsn: string; environment: string } | null {
  const config = env()
  return config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, environment: config.NODE_ENV } : null
}

let cspFor: { dsn: string | undefined; origin: string | null } | undefined

/** The origin the browser sends its reports to (for the page's connect-src), or null when reports are off. */
export function errorReportsOrigin(): string | null {
  const dsn = env().SENTRY_DSN
  if (!cspFor || cspFor.dsn !== dsn) cspFor = { dsn, origin: dsn ? new URL(dsn).origin : null }
  return cspFor.origin
}

/** Sends what is queued (at shutdown), waiting at most `timeout` ms. */
export async function flushErrorReports(timeout = 2_000) {
  if (!on) return
  const Sentry = await sdk
  await Sentry?.close(timeout)
}
