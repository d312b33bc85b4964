import { Outlet } from 'react-router'

import { DemoBanner } from '~/components/demo/demo-banner'
import { routeRules } from '~/server/route-rules'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/** Every /demo page: the banner, then the page. No sign-in, no database (docs/decisions/012-demo.md). */
export default function DemoLayout() {
  return (
    <>
      <DemoBanner />
      <Outlet />
    </>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
