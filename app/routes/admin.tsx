import { Outlet } from 'react-router'

import { operatorContext, operatorGuard } from '~/auth/session.server'
import type { OperatorLayoutData } from '~/components/admin/operator-zone'
import { operatorZone } from '~/models/people/operator.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'

import type { Route } from './+types/admin'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Every route under /admin, pages and downloads alike: the guard runs before each loader and action (a page, its data
 * request, a form post), so a route of the operator area is guarded by being in it. Each page draws its own frame
 * (`AdminPage`): the console's home has none.
 */
export const middleware: Route.MiddlewareFunction[] = [operatorGuard]

/** The zone the operator reads times in, for every page of the console (`useOperatorZone`). */
export async function loader({ context }: Route.LoaderArgs): Promise<OperatorLayoutData> {
  return { timeZone: operatorZone(context.get(operatorContext)) }
}

export default function OperatorArea() {
  return <Outlet />
}

// A refused visitor's page is the guard's 404, shown by this route's boundary: its meta gives that page its <title>.
export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : [])

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
