import { formatPrice } from './format'
import type { FeeCap, StateRules } from './state-rules'

/** The state table's rules as the operator reads them on /admin/states: one short phrase per fact. Pure. */
export type StateFacts = {
  freeLook: string
  cancelAnyTime: string
  feeCap: string
  commitment: string
  priceConsent: string
  yearlyReminder: string
  statutes: string
}

export function feeCapText(fee: FeeCap | null): string {
  if (!fee) return 'No fee'
  const parts = [fee.cents !== null ? formatPrice(fee.cents) : null, fee.percentOfPaid !== null ? `${fee.percentOfPaid}% of paid` : null]
  const cap = parts.filter(Boolean).join(' or ')
  const lesser = parts.every(Boolean) ? `lesser of ${cap}` : cap
  const when = fee.when === 'free_look' ? ', in the free look' : fee.when === 'after_free_look' ? ', after the free look' : ''
  return `${lesser}${when}`
}

export function stateFacts(rules: StateRules): StateFacts {
  return {
    freeLook: `${rules.freeLookDays} days`,
    cancelAnyTime: rules.cancelAnyTime ? 'Yes' : 'No',
    feeCap: feeCapText(rules.fee),
    commitment: rules.commitment === 'never' ? 'Never binds' : 'Binds after the free look',
    priceConsent: rules.priceIncreaseNeedsConsent ? 'Required' : 'Not required',
    yearlyReminder: rules.yearlyReminder ? 'Yes' : 'No',
    statutes: rules.statutes.length ? rules.statutes.join('; ') : 'National default',
  }
}
