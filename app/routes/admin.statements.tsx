import { data, Form, Link } from 'react-router'

import { AdminPage, FilterSelect, ListProblem } from '~/components/admin/admin-page'
import { AdminTable, Cell, DocumentsCell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Button, buttonClass, Card } from '~/components/ui'
import { monthSpan } from '~/domain/calendar'
import { formatPrice } from '~/domain/format'
import { INVOICE_CORRECTION_FILES } from '~/domain/messages'
import { adminClaimPath } from '~/domain/paths'
import { partnerGroupChoices } from '~/models/claims/claim-queue.server'
import { partnerStatement, recentMonths } from '~/models/shops/partner-statements.server'
import { routeRules } from '~/server/route-rules'
import { fileUrl } from '~/utils/file-url'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'
import { parseQuery, StatementQuery } from '~/validation/operator'

import type { Route } from './+types/admin.statements'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { query, problem } = parseQuery(StatementQuery, url)
  const groups = partnerGroupChoices()
  const months = recentMonths()
  const month = (!problem && query.month) || months[0]!
  const groupId = (!problem && query.group) || groups[0]?.id || ''
  const statement = groupId ? partnerStatement(groupId, month) : null
  const notice = problem ?? (groupId && !statement ? 'Unknown partner group: choose one from the list.' : null)
  const shown = statement ?? (notice && groups[0] ? partnerStatement(groups[0].id, month) : null)
  return data(
    {
      groups,
      months: months.includes(month) ? months : [month, ...months],
      month,
      notice,
      statement: shown && {
        ...shown,
        total: formatPrice(shown.totals.costCents),
        lines: shown.lines.map((line) => ({
          ...line,
          cost: formatPrice(line.costCents),
          invoices: line.invoices.map((doc) => ({ id: doc.id, name: doc.fileName, url: fileUrl(doc.filePath), earlier: doc.earlier })),
          repairPhotos: line.repairPhotos.map((doc) => ({ id: doc.id, name: doc.fileName, url: fileUrl(doc.filePath) })),
        })),
      },
    },
    { status: notice ? 400 : 200 },
  )
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Partner statements'))

const monthLabel = (month: string) =>
  monthSpan(month).start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

export default function AdminStatements({ loaderData }: Route.ComponentProps) {
  const time = useOperatorTime()
  const { groups, months, month, statement, notice } = loaderData
  return (
    <AdminPage
      title="Partner statements"
      sub="The claims each partner group completed in a month, with what they cost: what to pay the shops."
    >
      {groups.length === 0 ? (
        <p className="text-slate-700">
          No partner groups yet.{' '}
          <Link to="/admin/partners" className="text-brand-700 underline">
            Add one
          </Link>
          .
        </p>
      ) : (
        <>
          <Card className="mb-6">
            <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Choose a statement">
              <FilterSelect
                name="group"
                label="Partner group"
                value={statement?.group.id ?? ''}
                options={groups.map((group) => [group.id, group.name])}
              />
              <FilterSelect name="month" label="Month" value={month} options={months.map((value) => [value, monthLabel(value)])} />
              <Button type="submit">Show statement</Button>
            </Form>
          </Card>
          <ListProblem notice={notice} />
        </>
      )}
      {statement ? (
        <section aria-labelledby="statement-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="statement-heading" className="text-xl font-semibold text-slate-900">
              {statement.group.name} — {monthLabel(statement.month)}
            </h2>
            <a
              href={`/admin/statements/download?group=${encodeURIComponent(statement.group.id)}&month=${statement.month}`}
              className={buttonClass('secondary')}
              download
            >
              Download CSV
            </a>
          </div>
          <p className="mb-4 text-slate-900" data-testid="statement-totals">
            {statement.totals.claims} completed {statement.totals.claims === 1 ? 'claim' : 'claims'} ({statement.totals.repairs} repairs,{' '}
            {statement.totals.replacements} replacements): <strong>{statement.total}</strong>
          </p>
          <AdminTable
            caption={`Claims completed by ${statement.group.name} in ${monthLabel(statement.month)}`}
            columns={['Completed', 'Claim', 'Customer / vehicle', 'Repair', 'Cost', 'Documents']}
            empty={statement.lines.length ? null : 'No claims completed this month.'}
          >
            {statement.lines.map((line) => (
              <tr key={line.claimId}>
                <Cell label="Completed">{time(line.completedAt)}</Cell>
                <Cell label="Claim">
                  <a href={adminClaimPath(line.claimId)} className="font-mono font-semibold text-brand-700 underline">
                    {line.code}
                  </a>
                </Cell>
                <Cell label="Customer / vehicle">
                  <div>{line.customer}</div>
                  <div className="text-slate-700">{line.vehicle}</div>
                </Cell>
                <Cell label="Repair" className="capitalize">
                  {line.repairType ?? '—'} ({line.damageType})
                  {line.notes ? <div className="text-xs normal-case text-slate-700">{line.notes}</div> : null}
                </Cell>
                <Cell label="Cost" className="tabular-nums">
                  {line.cost}
                </Cell>
                <DocumentsCell
                  documents={[
                    ...line.invoices.map((doc) => ({ ...doc, kind: doc.earlier ? INVOICE_CORRECTION_FILES.earlierInvoice : 'Invoice' })),
                    ...line.repairPhotos.map((doc) => ({ ...doc, kind: 'Repair photo' })),
                  ]}
                />
              </tr>
            ))}
          </AdminTable>
        </section>
      ) : null}
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
