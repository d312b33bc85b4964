import { data } from 'react-router'

/**
 * A guard for loaders and actions (the Epic Stack's): when `condition` is falsy, throw a response that the route's
 * ErrorBoundary renders: 400 unless `init` says otherwise, e.g. `invariantResponse(submission.status === 'success',
 * 'Unknown request.')`. Not for "not found": that is `notFound()` (`app/utils/refusal.ts`), one wording for every 404.
 */
export function invariantResponse(condition: unknown, message: string | (() => string), init?: ResponseInit): asserts condition {
  if (!condition) throw data(typeof message === 'function' ? message() : message, { status: 400, ...init })
}
