import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage, ListProblem } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { Toast } from '~/components/toast'
import { Badge, buttonClass, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatDateTime, formatLongDate, formatPrice } from '~/domain/format'
import { DISPUTE_ANSWER_BUSINESS_DAYS, DISPUTE_KIND_NAMES } from '~/domain/invoice'
import { CONNECT_MESSAGES, INVOICE_HOLD_MESSAGES, PAYOUT_MESSAGES } from '~/domain/messages'
import { adminClaimPath } from '~/domain/paths'
import {
  type InvoiceService,
  invoiceServiceName,
  isInvoiceHeld,
  JOBS_LISTED,
  paidThroughStripe,
  PAYOUT_REFERENCE_MAX,
} from '~/domain/payouts'
import { SERVICE_FIGURE_DAYS, SERVICE_PROMISE_TEXT } from '~/domain/service-promise'
import { openDisputes } from '~/models/claims/disputes.server'
import { approveJobsForPayment, createPayout, groupPayouts, markPayoutPaid, payoutOverview } from '~/models/money/payouts.server'
import { operatorZone } from '~/models/people/operator.server'
import { recentServiceTimes } from '~/models/shops/shop-scorecards.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, isNotFound, resultErrors } from '~/utils/refusal'
import { parseQuery, PayoutSchema, PayoutsQuery } from '~/validation/operator'

