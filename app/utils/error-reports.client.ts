import { init, setTag } from '@sentry/react-router'

import { scrubBreadcrumb, scrubEvent } from '~/utils/error-report-scrub'

/**
 * The browser's side of the error reports (app/server/error-reports.server.ts): loaded by the page only when the server says
 * reports are on, so a page without SENTRY_DSN downloads none of it. It reports what the browser's own code throws
 * (uncaught errors and rejections); a loader's error is reported once, by the server that ran it.
 */
let started = false

export function startBrowserErrorReports(settings: { dsn: string; environment: string }, requestId: string | null) {
  if (started) return
  started = true
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    sendDefaultPii: false,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
    // The id of the request that rendered the page the browser started on.
    initialScope: { tags: { requestId: requestId ?? 'none' } },
  })
}

/** The route on screen, on every report made while it is. */
export function noteRoute(route: string) {
  setTag('route', route)
}
