import { formatPrice } from '~/domain/format'
import { PRICE_SCHEDULE_MESSAGES } from '~/domain/messages'

/**
 * What a job pays under the price schedule, on the shop's job page: before completion every line that can apply to it
 * (the work, each calibration, the mobile surcharge), so the shop knows the price before it submits; once completed,
 * what it is paid: the one amount the payouts and the remittance show. Plain HTML (the shop's pages send no React).
 */
export type JobPriceView = {
  version: number
  /** Once completed: what the job is paid (app/domain/invoice.ts, amountPaidCents). */
  paidCents: number | null
  lines: { key: string; label: string; cents: number }[]
}

export function JobPrice({ price }: { price: JobPriceView | null }) {
  if (!price) return <p className="text-sm text-slate-700">{PRICE_SCHEDULE_MESSAGES.noSchedule}</p>
  return (
    <section aria-labelledby="job-price-heading" className="space-y-2 rounded-lg border border-slate-200 p-4" data-testid="job-price">
      <h3 id="job-price-heading" className="font-semibold text-slate-900">
        {PRICE_SCHEDULE_MESSAGES.jobPays(price.version)}
      </h3>
      {price.paidCents !== null ? (
        <p className="text-sm text-slate-900" data-testid="job-price-paid">
          {PRICE_SCHEDULE_MESSAGES.paid(formatPrice(price.paidCents))}
        </p>
      ) : (
        <>
          <table className="w-full text-left text-sm">
            <tbody>
              {price.lines.map((line) => (
                <tr key={line.key} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal text-slate-700">
                    {line.label}
                  </th>
                  <td className="py-1 text-right font-medium text-slate-900">{formatPrice(line.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-slate-700">{PRICE_SCHEDULE_MESSAGES.fixedOnCompletion}</p>
        </>
      )}
    </section>
  )
}
