// The app as server.js sees it: the production build's entry (vite.config.ts makes this file the server bundle's
// input, as React Router's custom-server templates do with their server/app.ts; it stands above the request pipeline in
// app/server/, which it wraps, since it starts the app through init.server.ts). server.js takes everything it uses
// from the one `app` object below, so the Node side and the app meet at one seam and share one set of modules.
import { createRequestHandler, type ServerBuild } from 'react-router'
import * as build from 'virtual:react-router/server-build'

import { shutdown } from '~/init.server'
import { logger, requestAnswered, requestScope } from '~/logger.server'
import { metricsText } from '~/server/metrics.server'
import { cachedDocument } from '~/server/page-cache.server'
import { onRequestFinished, requestFinished, requestIdFrom } from '~/server/request-log.server'
import { ALLOW_HEADER, bodyPolicy, SERVED_METHODS, tooLargeMessage, unreadableHead } from '~/server/request-policy.server'
import { routeIdLookup, routeRulesLookup } from '~/server/route-table.server'
import { serverContext } from '~/server/server-facts.server'

export const app = {
  /** React Router's request handler for the build (the mode decides its error detail). */
  requestHandler: (mode: string) => createRequestHandler(build as unknown as ServerBuild, mode),
  /**
   * The anonymous page cache, answered before React Router routes the request (the landing page at close to
   * static-file speed): its headers (security headers included) and its body kept with its compressed forms. The
   * caller has checked that the request is cacheable: a GET with no query string and no cookies. Null when there is
   * no fresh copy.
   */
  answerFromPageCache: cachedDocument,
  /** The methods, content types and body limits of each route, applied before a Request is built. */
  ALLOW_HEADER,
  SERVED_METHODS,
  bodyPolicy,
  tooLargeMessage,
  /** A path or an Origin header React Router cannot read: refused before it, as the client's mistake. */
  unreadableHead,
  /** Each route's declared rules and id, found in the build's route table. */
  routeRulesLookup,
  routeIdLookup,
  /** The context a request starts with: what only the server knows (app/server/server-facts.server.ts). */
  serverContext,
  /** The figures for the metrics port. */
  metricsText,
  /** The app's logger, the request's scope and its id and line (app/server/request-log.server.ts). */
  logger,
  requestScope,
  requestAnswered,
  requestIdFrom,
  requestFinished,
  onRequestFinished,
  /** After the last request: close SQLite and let the replicator make its final sync. */
  shutdown,
}

export type App = typeof app