import type { Route } from './+types/admin.payouts'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** Hours as the figures show them: '18.5 h', or '—' when nothing was measured. */
const hours = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`)

function serviceFigures(zone: string) {
  const { countedAt, rows } = recentServiceTimes()
  return {
    counted: formatDateTime(countedAt, undefined, zone),
    rows: rows.map((row) => ({
      ...row,
      toAppointment: hours(row.medianHoursToAppointment),
      toCompletion: hours(row.medianHoursToCompletion),
    })),
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const zone = operatorZone(context.get(operatorContext))
  const { query, problem } = parseQuery(PayoutsQuery, new URL(request.url))
  const selected = !problem && query.group ? groupPayouts(query.group) : null
  const notice = problem ?? (query.group && !selected ? PAYOUT_MESSAGES.unknownGroup : null)
  const money = (value: { count: number; totalCents: number }) => ({ count: value.count, total: formatPrice(value.totalCents) })
  const job = (row: NonNullable<typeof selected>['waiting'][number]) => ({
    id: row.id,
    code: row.confirmationCode,
    completed: formatLongDate(row.completedAt),
    repairType: row.repairType ?? '—',
    amount: formatPrice(row.actualCostCents ?? 0),
    /** Above its service's ceiling: shown, and not offered for approval until released on the claim page. */
    held: isInvoiceHeld(row) ? INVOICE_HOLD_MESSAGES.flag(invoiceServiceName(row.invoiceHeldFor as InvoiceService)) : null,
  })
  return data(
    {
      notice,
      group: selected && {
        id: selected.group.id,
        name: selected.group.name,
        email: selected.group.email,
        connect: CONNECT_MESSAGES.operatorState(selected.group),
        paidThroughStripe: paidThroughStripe(selected.group),
        waiting: selected.waiting.map(job),
        approved: selected.approved.map(job),
        waitingCount: selected.overview.waiting.count,
        approvedCount: selected.overview.approved.count,
        approvedShownTotal: formatPrice(selected.approved.reduce((sum, row) => sum + (row.actualCostCents ?? 0), 0)),
        payouts: selected.payouts.map((payout) => ({
          id: payout.id,
          number: payout.payoutNumber,
          created: formatDateTime(payout.createdAt, undefined, zone),
          jobs: payout.jobCount,
          total: formatPrice(payout.totalCents),
          paid: payout.paidAt ? formatLongDate(payout.paidAt) : null,
          reference: payout.reference,
          /** Reopened after Stripe reversed its transfer: the operator pays it by bank. */
          reversed: !payout.paidAt && payout.transferReversedAt !== null,
          transferProblem:
            payout.transferError && !payout.paidAt
              ? payout.transferReversedAt
                ? payout.transferError
                : CONNECT_MESSAGES.refused(payout.transferAttempts, payout.transferError)
              : null,
        })),
      },
      groups: selected
        ? []
        : payoutOverview().map((row) => ({
            id: row.id,
            name: row.name,
            waiting: money(row.waiting),
            approved: money(row.approved),
            onOthers: money({
              count: row.rejected.count + row.disputed.count,
              totalCents: row.rejected.totalCents + row.disputed.totalCents,
            }),
            unpaid: money(row.unpaidPayouts),
          })),
      service: selected ? null : serviceFigures(zone),
      /** The shops' disputes waiting for an answer, the nearest deadline first, overdue ones flagged. */
      disputes: selected
        ? []
        : openDisputes().map((dispute) => ({
            id: dispute.id,
            claimId: dispute.claimId,
            code: dispute.code,
            group: dispute.group ?? '—',
            kind: DISPUTE_KIND_NAMES[dispute.kind],
            due: formatDateTime(dispute.answerDueAt, undefined, zone),
            overdue: dispute.overdue,
          })),
    },
    { status: notice ? 400 : 200 },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(operatorContext)
  const back = `/admin/payouts${new URL(request.url).search}`
  const submission = parseWithZod(await request.formData(), { schema: PayoutSchema })
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    const first = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? PAYOUT_MESSAGES.chooseJobs
    return answerSubmission(submission, {
      intent,
      payoutId: String(submission.payload.payoutId ?? ''),
      toast: { type: 'error', ...PAYOUT_MESSAGES.correct, description: first },
    })
  }
  const input = submission.value
  try {
    if (input.intent === 'approve-payment') {
      const { approved } = approveJobsForPayment({ claimIds: input.claimId, actorId: admin.id })
      return redirectWithToast(back, {
        type: 'success',
        ...(approved ? PAYOUT_MESSAGES.approved(approved) : PAYOUT_MESSAGES.alreadyApproved),
      })
    }
    if (input.intent === 'create-payout') {
      const { payout, created } = createPayout({ groupId: input.groupId, claimIds: input.claimId, actorId: admin.id })
      return redirectWithToast(`/admin/payouts?group=${encodeURIComponent(payout.partnerGroupId)}#payouts`, {
        type: 'success',
        ...(created ? PAYOUT_MESSAGES.created(payout.jobCount, formatPrice(payout.totalCents)) : PAYOUT_MESSAGES.alreadyCreated),
      })
    }
    const { payout, paidNow, remittance } = await markPayoutPaid({
      payoutId: input.payoutId,
      reference: input.reference,
      actorId: admin.id,
      byBank: true,
    })
    const message = !paidNow
      ? PAYOUT_MESSAGES.alreadyPaid
      : remittance?.to && !remittance.sent
        ? PAYOUT_MESSAGES.paidNotSent
        : PAYOUT_MESSAGES.paid(remittance?.to ?? null)
    return redirectWithToast(`/admin/payouts?group=${encodeURIComponent(payout.partnerGroupId)}#payouts`, {
      type: remittance?.to && !remittance.sent ? 'error' : 'success',
      ...message,
    })
  } catch (error) {
    if (error instanceof RuleError) {
      return answerRefusal(error, submission, { intent: input.intent, payoutId: input.intent === 'mark-paid' ? input.payoutId : '' })
    }
    throw error
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Payouts'))

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { notice, group, groups, service, disputes } = loaderData
  return (
    <AdminPage
      title="Payouts"
      sub="Approve the shops’ completed jobs for payment, pay them by bank transfer, and e-mail each group its remittance."
    >
      <Toast toast={actionData?.toast} className="mb-6" />
      <ListProblem notice={notice} />
      {group ? (
        <GroupPayouts group={group} actionData={actionData} />
      ) : (
        <>
          <AdminTable
            caption="Partner groups: jobs to approve, to put in a payout, and payouts to pay"
            columns={['Partner group', 'Completed, to approve', 'Approved, not in a payout', 'Rejected or in dispute', 'Payouts not paid']}
            empty={groups.length === 0 ? 'No partner groups yet.' : null}
          >
            {groups.map((row) => (
              <tr key={row.id} data-testid="payout-group">
                <Cell label="Partner group">
                  <a href={`/admin/payouts?group=${encodeURIComponent(row.id)}`} className="font-medium text-brand-700 underline">
                    {row.name}
                  </a>
                </Cell>
                <Cell label="Completed, to approve">{`${row.waiting.count} · ${row.waiting.total}`}</Cell>
                <Cell label="Approved, not in a payout">{`${row.approved.count} · ${row.approved.total}`}</Cell>
                <Cell label="Rejected or in dispute">{`${row.onOthers.count} · ${row.onOthers.total}`}</Cell>
                <Cell label="Payouts not paid">{`${row.unpaid.count} · ${row.unpaid.total}`}</Cell>
              </tr>
            ))}
          </AdminTable>
          <h2 className="mt-10 mb-2 text-lg font-semibold text-slate-900">Disputes to answer</h2>
          <AdminTable
            caption={`Shops' disputes of a rejection or a short-pay: each is answered within ${DISPUTE_ANSWER_BUSINESS_DAYS} business days`}
            columns={['Job', 'Partner group', 'Disputed', 'Answer due']}
            empty={disputes.length === 0 ? 'No dispute is waiting.' : null}
          >
            {disputes.map((dispute) => (
              <tr key={dispute.id} data-testid="dispute-row">
                <Cell label="Job">
                  <a href={adminClaimPath(dispute.claimId)} className="font-mono text-brand-700 underline">
                    {dispute.code}
                  </a>
                </Cell>
                <Cell label="Partner group">{dispute.group}</Cell>
                <Cell label="Disputed">{dispute.kind}</Cell>
                <Cell label="Answer due">
                  {dispute.due}
                  {dispute.overdue ? (
                    <>
                      {' '}
                      <Badge tone="warning">Overdue</Badge>
                    </>
                  ) : null}
                </Cell>
              </tr>
            ))}
          </AdminTable>
          <h2 className="mt-10 mb-2 text-lg font-semibold text-slate-900">Service promise</h2>
          <p className="mb-4 text-sm text-slate-700">
            {SERVICE_PROMISE_TEXT} Medians over the claims completed in the last {SERVICE_FIGURE_DAYS} days, from approval; counted{' '}
            {service?.counted}, and again each hour.
          </p>
          <AdminTable
            caption="Median time from approval to appointment and to completion, per partner group"
            columns={['Partner group', 'Completed', 'Median to appointment', 'Median to completion']}
            empty={service?.rows.length ? null : 'No partner groups yet.'}
          >
            {service?.rows.map((row) => (
              <tr key={row.groupId} data-testid="service-times">
                <Cell label="Partner group">{row.name}</Cell>
                <Cell label="Completed">{row.completed}</Cell>
                <Cell label="Median to appointment">{row.toAppointment}</Cell>
                <Cell label="Median to completion">{row.toCompletion}</Cell>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </AdminPage>
  )
}

type GroupView = NonNullable<Route.ComponentProps['loaderData']['group']>

function GroupPayouts({ group, actionData }: { group: GroupView; actionData: Route.ComponentProps['actionData'] }) {
  const approving = useIsPending({ state: 'submitting', intent: 'approve-payment' })
  const creating = useIsPending({ state: 'submitting', intent: 'create-payout' })
  const errors = resultErrors(actionData?.result)
  const errorsFor = (intent: string, payoutId = '') =>
    actionData?.intent === intent && (!payoutId || actionData.payoutId === payoutId) ? errors : {}
  return (
    <div className="space-y-8">
      <p className="text-sm">
        <a href="/admin/payouts" className="text-brand-700 underline">
          All partner groups
        </a>{' '}
        · <span className="font-semibold text-slate-900">{group.name}</span>
        {group.email ? ` · remittances go to ${group.email}` : ' · no e-mail address: remittances cannot be sent'}
      </p>
      <p className="text-sm text-slate-700" data-testid="connect-state">
        {group.connect}
      </p>

      <section aria-labelledby="to-approve">
        <h2 id="to-approve" className="mb-2 text-lg font-semibold text-slate-900">
          Completed jobs to approve ({group.waitingCount})
        </h2>
        {/* A form only with something to send: an empty one has no button (pa11y), and nothing to post. */}
        {group.waiting.length ? (
          <Form method="post">
            <input type="hidden" name="intent" value="approve-payment" />
            <JobTable caption="Completed jobs not approved for payment yet, oldest first" jobs={group.waiting} select />
            <FieldMessages messages={errorsFor('approve-payment').claimId} />
            <button type="submit" className={buttonClass('primary', 'mt-3')} disabled={approving}>
              {approving ? 'Approving...' : 'Approve for payment'}
            </button>
            <Shown shown={group.waiting.length} total={group.waitingCount} />
          </Form>
        ) : (
          <div>
            <JobTable caption="Completed jobs not approved for payment yet, oldest first" jobs={group.waiting} select />
            <FieldMessages messages={errorsFor('approve-payment').claimId} />
            <Shown shown={group.waiting.length} total={group.waitingCount} />
          </div>
        )}
      </section>

      <section aria-labelledby="approved">
        <h2 id="approved" className="mb-2 text-lg font-semibold text-slate-900">
          Approved, not in a payout ({group.approvedCount})
        </h2>
        {group.approved.length ? (
          <Form method="post">
            <input type="hidden" name="intent" value="create-payout" />
            <input type="hidden" name="groupId" value={group.id} />
            {group.approved.map((job) => (
              <input key={job.id} type="hidden" name="claimId" value={job.id} />
            ))}
            <JobTable caption="Jobs approved for payment and not in a payout yet, oldest first" jobs={group.approved} />
            <FieldMessages messages={errorsFor('create-payout').claimId ?? errorsFor('create-payout').groupId} />
            <button type="submit" className={buttonClass('primary', 'mt-3')} disabled={creating}>
              {creating ? 'Creating...' : `Create payout of ${group.approvedShownTotal}`}
            </button>
            <Shown shown={group.approved.length} total={group.approvedCount} />
          </Form>
        ) : (
          <div>
            <JobTable caption="Jobs approved for payment and not in a payout yet, oldest first" jobs={group.approved} />
            <FieldMessages messages={errorsFor('create-payout').claimId ?? errorsFor('create-payout').groupId} />
            <Shown shown={group.approved.length} total={group.approvedCount} />
          </div>
        )}
      </section>

      <section aria-labelledby="payouts">
        <h2 id="payouts" className="mb-2 text-lg font-semibold text-slate-900">
          Payouts
        </h2>
        <AdminTable
          caption="Payouts to this partner group, newest first"
          columns={['Payout', 'Created', 'Jobs', 'Total', 'Paid']}
          empty={group.payouts.length === 0 ? 'No payouts yet.' : null}
        >
          {group.payouts.map((payout) => (
            <tr key={payout.id} data-testid="payout-row">
              <Cell label="Payout" className="font-mono font-semibold">
                {payout.number}
              </Cell>
              <Cell label="Created">{payout.created}</Cell>
              <Cell label="Jobs">{payout.jobs}</Cell>
              <Cell label="Total">{payout.total}</Cell>
              <Cell label="Paid">
                {payout.paid ? (
                  <span>
                    <Badge tone="success">Paid</Badge> {payout.paid} · reference {payout.reference}
                  </span>
                ) : group.paidThroughStripe && !payout.reversed ? (
                  <span className="text-sm text-slate-700" data-testid="awaiting-transfer">
                    {CONNECT_MESSAGES.awaitingTransfer}
                  </span>
                ) : (
                  <MarkPaidForm payoutId={payout.id} errors={errorsFor('mark-paid', payout.id).reference} />
                )}
                {payout.transferProblem ? (
                  <p className="mt-1 text-sm" data-testid="transfer-problem">
                    <Badge tone="warning">Transfer</Badge> {payout.transferProblem}
                  </p>
                ) : null}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      </section>
    </div>
  )
}

function MarkPaidForm({ payoutId, errors }: { payoutId: string; errors?: string[] }) {
  const paying = useIsPending({ state: 'submitting', intent: 'mark-paid' })
  const inputId = `reference-${payoutId}`
  const errorId = `${inputId}-error`
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="mark-paid" />
      <input type="hidden" name="payoutId" value={payoutId} />
      <div>
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
          Bank transfer reference
        </label>
        <input
          id={inputId}
          name="reference"
          required
          maxLength={PAYOUT_REFERENCE_MAX}
          autoComplete="off"
          className={inputClass}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
        {errors?.length ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass('secondary')} disabled={paying}>
        {paying ? 'Saving...' : 'Mark paid'}
      </button>
    </Form>
  )
}

function JobTable({ caption, jobs, select = false }: { caption: string; jobs: GroupView['waiting']; select?: boolean }) {
  return (
    <AdminTable
      caption={caption}
      columns={[...(select ? ['Approve'] : []), 'Claim', 'Completed', 'Service', 'Amount']}
      empty={jobs.length === 0 ? 'None.' : null}
    >
      {jobs.map((job) => (
        <tr key={job.id} data-testid="payout-job">
          {select ? (
            <Cell label="Approve">
              {job.held ? (
                'Held'
              ) : (
                <input type="checkbox" name="claimId" value={job.id} defaultChecked aria-label={`Approve ${job.code} for payment`} />
              )}
            </Cell>
          ) : null}
          <Cell label="Claim">
            <a href={adminClaimPath(job.id)} className="font-mono font-semibold">
              {job.code}
            </a>
            {job.held ? (
              <div className="mt-1 text-sm" data-testid="invoice-held">
                <Badge tone="warning">{job.held}</Badge>{' '}
                <a href={`${adminClaimPath(job.id)}#invoice-hold`} className="text-brand-700 underline">
                  Review and release
                </a>
              </div>
            ) : null}
          </Cell>
          <Cell label="Completed">{job.completed}</Cell>
          <Cell label="Service" className="capitalize">
            {job.repairType}
          </Cell>
          <Cell label="Amount">{job.amount}</Cell>
        </tr>
      ))}
    </AdminTable>
  )
}

function FieldMessages({ messages }: { messages?: string[] }) {
  return messages?.length ? <p className="mt-2 text-sm text-red-700">{messages[0]}</p> : null
}

function Shown({ shown, total }: { shown: number; total: number }) {
  return total > shown ? (
    <p className="mt-2 text-sm text-slate-700">
      The oldest {JOBS_LISTED} of {total} are listed; the rest follow once these are done.
    </p>
  ) : null
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
