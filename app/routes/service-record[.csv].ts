import { serviceRecordCsv } from '~/models/operations/service-record.server'
import { routeRules } from '~/server/route-rules'
import { fileDownload } from '~/utils/download'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/** The public service record's stored figures as CSV, the same as the page shows (app/models/operations/service-record.server.ts). */
export function loader() {
  return fileDownload(serviceRecordCsv(), { fileName: 'glass-plan-service-record.csv', contentType: 'text/csv; charset=utf-8' })
}
