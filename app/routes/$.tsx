import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META } from '~/utils/meta'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/$'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Every path no other route claims: there is nothing to check, so the 404 is thrown outright. The request line records
 * it (by the path's first segment: a mangled key must not reach the log); a stranger's path is never more than that.
 */
export async function loader() {
  notFound()
}

export default function NotFound() {
  return null
}

export const meta: Route.MetaFunction = () => NOT_FOUND_META

// The page is the boundary's '404' / 'Oops! Page not found' with the link home. Being its own boundary, this route
// keeps its meta, so the page has its <title>.
export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
