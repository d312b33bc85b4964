import { env } from '~/env.server'
import { localPayments } from '~/services/local-payments.server'
import type { PaymentsAdapter } from '~/services/payments-adapter.server'
import type { PaymentEventsApi } from '~/services/stripe.server'

/**
 * The payments chooser: Stripe (stripe.server.ts) when keys are set, else its offline twin, the local test checkout
 * (local-payments.server.ts); both implement payments-adapter.server.ts.
 */
export async function payments(): Promise<PaymentsAdapter> {
  if (env().payments === 'stripe') {
    const { stripeAdapter } = await import('~/services/stripe.server')
    return stripeAdapter()
  }
  return localPayments
}

/** What the Stripe webhook needs to verify and apply events; null while payments are local (no events come). */
export async function paymentEvents(): Promise<PaymentEventsApi | null> {
  if (env().payments !== 'stripe') return null
  const { stripeEvents } = await import('~/services/stripe.server')
  return stripeEvents
}
