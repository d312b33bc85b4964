import { allowDataExport } from '~/auth/data-export-limits.server'
import { requireCustomer } from '~/auth/session.server'
import { dayOf } from '~/domain/calendar'
import { exportCustomerData } from '~/models/people/privacy.server'
import { routeRules } from '~/server/route-rules'
import { fileDownload } from '~/utils/download'

import type { Route } from './+types/customer.privacy.export'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** 'Download my data': the signed-in customer's own data only, as a ZIP streamed from storage. */
export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const limit = allowDataExport(profile.id)
  if (!limit.allowed) {
    return new Response(`Too many downloads: please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`, {
      status: 429,
      headers: { 'Retry-After': String(limit.retryAfterSeconds), 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const day = dayOf(new Date())
  return fileDownload(exportCustomerData(profile), {
    fileName: `glass-plan-my-data-${day}.zip`,
    contentType: 'application/zip',
    privateFile: true,
  })
}
