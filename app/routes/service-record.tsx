import { Link } from 'react-router'

import {
  CSV_LINK_LABEL,
  NO_RATINGS_YET,
  NOT_COUNTED_YET,
  NOTHING_TO_MEASURE,
  SERVICE_RECORD_FIGURES as FIGURES,
  SERVICE_RECORD_INTRO,
  SERVICE_RECORD_TITLE,
  TOO_FEW_CLAIMS,
  TOO_FEW_CLAIMS_RULE,
} from '~/content/service-record'
import { formatDateTime, formatLongDate, formatPrice } from '~/domain/format'
import { HOW_CLAIMS_ARE_DECIDED_PATH, SERVICE_RECORD_CSV_PATH } from '~/domain/paths'
import { averageInWords } from '~/domain/ratings'
import { decisionTimeInWords, enoughToReport, RECENT_PERIOD, shareOf } from '~/domain/service-record'
import { storedServiceRecord } from '~/models/operations/service-record.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/service-record'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

/** The figures the daily job stored (app/models/operations/service-record.server.ts): thirteen rows, never counted here. */
export function loader() {
  return { periods: storedServiceRecord() }
}

type Period = Route.ComponentProps['loaderData']['periods'][number]

const MONTH_NAMES = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

function periodName(period: Period) {
  if (period.period === RECENT_PERIOD) return `The last 30 days (${formatLongDate(period.firstDay)} to ${formatLongDate(period.lastDay)})`
  return MONTH_NAMES.format(new Date(`${period.firstDay}T12:00:00.000Z`))
}

function share(count: number | null, of: number | null) {
  const rate = shareOf(count, of)
  return rate === null ? NOTHING_TO_MEASURE : `${rate}% (${count} of ${of})`
}

const time = (minutes: number | null) => (minutes === null ? NOTHING_TO_MEASURE : decisionTimeInWords(minutes))

/** Each figure of a period as the page says it; the claim figures only where enough claims were decided. */
function figuresOf(period: Period): { figure: keyof typeof FIGURES; value: string }[] {
  const network = [
    { figure: 'shops' as const, value: period.shops.toLocaleString('en-US') },
    {
      figure: 'rating' as const,
      value:
        period.ratingAverage === null
          ? NO_RATINGS_YET
          : `${averageInWords(period.ratingAverage)} of 5 (${period.ratings.toLocaleString('en-US')} ratings)`,
    },
  ]
  if (!enoughToReport(period.claimsDecided)) return network
  return [
    { figure: 'claimsDecided', value: period.claimsDecided.toLocaleString('en-US') },
    { figure: 'decidedAtOnce', value: share(period.decidedAtOnce, period.claimsDecided) },
    { figure: 'decisionMedian', value: time(period.decisionMinutesP50) },
    { figure: 'decisionP90', value: time(period.decisionMinutesP90) },
    { figure: 'chipsOnTime', value: share(period.chipsOnTime, period.chipsJudged) },
    { figure: 'replacementsOnTime', value: share(period.replacementsOnTime, period.replacementsJudged) },
    { figure: 'credits', value: `${period.creditsPaid ?? 0} (${formatPrice(period.creditsPaidCents ?? 0)})` },
    { figure: 'appealsFiled', value: String(period.appealsFiled ?? 0) },
    { figure: 'appealsInTime', value: String(period.appealsDecidedInTime ?? 0) },
    { figure: 'appealsForCustomer', value: String(period.appealsForCustomer ?? 0) },
    ...network,
  ]
}

/** One period: each figure's name and value (how each is counted is said once, below the periods). */
function PeriodFigures({ period, headingLevel }: { period: Period; headingLevel: 'h2' | 'h3' }) {
  const Heading = headingLevel
  const id = `period-${period.period}`
  return (
    <section aria-labelledby={id} className="mt-6 rounded-2xl border border-slate-200 p-6" data-testid="service-record-period">
      <Heading id={id} className="text-lg font-semibold text-slate-900">
        {periodName(period)}
      </Heading>
      {enoughToReport(period.claimsDecided) ? null : (
        <p className="mt-2 font-medium text-slate-800" data-testid="too-few-claims">
          {TOO_FEW_CLAIMS}.
        </p>
      )}
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {figuresOf(period).map(({ figure, value }) => (
          <div key={figure} data-testid={`figure-${figure}`}>
            <dt className="text-sm text-slate-700">{FIGURES[figure].name}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Every figure's name with the one sentence that says exactly how it is counted. */
function HowCounted() {
  return (
    <section aria-labelledby="how-counted" className="mt-12">
      <h2 id="how-counted" className="text-2xl font-semibold text-slate-900">
        How each figure is counted
      </h2>
      <dl className="mt-4 space-y-4" data-testid="how-counted">
        {Object.entries(FIGURES).map(([figure, { name, how }]) => (
          <div key={figure}>
            <dt className="font-medium text-slate-900">{name}</dt>
            <dd className="mt-1 leading-7 text-slate-700">{how}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export default function ServiceRecord({ loaderData }: Route.ComponentProps) {
  const { periods } = loaderData
  const [recent, ...months] = periods
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{SERVICE_RECORD_TITLE}</h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">{SERVICE_RECORD_INTRO}</p>
      <p className="mt-4 leading-7 text-slate-700">
        {TOO_FEW_CLAIMS_RULE} The rules that approve claims at once are on{' '}
        <Link to={HOW_CLAIMS_ARE_DECIDED_PATH} className="text-brand-700 underline">
          How claims are decided
        </Link>
        .
      </p>
      {recent ? (
        <>
          <p className="mt-4 text-sm text-slate-600" data-testid="service-record-counted">
            Counted {formatDateTime(recent.countedAt)}.{' '}
            <a href={SERVICE_RECORD_CSV_PATH} className="font-medium text-brand-700 underline" download>
              {CSV_LINK_LABEL}
            </a>
          </p>
          <PeriodFigures period={recent} headingLevel="h2" />
          <section aria-labelledby="by-month" className="mt-12">
            <h2 id="by-month" className="text-xl font-semibold text-slate-900">
              Month by month
            </h2>
            {months.map((period) => (
              <PeriodFigures key={period.period} period={period} headingLevel="h3" />
            ))}
          </section>
        </>
      ) : (
        <p className="mt-8 rounded-2xl bg-brand-50 p-6 font-medium text-slate-900" data-testid="service-record-not-counted">
          {NOT_COUNTED_YET}
        </p>
      )}
      <HowCounted />
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(SERVICE_RECORD_TITLE, 'How fast Glass Plan decides claims and how often its shops keep their promise, month by month.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
