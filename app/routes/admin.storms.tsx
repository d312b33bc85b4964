import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { BarChart, NumbersTable } from '~/components/admin/charts'
import { Toast } from '~/components/toast'
import { Badge, Button, Card, Field, inputClass } from '~/components/ui'
import { dayOf } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { countOf } from '~/domain/format'
import { STORM_MESSAGES } from '~/domain/messages'
import { areaInWords, MAX_STORM_AREA_CODES, STORM_FILING_DAYS, stormDaysInWords, type StormWindow } from '~/domain/storms'
import {
  declareStormEvent,
  editStormEvent,
  getStormEvent,
  listStormEvents,
  openStormWindows,
  stormBoard,
} from '~/models/claims/storms.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerRefusal, answerSubmission, isNotFound, notFound, resultErrors, resultValues } from '~/utils/refusal'
import { fieldLimits } from '~/validation/limits'
import { StormEventSchema } from '~/validation/storms'

import type { Route } from './+types/admin.storms'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Storm mode: the operator declares a storm (its area, days and filing window) and reads its board: the claims by ZIP
 * and by shop, each shop's backlog in days, and how many the rules decided. Drawn on the server, like the console's
 * charts; the board shown is the one asked for (?event=), else the newest storm.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const now = new Date()
  const events = listStormEvents()
  const open = new Set(openStormWindows(now).map((event) => event.id))
  const asked = new URL(request.url).searchParams.get('event')
  const shown = asked ? events.find((event) => event.id === asked) : events[0]
  if (asked && !shown) notFound()
  return {
    today: dayOf(now),
    events: events.map((event) => ({ ...event, open: open.has(event.id) })),
    shown: shown ? { ...shown, board: stormBoard(shown.id) } : null,
  }
}

/** Declares a storm, or (intent=edit, with its eventId) changes one: the same form, the same checks. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const formData = await request.formData()
  const editing = formData.get('intent') === 'edit' ? String(formData.get('eventId') ?? '') : null
  if (editing !== null && !getStormEvent(editing)) notFound()
  // Which form the answer belongs to, so a refused edit shows its messages in the edit form and not in the other.
  const form = editing === null ? ('declare' as const) : ('edit' as const)
  const submission = parseWithZod(formData, { schema: StormEventSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...STORM_MESSAGES.correct }, form })
  try {
    const event =
      editing === null ? declareStormEvent(submission.value, operator.id) : editStormEvent(editing, submission.value, operator.id)
    if (!event) notFound()
    return redirectWithToast(`/admin/storms?event=${encodeURIComponent(event.id)}`, {
      type: 'success',
      ...(editing === null ? STORM_MESSAGES.declared(event.name) : STORM_MESSAGES.edited(event.name)),
    })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission, { form })
    throw error
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Storms'))

/** The name's and the filing days' lengths, read from the schema the action checks. */
const STORM_LIMITS = fieldLimits(StormEventSchema)

