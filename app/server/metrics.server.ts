import crypto from 'node:crypto'

import { asc, count, eq } from 'drizzle-orm'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

import { db } from '~/db/client.server'
import { claims } from '~/db/schema'
import { EMAIL_TAGS, type EmailTag } from '~/domain/audit'
import { onRequestFinished } from '~/server/request-log.server'

/**
 * The figures an operator alerts on, in Prometheus's text format at `/metrics` (app/routes/metrics.ts says who may read
 * them; docs/operating.md "Metrics" has the scrape config and the alerts). Counters are kept in this process and start
 * from zero at each start, as Prometheus expects; the figures read from the database or the replicator are gathered
 * when a scrape asks for them, never per request.
 *
 * A service that has a figure of its own (the replicator's lag, the image queue) declares its gauge in its own module
 * on this registry, so the figures' module depends on nothing above it.
 *
 * Our own registry rather than prom-client's global one: the development server reloads this module, and a second
 * registration of the same name in the global registry would throw.
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })

/** Bounds in seconds: most pages answer in a few ms; uploads and photo work take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

const requestDuration = new Histogram({
  name: 'glass_http_request_duration_seconds',
  help: 'Requests answered, by the route that answered them (its id in the route table), method and status, and how long each took.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
})

/** Methods outside this set are refused before routing; they share one label so a client cannot invent new series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS'])

/**
 * One answered request, from the same hook as the request's log line (`onRequestFinished` below, which server.js
 * fires once per answer). `routeId` is the matched route's id (null when nothing matched).
 */
export function recordRequest({
  routeId,
  method,
  status,
  durationMs,
}: {
  routeId: string | null
  method: string
  status: number
  durationMs: number
}) {
  requestDuration.observe(
    { route: routeId ?? 'none', method: METHODS.has(method) ? method : 'other', status: String(status) },
    Math.max(0, durationMs) / 1000,
  )
}

onRequestFinished((line) => recordRequest({ routeId: line.route, method: line.method, status: line.status, durationMs: line.ms }))

const emails = new Counter({
  name: 'glass_emails_total',
  help: 'E-mails handed to the transport (Postmark or the outbox), by kind and outcome (sent or failed).',
  labelNames: ['tag', 'outcome'] as const,
  registers: [registry],
})

const EMAIL_OUTCOMES = ['sent', 'failed'] as const

// Every kind and outcome is a series from the start, so a dashboard shows a kind that never failed as 0, not as missing.
for (const tag of EMAIL_TAGS) for (const outcome of EMAIL_OUTCOMES) emails.inc({ tag, outcome }, 0)

export function recordEmail(tag: EmailTag, outcome: (typeof EMAIL_OUTCOMES)[number]) {
  emails.inc({ tag, outcome })
}

const stripeWebhooks = new Counter({
  name: 'glass_stripe_webhooks_total',
  help: "Stripe webhook deliveries by event type and outcome (fulfilled, synced, ignored, duplicate, unusable, bad_signature, retry, error). Type is 'unverified' when the signature failed.",
  labelNames: ['type', 'outcome'] as const,
  registers: [registry],
})

export function recordStripeWebhook(type: string, outcome: string) {
  stripeWebhooks.inc({ type, outcome })
}

const dailyJobRuns = new Counter({
  name: 'glass_daily_job_runs_total',
  help: 'Runs of the daily jobs in this process, by outcome (success or failure).',
  labelNames: ['outcome'] as const,
  registers: [registry],
})
const dailyJobLastSuccess = new Gauge({
  name: 'glass_daily_job_last_success_timestamp_seconds',
  help: 'When the daily jobs last finished without an error in this process (Unix time; 0 before the first run).',
  registers: [registry],
})

export function recordDailyJobRun(outcome: 'success' | 'failure', at = new Date()) {
  dailyJobRuns.inc({ outcome })
  if (outcome === 'success') dailyJobLastSuccess.set(at.getTime() / 1000)
}

/** A scrape every few seconds (or several scrapers) reads the database at most this often. */
export const CLAIMS_CACHE_MS = 10_000
let claimsRead: { at: number; waiting: number; oldestSince: string | null } | null = null

/**
 * The claims waiting for the operator and the oldest one's wait: a count over a range of the queue index and its
 * first entry (claims_queue_idx, app/db/schema.ts), so the rows themselves are never read.
 */
function waitingClaims(now = Date.now()) {
  if (!claimsRead || now - claimsRead.at >= CLAIMS_CACHE_MS) {
    const waiting = eq(claims.approvalStatus, 'pending_review')
    const total = db().select({ n: count() }).from(claims).where(waiting).get()?.n ?? 0
    const oldest = db().select({ since: claims.waitingSince }).from(claims).where(waiting).orderBy(asc(claims.waitingSince)).limit(1).get()
    claimsRead = { at: now, waiting: total, oldestSince: oldest?.since ?? null }
  }
  const oldestAge = claimsRead.oldestSince ? Math.max(0, (now - Date.parse(claimsRead.oldestSince)) / 1000) : 0
  return { waiting: claimsRead.waiting, oldestAgeSeconds: oldestAge }
}

/** For tests: the next scrape reads the database again. */
export function forgetClaimFiguresForTests() {
  claimsRead = null
}

new Gauge({
  name: 'glass_claims_waiting',
  help: 'Claims (appeals included) waiting for the operator’s decision.',
  registers: [registry],
  collect() {
    this.set(waitingClaims().waiting)
  },
})
new Gauge({
  name: 'glass_claims_oldest_waiting_age_seconds',
  help: 'How long the longest-waiting claim has waited (0 when none waits); the promise is a decision within 48 hours.',
  registers: [registry],
  collect() {
    this.set(waitingClaims().oldestAgeSeconds)
  },
})

/** The exposition: every figure, in Prometheus's text format. */
export async function metricsText() {
  return { body: await registry.metrics(), contentType: registry.contentType }
}

/**
 * True when `presented` equals `expected`, taking the same time whatever the two hold: both are hashed first, so the
 * comparison is of two equal-length digests and neither a wrong prefix nor a wrong length answers sooner.
 */
export function sameSecret(presented: string, expected: string) {
  const a = crypto.createHash('sha256').update(presented).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}
