import { type ReactNode, useEffect, useState } from 'react'
import { type ErrorResponse, isRouteErrorResponse, Link, useParams, useRouteError, useRouteLoaderData } from 'react-router'

import { buttonClass } from '~/components/ui'
import { isNotFound } from '~/utils/refusal'

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode

/**
 * What a route shows when its loader, action or page throws (the Epic Stack's GeneralErrorBoundary). Every page route
 * re-exports this as its `ErrorBoundary` (docs/decisions/090-route-boilerplate-shared.md), so the error appears inside
 * the layout; the root's catches errors in the layout itself. Server-rendered, so it works without JavaScript. The
 * props React Router passes a boundary (`error`, `params`) are not among its own, so a re-export renders it as is.
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
    <ErrorPage
      title="Something went wrong"
      message={import.meta.env.DEV && error instanceof Error ? error.message : UNEXPECTED_MESSAGE}
      reference={<Reference />}
    />
  ),
}: {
  defaultStatusHandler?: StatusHandler
  statusHandlers?: Record<number, StatusHandler>
  unexpectedErrorHandler?: (error: unknown) => ReactNode
}) {
  const error = useRouteError()
  const params = useParams()
  if (!isRouteErrorResponse(error)) return <>{unexpectedErrorHandler(error)}</>
  const handler = statusHandlers?.[error.status] ?? (isNotFound(error) ? notFoundHandler : defaultStatusHandler)
  return <>{handler({ error, params })}</>
}

const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.'

const notFoundHandler: StatusHandler = () => <ErrorPage title="404" message="Oops! Page not found" />

/** Set once the first page has hydrated: from then on an error page is the browser's own rendering, not the server's. */
let hydrated = false

/** For the root's Layout, which every page renders: notes that the server's page has hydrated. */
export function useNoteHydration() {
  useEffect(() => {
    hydrated = true
  }, [])
}

/**
 * "Reference: <id>": the id of the request that failed (the root loader's, from server.js; docs/operating.md, "Logs"),
 * which the customer can quote and the operator finds on the request's log lines. Shown on the server's page (and kept
 * while it hydrates); an error page the browser renders after a later navigation leaves it out, as the id the root
 * loaded then belongs to an earlier request.
 */
function Reference() {
  const requestId = useRouteLoaderData<{ requestId?: string | null }>('root')?.requestId
  const [fromServer] = useState(() => !hydrated)
  if (!requestId || !fromServer) return null
  return (
    <p className="mt-4 text-sm text-slate-600">
      Reference: <code data-testid="error-reference">{requestId}</code>
    </p>
  )
}

function ErrorPage({ title, message, reference }: { title: string; message: string; reference?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-5xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      {reference}
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        Return to Home
      </Link>
    </div>
  )
}
