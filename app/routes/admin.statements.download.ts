import { formatDollars } from '~/domain/format'
import { INVOICE_CSV_HEADINGS, INVOICE_FIELDS, invoiceCsvCells } from '~/domain/invoice'
import { PAYOUT_STATE_NAMES } from '~/domain/payouts'
import { env } from '~/env.server'
import { partnerStatement } from '~/models/shops/partner-statements.server'
import { routeRules } from '~/server/route-rules'
import { toCsv } from '~/utils/csv'
import { fileDownload } from '~/utils/download'
import { fileUrl } from '~/utils/file-url'
import { invariantResponse } from '~/utils/invariant'
import { notFound } from '~/utils/refusal'
import { parseQuery, StatementQuery } from '~/validation/operator'

import type { Route } from './+types/admin.statements.download'

/** A stored moment as the CSV writes it: 'YYYY-MM-DD HH:MM:SS' (UTC), or empty. */
const utc = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 19) : '')

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** A partner statement as CSV (one row per completed claim, then the total), to pay the shops from. */
export async function loader({ request }: Route.LoaderArgs) {
  const { query, problem } = parseQuery(StatementQuery, new URL(request.url))
  invariantResponse(!problem && query.group && query.month, problem ?? 'Choose a partner group and a month.', { status: 400 })
  const statement = partnerStatement(query.group, query.month)
  if (!statement) notFound()
  const link = (relPath: string) => `${env().APP_URL}${fileUrl(relPath)}`
  // The invoice's columns come from its declaration (app/domain/invoice.ts): a field added there is a column here.
  const header = [
    'Completed (UTC)',
    'Claim code',
    'Customer',
    'Vehicle',
    'Damage',
    'Repair type',
    ...INVOICE_CSV_HEADINGS,
    'Amount accepted (USD)',
    'Partner notes',
    'Invoice',
    'Repair photos',
    'Calibration report',
    'Payment',
    'Approved for payment (UTC)',
    'Payout',
    'Paid (UTC)',
    'Payment reference',
  ]
  const total = Array<string>(header.length).fill('')
  total[0] = 'Total'
  total[1] = `${statement.totals.claims} claims`
  total[5] = `${statement.totals.repairs} repairs, ${statement.totals.replacements} replacements`
  total[header.indexOf(INVOICE_FIELDS.actualCost.csvHeading)] = formatDollars(statement.totals.costCents)
  const rows = [
    header,
    ...statement.lines.map((line) => [
      utc(line.completedAt),
      line.code,
      line.customer,
      line.vehicle,
      line.damageType,
      line.repairType ?? '',
      ...invoiceCsvCells(line.invoice),
      line.acceptedCents === null ? '' : formatDollars(line.acceptedCents),
      line.notes,
      line.invoices.map((doc) => link(doc.filePath)).join(' '),
      line.repairPhotos.map((doc) => link(doc.filePath)).join(' '),
      line.calibrationReports.map((doc) => link(doc.filePath)).join(' '),
      PAYOUT_STATE_NAMES[line.payment.state],
      utc(line.payment.approvedAt),
      line.payment.payoutId ?? '',
      utc(line.payment.paidAt),
      line.payment.reference ?? '',
    ]),
    // Every row as wide as the header, so a spreadsheet reads the total under its columns.
    total,
  ]
  const name = `statement-${
    statement.group.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'partner'
  }-${statement.month}.csv`
  return fileDownload(toCsv(rows), { fileName: name, contentType: 'text/csv; charset=utf-8' })
}
