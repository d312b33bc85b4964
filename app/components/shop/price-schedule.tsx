import { Badge, buttonClass } from '~/components/ui'
import { formatLongDate, formatPrice } from '~/domain/format'
import { PRICE_SCHEDULE_MESSAGES } from '~/domain/messages'

/**
 * The network's price schedule on the shop's page: the version in force and the one waiting to take effect, each with
 * what every service pays and the group's answer, and plain forms to accept or refuse (the shop's pages send no React).
 * /shop lists it after the jobs, and says at the top only when the group must answer it (ScheduleNotice).
 */

/** The line at the top of /shop when the schedule holds back new jobs, linking to the schedule under the jobs. */
export function ScheduleNotice({ schedule }: { schedule: ShopScheduleView }) {
  if (schedule.offeredJobs) return null
  return (
    <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="schedule-notice">
      {PRICE_SCHEDULE_MESSAGES.mustAccept}{' '}
      <a href="#price-schedule" className="inline-flex min-h-6 items-center underline">
        Read and answer the price schedule
      </a>
    </p>
  )
}

export type ScheduleVersionView = {
  id: string
  version: number
  effectiveAt: string
  lines: { service: string; label: string; cents: number }[]
  answer: { accepted: boolean; answeredAt: string } | null
}

export type ShopScheduleView = { current: ScheduleVersionView | null; pending: ScheduleVersionView | null; offeredJobs: boolean }

export function ShopPriceSchedule({ schedule, error }: { schedule: ShopScheduleView; error?: string }) {
  const { current, pending } = schedule
  if (!current && !pending) return null
  return (
    <section id="price-schedule" aria-labelledby="price-schedule-heading" className="space-y-3">
      <h2 id="price-schedule-heading" className="text-xl font-semibold">
        Price schedule
      </h2>
      {schedule.offeredJobs ? null : (
        <p className="text-sm font-medium text-red-700" data-testid="schedule-gate">
          {PRICE_SCHEDULE_MESSAGES.mustAccept}
        </p>
      )}
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert" id="schedule-error">
          {error}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {current ? <Version title={`In force: version ${current.version}`} version={current} canRefuse={false} /> : null}
        {pending ? (
          <Version
            title={`Next: version ${pending.version}, from ${formatLongDate(pending.effectiveAt)}`}
            version={pending}
            canRefuse
            compareTo={current}
          />
        ) : null}
      </div>
    </section>
  )
}

function Version({
  title,
  version,
  canRefuse,
  compareTo,
}: {
  title: string
  version: ScheduleVersionView
  canRefuse: boolean
  compareTo?: ScheduleVersionView | null
}) {
  const before = new Map(compareTo?.lines.map((line) => [line.service, line.cents]))
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-4" data-testid={`schedule-version-${version.version}`}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {/* Folded once accepted: on a phone the lines would push everything under them down; open while it waits. */}
      <details open={!version.answer?.accepted} className="text-sm">
        <summary className="inline-flex min-h-6 cursor-pointer items-center font-medium text-brand-700 underline">
          What each service pays
        </summary>
        <table className="w-full text-left text-sm">
          <tbody>
            {version.lines.map((line) => (
              <tr key={line.service} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal text-slate-700">
                  {line.label}
                </th>
                <td className="py-1 text-right font-medium text-slate-900">
                  {formatPrice(line.cents)}
                  {before.has(line.service) && before.get(line.service) !== line.cents ? (
                    <span className="ml-1 text-xs text-slate-700">(now {formatPrice(before.get(line.service)!)})</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <Answer version={version} canRefuse={canRefuse} />
    </div>
  )
}

function Answer({ version, canRefuse }: { version: ScheduleVersionView; canRefuse: boolean }) {
  const { answer } = version
  return (
    <div className="space-y-2" data-testid="schedule-answer">
      {answer ? (
        <p className="text-sm">
          {answer.accepted ? <Badge tone="success">Accepted</Badge> : <Badge tone="destructive">Refused</Badge>}{' '}
          {`on ${formatLongDate(answer.answeredAt)}`}
          {answer.accepted || !canRefuse ? null : ` · ${PRICE_SCHEDULE_MESSAGES.refusedPending(formatLongDate(version.effectiveAt))}`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {answer?.accepted ? null : (
          <form method="post">
            <input type="hidden" name="intent" value="accept-schedule" />
            <input type="hidden" name="scheduleId" value={version.id} />
            <button type="submit" className={buttonClass('primary')}>
              Accept version {version.version}
            </button>
          </form>
        )}
        {canRefuse && answer?.accepted !== false ? (
          <form method="post">
            <input type="hidden" name="intent" value="refuse-schedule" />
            <input type="hidden" name="scheduleId" value={version.id} />
            <button type="submit" className={buttonClass('secondary')}>
              Refuse version {version.version}
            </button>
          </form>
        ) : null}
      </div>
    </div>
  )
}
