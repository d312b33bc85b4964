import { consentRecordsCsv } from '~/models/consents.server'
import { routeRules } from '~/server/route-rules'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The consent records as CSV, streamed a page of rows at a time (operator only: the operator area's guard). */
export async function loader() {
  const day = new Date().toISOString().slice(0, 10)
  return new Response(consentRecordsCsv(), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="consent-records-${day}.csv"`,
    },
  })
}
