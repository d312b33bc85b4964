import { formatDateTime } from '~/domain/format'
import { SCORECARD_MESSAGES } from '~/domain/messages'
import { isEmptyScorecard, SCORE_FIGURES, type Scorecard, type ScoreFigure, type ScoreFigureName, scoreRate } from '~/domain/scorecards'

/**
 * A partner group's scorecard: each figure as a rate with its count beside it ("12 of 14 on time"), over the window the
 * page states. Plain server-rendered HTML (the shop's pages send no React); the operator's page reuses the figure.
 */

/** One figure in words: its rate and its count, or that there is nothing to measure yet. */
export function ScoreFigureText({ name, figure }: { name: ScoreFigureName; figure: ScoreFigure }) {
  const rate = scoreRate(figure)
  if (rate === null) return <span className="text-slate-700">{SCORECARD_MESSAGES.nothingToMeasure}</span>
  return (
    <span>
      <span className="font-semibold text-slate-900">{rate}%</span>{' '}
      <span className="text-slate-700">({SCORECARD_MESSAGES.figures[name].counted(figure.count, figure.of)})</span>
    </span>
  )
}

/** `zone` is the shop's: the time it was counted is read on the shop's clock, with its zone's abbreviation. */
export function ScorecardSection({ card, days, countedAt, zone }: { card: Scorecard; days: number; countedAt: string; zone: string }) {
  return (
    <section id="scorecard" aria-labelledby="scorecard-heading" className="space-y-3" data-testid="scorecard">
      <h2 id="scorecard-heading" className="text-xl font-semibold">
        Your scorecard
      </h2>
      <p className="text-sm text-slate-700">
        {SCORECARD_MESSAGES.window(days)} {SCORECARD_MESSAGES.countedAt(formatDateTime(countedAt, '—', zone))}
      </p>
      {isEmptyScorecard(card) ? (
        <p className="text-sm text-slate-700" data-testid="scorecard-empty">
          {SCORECARD_MESSAGES.empty(days)}
        </p>
      ) : (
        <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {SCORE_FIGURES.map((name) => (
            <div key={name} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-3" data-testid={`score-${name}`}>
              <dt className="font-medium text-slate-900">{SCORECARD_MESSAGES.figures[name].label}</dt>
              <dd className="sm:col-span-2">
                <ScoreFigureText name={name} figure={card[name]} />
                <span className="block text-xs text-slate-700">{SCORECARD_MESSAGES.figures[name].explain}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
