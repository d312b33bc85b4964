import '~/init.server'

import { PassThrough } from 'node:stream'
import { text } from 'node:stream/consumers'

import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'

import { logger } from '~/logger.server'
import { reportRequestError } from '~/server/error-reports.server'
import { unreadableHead } from '~/server/request-policy.server'
import { nonceContext } from '~/server/security.server'
import { NonceProvider } from '~/utils/nonce'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(nonceContext)

  // Every page is rendered whole before it is sent (no streamed Suspense): pages stay simple for old browsers and
  // for the page cache, and nothing we render waits on slow data.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          text(body).then((html) => {
            clearTimeout(timeoutId)
            resolve(new Response(withLowPriorityModules(html), { headers: responseHeaders, status: responseStatusCode }))
          }, reject)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error }, 'rendering the page failed')
        },
      },
    )
  })
}

/**
 * Every page works before its JavaScript arrives (the forms post without it), so the modules React Router preloads are
 * asked for at low priority: on a slow link the stylesheet and the page's own bytes come first, and the first paint no
 * longer waits behind a dozen modules (docs/benchmarks-log.md, Lighthouse). React Router writes the preload links itself,
 * with no way to set their priority, hence this one substitution on the finished page.
 */
function withLowPriorityModules(html: string) {
  return html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
}

export function handleError(error: unknown, { request, context }: { request: Request; context?: Readonly<RouterContextProvider> }) {
  if (request.signal.aborted) return
  // React Router's own answers to a client's mistake (a form posted to a page without an action: 405; no such route:
  // 404) are the client's, not ours: the request line records them; they are never an error nor a report.
  if (isRouteErrorResponse(error) && error.status < 500) return
  // React Router's own refusal of a head it cannot read (an Origin that is no address) throws a plain Error: told apart
  // by the request, not the error's words. server.js refuses these before React Router; this holds where it does not run.
  const unreadable = unreadableHead(request.method, new URL(request.url).pathname, request.headers.get('Origin'))
  if (unreadable) return logger.warn({ method: request.method, reason: unreadable }, 'refused: a request head we cannot read')
  // The path is on the request's own line, with its keys redacted; this line shares its request id.
  logger.error({ err: error, method: request.method }, 'unexpected error')
  // The one place every unexpected error of a loader, action or page passes: reported here, once (when reports are on).
  reportRequestError(error, { request, context })
}
