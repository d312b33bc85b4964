import type { useForm } from '@conform-to/react'

import { formatPrice } from '~/domain/format'
import type { LookupKey } from '~/domain/plans'
import type { SignupValue } from '~/validation/signup'

/** The prices the page was given, by lookup key (none when pricing could not be read). */
export type Prices = Partial<Record<LookupKey, number>>

/** The signup form's fields as Conform gives them, for the sections of the plan's configuration. */
export type SignupFields = ReturnType<typeof useForm<SignupValue>>[1]

/** A configuration's price in cents, or null where it is unknown (or not a price). */
export function priceOf(prices: Prices | null, key: LookupKey) {
  const cents = prices?.[key]
  return typeof cents === 'number' && cents > 0 ? cents : null
}

/** A configuration's price in words, or a dash where it is unknown. */
export function priceText(prices: Prices | null, key: LookupKey) {
  const cents = priceOf(prices, key)
  return cents === null ? '—' : formatPrice(cents)
}
