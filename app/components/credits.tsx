import type { ReactNode } from 'react'

import type { CreditMethod, CreditState } from '~/domain/credits'
import { formatLongDate, formatPrice } from '~/domain/format'
import { CREDIT_MESSAGES } from '~/domain/messages'

/** A credit as the dashboard and the operator's customer page list it. */
export type CreditView = {
  id: string
  amountCents: number
  reason: string
  state: CreditState
  method: CreditMethod
  claimCode: string | null
  createdAt: string
  appliedAt: string | null
}

/**
 * The customer's credits: each with its amount, why, and where it stands. `actions` adds the operator's controls (the
 * error of a refused payment, the waive form) under a credit.
 */
export function CreditsList({ credits, actions }: { credits: CreditView[]; actions?: (credit: CreditView) => ReactNode }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="credits">
      {credits.map((credit) => (
        <li key={credit.id} className="space-y-1 px-4 py-3 text-sm" data-testid="credit">
          <p className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold text-slate-900">{formatPrice(credit.amountCents)}</span>
            <span className="text-slate-700">
              {CREDIT_MESSAGES.stateNames[credit.state]}
              {credit.appliedAt ? ` on ${formatLongDate(credit.appliedAt)}` : ''}
            </span>
          </p>
          <p className="text-slate-800">{credit.reason}</p>
          {credit.state === 'applied' ? <p className="text-slate-700">{CREDIT_MESSAGES.howPaid[credit.method]}</p> : null}
          {actions?.(credit)}
        </li>
      ))}
    </ul>
  )
}
