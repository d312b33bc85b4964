import { redirect } from 'react-router'
import { demoDashboardPath } from '~/content/demo'

/** /demo starts at the demo dashboard. */
export function loader() {
  throw redirect(demoDashboardPath())
}
