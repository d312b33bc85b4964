/**
 * What an error report may carry (docs/operating.md, "Error reports"): the error, its stack, the request's id, route,
 * method and path, never a person's data. The SDKs are started with `sendDefaultPii: false`; this is applied to every
 * event on top of that (`beforeSend`, `beforeBreadcrumb`), on the server and in the browser alike, so nothing depends
 * on an SDK default staying the same: no cookies, no headers (they carry the session and authorization), no query
 * string or body (sign-in codes and form fields), no user, and e-mail and IP addresses masked in every message.
 */

/** The part of an SDK event read here (Sentry's ErrorEvent), so this file needs no SDK to be loaded. */
export type ReportEvent = {
  message?: string
  user?: unknown
  request?: { url?: string; method?: string }
  exception?: { values?: { value?: string }[] }
  breadcrumbs?: ReportBreadcrumb[]
  extra?: Record<string, unknown>
}

export type ReportBreadcrumb = { category?: string; message?: string; data?: Record<string, unknown> }

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g
// Eight groups, or a shortened address (`2001:db8::1`); not a time of day (`12:30:45`).
const IPV6 = /\b(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?)/gi

/** The text with e-mail and IP addresses masked. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(IPV4, '[ip]').replace(IPV6, '[ip]')
}

/** A URL without its query string and fragment (a sign-in link's code, a search for a name or a plate). */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/)
  return end < 0 ? url : url.slice(0, end)
}

/** The event as it may leave this server or browser. */
export function scrubEvent<Event extends ReportEvent>(original: Event): Event {
  const event: ReportEvent = original
  delete event.user
  if (event.request) {
    // Only what says which page failed: method and path. Headers, cookies, body, query string and environment go.
    const { method, url } = event.request
    event.request = { ...(method ? { method } : {}), ...(url ? { url: withoutQuery(url) } : {}) }
  }
  if (event.message) event.message = scrubText(event.message)
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value)
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb)
  if (event.extra) {
    for (const [key, value] of Object.entries(event.extra)) {
      if (typeof value === 'string') event.extra[key] = scrubText(value)
    }
  }
  return original
}

/** A breadcrumb keeps its kind, its message masked and, of its data, only URLs without their query (and HTTP statuses). */
export function scrubBreadcrumb<Crumb extends ReportBreadcrumb>(crumb: Crumb): Crumb {
  const copy: Crumb = { ...crumb }
  const scrubbed: ReportBreadcrumb = copy
  if (scrubbed.message) scrubbed.message = scrubText(scrubbed.message)
  if (scrubbed.data) {
    const kept: Record<string, unknown> = {}
    for (const key of ['url', 'from', 'to'] as const) {
      const value = scrubbed.data[key]
      if (typeof value === 'string') kept[key] = withoutQuery(value)
    }
    for (const key of ['method', 'status_code'] as const) {
      if (scrubbed.data[key] !== undefined) kept[key] = scrubbed.data[key]
    }
    scrubbed.data = kept
  }
  return copy
}
