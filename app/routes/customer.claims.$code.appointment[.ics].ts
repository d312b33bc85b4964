import { requireCustomer } from '~/auth/session.server'
import { claimCalendarFile } from '~/models/claim-page.server'
import { routeRules } from '~/server/route-rules'

import type { Route } from './+types/customer.claims.$code.appointment[.ics]'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The claim's appointment as an iCalendar file, for its customer only (anyone else's claim is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const file = claimCalendarFile(profile.id, params.code)
  return new Response(file, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="glass-plan-${params.code}.ics"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
