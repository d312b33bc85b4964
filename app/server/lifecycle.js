// server.js's lifecycle: the metrics port, a drain on SIGTERM/SIGINT, and the last resort for errors outside any request.
import http from 'node:http'

import { plain } from './refusals.js'

/**
 * The metrics port (METRICS_PORT, validated with the rest of the configuration when the build loaded). Fly's scraper
 * cannot send a bearer token, so it reads the figures from a port of their own that answers GET /metrics and nothing
 * else, without a token: fly.toml lists it under [metrics] only, never as a service, so Fly's proxy never brings the
 * public to it and only the private network reaches it (docs/operating.md "Metrics").
 */
export function startMetricsPort(port, host, { metricsText, logger }) {
  const metricsServer = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return plain(res, 404, 'Not found.')
    metricsText().then(
      ({ body, contentType }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (error) => {
        logger.error({ err: error }, 'metrics failed')
        plain(res, 500, 'Metrics failed.')
      },
    )
  })
  metricsServer.listen(port, host, () => logger.info({ port }, `metrics on port ${port} (/metrics)`))
  metricsServer.unref()
}

/**
 * Stop accepting connections, let in-flight requests finish (at most 25 s), then exit; `shutdown` (after the last
 * request) closes SQLite and lets the replicator, when on, make its final sync. Also the last resort
 * (docs/decisions/017-log-then-restart-cleanly.md): every request's errors are caught, so these are bugs —
 * - a promise rejected with nobody to handle it left no half-run synchronous code behind: log it, keep serving;
 * - an exception thrown outside any request may have left memory in any state: log it, stop taking requests, let
 *   those in flight finish, and exit non-zero — the supervisor (fly.toml's restart policy, Docker's --restart) starts a
 *   clean process, and SQLite's transactions mean nothing committed is lost and nothing half-written stays.
 */
export function stopCleanly(server, { shutdown, logger }) {
  let stopping = false
  function drainAndExit(reason, code) {
    if (stopping) return
    stopping = true
    logger.info({ reason }, `${reason}: finishing in-flight requests, then stopping`)
    server.close(() =>
      Promise.resolve(shutdown())
        .catch((error) => logger.error({ err: error }, 'shutdown failed'))
        .finally(() => process.exit(code)),
    )
    server.closeIdleConnections()
    setTimeout(() => {
      logger.error('requests still running after 25 s; stopping anyway')
      process.exit(1)
    }, 25_000).unref()
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => drainAndExit(signal, 0))
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (server keeps serving)')
  })
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception; restarting cleanly')
    drainAndExit('uncaught exception', 1)
  })
}
