import type { ReactNode } from 'react'
import { type ErrorResponse, isRouteErrorResponse, Link, useParams, useRouteError } from 'react-router'

import { buttonClass } from '~/components/ui'

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode

/**
 * What a route shows when its loader, action or page throws (the Epic Stack's GeneralErrorBoundary). Every page route
 * exports `ErrorBoundary` rendering this, so the error appears inside the layout; the root's catches errors in the
 * layout itself. Server-rendered, so it works without JavaScript.
 *
 * A thrown 404 is '404' / 'Oops! Page not found'; another status shows its message (`invariantResponse`'s or
 * `data(message, { status })`'s); anything unexpected a generic message (the error's own message in development).
 * `statusHandlers` replaces the page for one status.
 */
export function GeneralErrorBoundary({
  defaultStatusHandler = ({ error }) => (
    <ErrorPage
      title={`${error.status} ${error.statusText || 'Error'}`}
      message={typeof error.data === 'string' && error.data ? error.data : UNEXPECTED_MESSAGE}
    />
  ),
  statusHandlers,
  unexpectedErrorHandler = (error) => (
    <ErrorPage title="Something went wrong" message={import.meta.env.DEV && error instanceof Error ? error.message : UNEXPECTED_MESSAGE} />
  ),
}: {
  defaultStatusHandler?: StatusHandler
  statusHandlers?: Record<number, StatusHandler>
  unexpectedErrorHandler?: (error: unknown) => ReactNode
}) {
  const error = useRouteError()
  const params = useParams()
  if (!isRouteErrorResponse(error)) return <>{unexpectedErrorHandler(error)}</>
  const handler = statusHandlers?.[error.status] ?? (error.status === 404 ? notFoundHandler : defaultStatusHandler)
  return <>{handler({ error, params })}</>
}

const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.'

const notFoundHandler: StatusHandler = () => <ErrorPage title="404" message="Oops! Page not found" />

function ErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-5xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        Return to Home
      </Link>
    </div>
  )
}

export function isNotFound(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 404
}
