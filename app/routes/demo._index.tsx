import { redirect } from 'react-router'

import { demoDashboardPath } from '~/components/demo/sample-data'
import { routeRules } from '~/server/route-rules'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/** /demo starts at the demo dashboard. */
export function loader() {
  throw redirect(demoDashboardPath())
}
