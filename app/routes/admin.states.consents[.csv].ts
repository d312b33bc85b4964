import { consentRecordsCsv } from '~/models/people/consents.server'
import { routeRules } from '~/server/route-rules'
import { fileDownload } from '~/utils/download'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The consent records as CSV, streamed a page of rows at a time (operator only: the operator area's guard). */
export async function loader() {
  const day = new Date().toISOString().slice(0, 10)
  return fileDownload(consentRecordsCsv(), { fileName: `consent-records-${day}.csv`, contentType: 'text/csv; charset=utf-8' })
}