export default function AdminStorms({ loaderData, actionData }: Route.ComponentProps) {
  const { events, shown, today } = loaderData
  return (
    <AdminPage title="Storms" sub="Declare a storm: customers in its area get its filing window, and the board follows its claims.">
      <Toast toast={actionData?.toast} className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <StormForm result={actionData?.form === 'edit' ? null : actionData?.result} today={today} />
        <Card>
          <h2 className="mb-3 text-lg font-semibold">Declared storms</h2>
          {events.length ? (
            <ul className="divide-y divide-slate-100">
              {events.map((event) => (
                <li key={event.id} className="py-2 text-sm">
                  <Link to={`/admin/storms?event=${encodeURIComponent(event.id)}`} className="font-medium text-brand-700 underline">
                    {event.name}
                  </Link>{' '}
                  {event.open ? <Badge tone="warning">Window open</Badge> : <Badge>Window closed</Badge>}
                  <span className="block text-slate-700">
                    {stormDaysInWords(event)} · ZIP {areaInWords(event.area)} · {event.filingDays} days to file
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">No storm declared yet.</p>
          )}
        </Card>
      </div>
      {shown ? (
        <>
          <StormBoard storm={shown} />
          <StormForm key={shown.id} result={actionData?.form === 'edit' ? actionData.result : null} today={today} storm={shown} />
        </>
      ) : null}
    </AdminPage>
  )
}

/** The form that declares a storm, or with `storm` the one that changes it (filled with its values). */
function StormForm({ result, today, storm }: { result: Parameters<typeof resultErrors>[0]; today: string; storm?: StormWindow }) {
  const errors = resultErrors(result)
  const values = result ? resultValues(result) : storm ? { ...storm, area: storm.area.join(' '), filingDays: String(storm.filingDays) } : {}
  // Two forms on one page: the edit form's fields get their own ids.
  const id = (name: string) => (storm ? `edit-${name}` : name)
  const field = (name: string) => ({
    id: id(name),
    name,
    className: inputClass,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  })
  return (
    <Card className={storm ? 'mt-10' : undefined}>
      <h2 className="mb-3 text-lg font-semibold">{storm ? `Change ${storm.name}` : 'Declare a storm'}</h2>
      {storm ? (
        <p className="mb-3 text-sm text-slate-700">
          Claims filed from now on follow the changes; claims already filed keep their storm and deadline.
        </p>
      ) : null}
      <Form method="post" className="space-y-4" id={storm ? 'edit-storm' : 'declare-storm'}>
        {storm ? (
          <>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="eventId" value={storm.id} />
          </>
        ) : null}
        <Field label="Name" htmlFor={id('name')} errors={errors.name}>
          <input type="text" maxLength={STORM_LIMITS.name.maxLength} defaultValue={values.name} {...field('name')} />
        </Field>
        <Field
          label="ZIP codes and prefixes"
          htmlFor={id('area')}
          hint={`Five-digit ZIP codes, or the first three digits of a region's (681 for 681xx), separated by spaces; at most ${MAX_STORM_AREA_CODES}.`}
          errors={errors.area}
        >
          <textarea rows={3} defaultValue={values.area} {...field('area')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First day" htmlFor={id('startsOn')} errors={errors.startsOn}>
            <input type="date" max={today} defaultValue={values.startsOn ?? today} {...field('startsOn')} />
          </Field>
          <Field label="Last day" htmlFor={id('endsOn')} errors={errors.endsOn}>
            <input type="date" defaultValue={values.endsOn ?? today} {...field('endsOn')} />
          </Field>
        </div>
        <Field
          label="Days to file a claim"
          htmlFor={id('filingDays')}
          hint={`Counted from the day of the damage, instead of 48 hours: ${STORM_FILING_DAYS.min} to ${STORM_FILING_DAYS.max}.`}
          errors={errors.filingDays}
        >
          <input
            type="text"
            inputMode="numeric"
            maxLength={STORM_LIMITS.filingDays.maxLength}
            defaultValue={values.filingDays ?? String(STORM_FILING_DAYS.suggested)}
            {...field('filingDays')}
          />
        </Field>
        <Button type="submit">{storm ? 'Save changes' : 'Declare storm'}</Button>
      </Form>
    </Card>
  )
}

type Shown = NonNullable<Route.ComponentProps['loaderData']['shown']>

function StormBoard({ storm }: { storm: Shown }) {
  const { byZip, byShop, decisions, backlog } = storm.board
  const count = (value: number) => value.toLocaleString('en-US')
  const claims = (value: number) => countOf(value, 'claim')
  return (
    <section aria-labelledby="board-heading" className="mt-10 space-y-8">
      <div>
        <h2 id="board-heading" className="text-xl font-semibold">
          Storm board: {storm.name}
        </h2>
        <p className="text-sm text-slate-700" data-testid="storm-totals">
          {countOf(decisions.total, 'claim')} · {count(decisions.waiting)} waiting · {count(decisions.late)} filed late ·{' '}
          <Link to="/admin/claims?order=urgent" className="text-brand-700 underline">
            Waiting claims, most urgent first
          </Link>
        </p>
      </div>
      {decisions.total === 0 ? (
        // Nothing filed yet: one line, not four charts of empty bands.
        <p className="text-sm text-slate-700" data-testid="storm-empty">
          No claim has been filed in this storm yet.
        </p>
      ) : (
        <>
          <BarChart
            id="storm-decisions"
            title="Decisions: by the rules and by the operator"
            description={`${claims(decisions.automatic)} approved by the published rules, ${claims(decisions.operator)} decided by the operator, ${claims(decisions.waiting)} waiting.`}
            points={[
              { label: 'By the rules', value: decisions.automatic },
              { label: 'By the operator', value: decisions.operator },
              { label: 'Waiting', value: decisions.waiting },
            ]}
            format={claims}
            table={
              <NumbersTable
                caption="Decisions"
                head={['Decided', 'Claims']}
                rows={[
                  ['By the rules', count(decisions.automatic)],
                  ['By the operator', count(decisions.operator)],
                  ['Waiting', count(decisions.waiting)],
                ]}
              />
            }
          />
          <BarChart
            id="storm-zips"
            title="Claims by ZIP"
            description={`The storm's claims by the ZIP where the vehicle is kept: ${byZip.map((row) => `${row.label}, ${claims(row.value)}`).join('; ')}.`}
            points={byZip}
            format={claims}
            table={
              <NumbersTable caption="Claims by ZIP" head={['ZIP', 'Claims']} rows={byZip.map((row) => [row.label, count(row.value)])} />
            }
          />
          {byShop.length ? (
            <BarChart
              id="storm-shops"
              title="Claims by shop"
              description={`The storm's claims by the shop doing the work: ${byShop.map((row) => `${row.label}, ${claims(row.value)}`).join('; ')}.`}
              points={byShop}
              format={claims}
              table={
                <NumbersTable
                  caption="Claims by shop"
                  head={['Shop', 'Claims']}
                  rows={byShop.map((row) => [row.label, count(row.value)])}
                />
              }
            />
          ) : (
            <p className="text-sm text-slate-700" data-testid="storm-no-shops">
              Claims by shop: no claim of this storm has a shop yet.
            </p>
          )}
        </>
      )}
      {backlog.length ? (
        <BarChart
          id="storm-backlog"
          title="Backlog in days"
          description="Each shop's open jobs, storm or not, over the jobs a day it takes; a shop that set no daily capacity has no figure."
          points={backlog.map((row) => ({ label: row.location, value: row.days ?? 0 }))}
          format={(value) => countOf(value, 'day')}
          table={
            <NumbersTable
              caption="Backlog in days"
              head={['Shop', 'Open jobs', 'Jobs a day', 'Days']}
              rows={backlog.map((row) => [
                row.location,
                count(row.open),
                row.dailyCapacity === null ? 'Not set' : count(row.dailyCapacity),
                row.days === null ? '—' : count(row.days),
              ])}
            />
          }
        />
      ) : (
        <p className="text-sm text-slate-700" data-testid="storm-no-backlog">
          Backlog in days: no shop has open jobs.
        </p>
      )}
    </section>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
