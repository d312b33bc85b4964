import { requireCustomer } from '~/auth/session.server'
import { claimCalendarFile } from '~/models/claims/claim-page.server'
import { routeRules } from '~/server/route-rules'
import { fileDownload } from '~/utils/download'

import type { Route } from './+types/customer.claims.$code.appointment[.ics]'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The claim's appointment as an iCalendar file, for its customer only (anyone else's claim is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const file = claimCalendarFile(profile.id, params.code)
  return fileDownload(file, {
    fileName: `glass-plan-${params.code}.ics`,
    contentType: 'text/calendar; charset=utf-8',
    privateFile: true,
  })
}
