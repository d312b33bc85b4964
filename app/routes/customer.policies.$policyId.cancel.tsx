import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { PolicyPageHeader } from '~/components/policy-page-header'
import { BillingButton, CancelConfirmation, PolicyCancelControls } from '~/components/signup/cancel-policy'
import { Card } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatPrice } from '~/domain/format'
import { CANCEL_FAILED, CANCEL_SUCCESS, REFUND_MESSAGES, refundExplanation, RENEWAL_ON, renewalOff } from '~/domain/messages'
import { cancelPath } from '~/domain/paths'
import { planName } from '~/domain/plans'
import { env } from '~/env.server'
import { explainRefund, refundOfPolicy } from '~/models/money/refunds.server'
import {
  billingPortalUrl,
  cancellationOptions,
  cancellationQuote,
  cancelPolicy,
  setPolicyRenewal,
} from '~/models/policies/cancellation.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { invariantResponse } from '~/utils/invariant'
import { pageMeta } from '~/utils/meta'
import { answerErrors, answerRefusal, notFound } from '~/utils/refusal'
import { PolicyCancelSchema } from '~/validation/signup'

import type { Route } from './+types/customer.policies.$policyId.cancel'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const policy = getPolicyForProfile(customer.id, params.policyId)
  if (!policy) notFound()
  const options = cancellationOptions(policy)
  // The exact refund, before the customer confirms; the provider being unreachable is said, not a 500.
  let quote: { amount: string | null; explanation: string | null } | { failed: string } | null = null
  if (options.canCancel) {
    try {
      const found = await cancellationQuote(policy)
      quote =
        found && found.rule !== 'none' && found.amountCents > 0
          ? {
              amount: formatPrice(found.amountCents),
              explanation: refundExplanation({
                ...found,
                rule: found.rule,
                freeLookDays: found.rules.freeLookDays,
                laterRefundPercent: found.rules.laterRefundPercent,
              }),
            }
          : { amount: null, explanation: null }
    } catch (error) {
      if (!(error instanceof RuleError)) throw error
      quote = { failed: error.message }
    }
  }
  const refund = refundOfPolicy(policy.id)
  return {
    quote,
    refund: refund
      ? {
          unsettled: refund.status === 'unsettled',
          amount: formatPrice(refund.amountCents + refund.penaltyCents),
          explanation: explainRefund(refund),
          penalty: refund.penaltyCents > 0 ? formatPrice(refund.penaltyCents) : null,
          status: REFUND_MESSAGES.status[refund.status],
          local: refund.provider === 'local',
        }
      : null,
    policy: {
      id: policy.id,
      policyNumber: policy.policyNumber,
      status: policy.status,
      planName: planName(policy),
      monthlyPrice: formatPrice(policy.monthlyPriceCents),
      initialTermEndsAt: policy.initialTermEndsAt,
      cancelAt: policy.cancelAt,
      stripeCustomerId: policy.stripeCustomerId,
      governingState: policy.governingState,
      createdAt: policy.createdAt,
      timeZone: policy.timeZone,
    },
    options,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: PolicyCancelSchema })
  invariantResponse(submission.status === 'success', 'Unknown request.')
  const policyId = params.policyId

  try {
    return await applyIntent(customer.id, policyId, submission.value.intent)
  } catch (error) {
    if (error instanceof RuleError) return refusal(error)
    throw error
  }
}

async function applyIntent(customerId: string, policyId: string, intent: 'cancel' | 'renewal-off' | 'renewal-on' | 'billing-portal') {
  switch (intent) {
    case 'cancel': {
      const { refund } = await cancelPolicy(customerId, policyId)
      // With a refund the customer lands where it is shown (a repeated submit lands there too, nothing done twice).
      return redirectWithToast(refund ? cancelPath(policyId) : '/customer', { type: 'success', ...CANCEL_SUCCESS })
    }
    case 'renewal-off':
    case 'renewal-on': {
      const renew = intent === 'renewal-on'
      const policy = await setPolicyRenewal(customerId, policyId, renew)
      return redirectWithToast('/customer', { type: 'success', ...(renew ? RENEWAL_ON : renewalOff(policy.initialTermEndsAt)) })
    }
    case 'billing-portal': {
      return redirect(await billingPortalUrl(customerId, policyId, `${env().APP_URL}/customer`), 303)
    }
  }
}

/** A refused or failed request: this page with the reason (a policy that isn't the customer's is notFound()'s 404). */
function refusal(error: RuleError) {
  // The product's cancel failure is a title alone; the other refusals explain themselves.
  if (error.message === CANCEL_FAILED) return answerErrors({}, { status: error.status, toast: { type: 'error', title: CANCEL_FAILED } })
  return answerRefusal(error)
}

export default function CancelPolicyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, options, quote, refund } = loaderData
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PolicyPageHeader title="Cancel policy" toast={actionData?.toast}>
        {policy.planName} · {policy.monthlyPrice} / month · Policy <span className="font-mono text-sm">{policy.policyNumber}</span>
      </PolicyPageHeader>
      <Card className="mt-6">
        {policy.status === 'canceled' ? (
          <div className="space-y-3">
            <p className="text-slate-800">This policy has been cancelled.</p>
            {refund?.unsettled ? (
              <p data-testid="refund-result" className="text-slate-800">
                {REFUND_MESSAGES.unsettled}
              </p>
            ) : refund ? (
              <div data-testid="refund-result">
                <p className="font-semibold text-slate-900">
                  {REFUND_MESSAGES.refunded(refund.amount)}: {refund.status}.
                </p>
                <p className="mt-1 text-sm text-slate-700">{refund.explanation}</p>
                {refund.penalty ? <p className="mt-1 text-sm text-slate-700">{REFUND_MESSAGES.withPenalty(refund.penalty)}</p> : null}
                {refund.local ? <p className="mt-1 text-sm text-slate-700">{REFUND_MESSAGES.localNote}</p> : null}
              </div>
            ) : null}
          </div>
        ) : options.canCancel ? (
          <div className="space-y-6">
            {quote && 'failed' in quote ? (
              <p className="font-medium text-red-800" role="alert" data-testid="refund-quote-failed">
                {quote.failed}
              </p>
            ) : quote ? (
              <div data-testid="refund-quote">
                <p className="font-semibold text-slate-900">
                  {quote.amount ? REFUND_MESSAGES.willBeRefunded(quote.amount) : REFUND_MESSAGES.noRefund}
                </p>
                {quote.explanation ? <p className="mt-1 text-sm text-slate-700">{quote.explanation}</p> : null}
              </div>
            ) : null}
            {/* Cancelling never waits for the refund's amount: the confirmation stays when the quote failed. */}
            <CancelConfirmation policyId={policy.id} />
            {options.canManageBilling ? (
              <div className="border-t border-slate-200 pt-4">
                <p className="mb-2 text-sm text-slate-700">Only need to update your card or see invoices?</p>
                <BillingButton policy={policy} />
              </div>
            ) : null}
          </div>
        ) : (
          <div className="space-y-4">
            <h2 className="text-xl font-semibold text-slate-900">Cancellation not available yet</h2>
            <PolicyCancelControls policy={policy} />
            <p className="text-sm text-slate-700">
              If you turn off renewal, your policy ends when your commitment does and you are not charged after that.
            </p>
          </div>
        )}
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Cancel policy', 'Cancel a Glass Plan windshield protection policy.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
