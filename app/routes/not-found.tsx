import { data } from 'react-router'

import type { Route } from './+types/not-found'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  console.warn(`404 ${request.method} ${url.pathname}${url.search}`)
  throw data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found — Glass Plan' }]

// The root ErrorBoundary renders '404' / 'Oops! Page not found' with the link home. Re-exported here so this route is
// its own boundary: React Router then keeps this route's meta, and the page has its <title>.
export { ErrorBoundary } from '~/root'

export default function NotFound() {
  return null
}
