import { data } from 'react-router'

import { AdminPage, ListProblem, pageOrFirst } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Pager, pageSummary } from '~/components/admin/pager'
import { ScoreFigureText } from '~/components/shop/scorecard'
import { Badge } from '~/components/ui'
import { SCORECARD_MESSAGES } from '~/domain/messages'
import { isEmptyScorecard, MIN_JOBS_TO_JUDGE, SCORE_FIGURES } from '~/domain/scorecards'
import { allScorecards } from '~/models/shops/shop-scorecards.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'
import { PageQuery, parseQuery } from '~/validation/operator'

import type { Route } from './+types/admin.scorecards'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Every partner group's scorecard, as its own staff see it on /shop, a page of groups at a time (the operator guard is
 * the layout's). A page past the last, or one that is not a page, answers 400 with the first page and why.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { query, problem: badQuery } = parseQuery(PageQuery, new URL(request.url))
  const { result, problem: pastTheLast } = pageOrFirst(query.page, (page) => allScorecards(page))
  const problem = badQuery ?? pastTheLast
  const { days, page, groups } = result
  return data(
    {
      days,
      page,
      notice: problem,
      countedAt: groups.map((group) => group.countedAt).sort()[0] ?? null,
      groups: groups.map((group) => ({
        id: group.id,
        name: group.name,
        isActive: group.isActive,
        card: group.card,
        empty: isEmptyScorecard(group.card),
      })),
    },
    { status: problem ? 400 : 200 },
  )
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Shop scorecards'))

export default function AdminScorecards({ loaderData }: Route.ComponentProps) {
  const time = useOperatorTime()
  const { days, countedAt, groups, page, notice } = loaderData
  return (
    <AdminPage
      title="Shop scorecards"
      sub={`Each partner group's scorecard, as its staff see it on their jobs page. ${SCORECARD_MESSAGES.window(days)} Customers choosing a shop see the on-time rate once a group has ${MIN_JOBS_TO_JUDGE} jobs to judge it on; before that, "${SCORECARD_MESSAGES.newToNetwork}".`}
    >
      <ListProblem notice={notice} />
      {countedAt ? <p className="mb-4 text-sm text-slate-700">{SCORECARD_MESSAGES.countedAt(time(countedAt))}</p> : null}
      <AdminTable
        caption="Each partner group's on-time rate, invoices accepted first time, rework and calibration proof"
        columns={['Partner group', ...SCORE_FIGURES.map((name) => SCORECARD_MESSAGES.figures[name].label)]}
        empty={groups.length ? null : 'No partner groups yet.'}
      >
        {groups.map((group) => (
          <tr key={group.id} data-testid="scorecard-row">
            <Cell label="Partner group" className="font-medium text-slate-900">
              {group.name}
              {group.isActive ? null : (
                <>
                  {' '}
                  <Badge tone="neutral">Inactive</Badge>
                </>
              )}
            </Cell>
            {group.empty ? (
              <Cell label="Scorecard" className="text-slate-700" colSpan={SCORE_FIGURES.length}>
                No jobs completed in the last {days} days.
              </Cell>
            ) : (
              SCORE_FIGURES.map((name) => (
                <Cell key={name} label={SCORECARD_MESSAGES.figures[name].label}>
                  <ScoreFigureText name={name} figure={group.card[name]} />
                </Cell>
              ))
            )}
          </tr>
        ))}
      </AdminTable>
      <Pager page={page.page} hasNext={page.page < page.pages} summary={pageSummary(page, ['partner group', 'partner groups'])} />
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
