import { useEffect } from 'react'

/**
 * Starts the browser's error reports once the page runs, when the server says they are on (root loader's
 * `errorReports`), and keeps the route on screen on them. The SDK is a separate chunk imported here on demand: a page
 * whose server has no SENTRY_DSN never downloads it.
 */
export function useBrowserErrorReports(
  settings: { dsn: string; environment: string } | null,
  requestId: string | null,
  route: string | null,
) {
  const dsn = settings?.dsn
  const environment = settings?.environment
  useEffect(() => {
    if (!dsn || !environment) return
    void import('~/utils/error-reports.client').then((reports) => {
      reports.startBrowserErrorReports({ dsn, environment }, requestId)
      if (route) reports.noteRoute(route)
    })
    // The request id is the first page's: later navigations keep the reports already started.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dsn, environment, route])
}
