import { redirect } from 'react-router'

import { demoDashboardPath } from '~/components/demo/sample-data'

/** /demo starts at the demo dashboard. */
export function loader() {
  throw redirect(demoDashboardPath())
}
