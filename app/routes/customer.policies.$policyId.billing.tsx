import { Form } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { PolicyPageHeader } from '~/components/policy-page-header'
import { Button, Card } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { planName, pricePer, yearlySavingPercent } from '~/domain/plans'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { requestYearlySwitch, yearlySwitchOffer } from '~/models/policies/yearly-switch.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { invariantResponse } from '~/utils/invariant'
import { pageMeta } from '~/utils/meta'
import { answerRefusal, notFound } from '~/utils/refusal'

import type { Route } from './+types/customer.policies.$policyId.billing'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** GET: what switching to yearly billing would mean (price, date); POST: do it (the policy card links here). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const policy = getPolicyForProfile(customer.id, params.policyId)
  if (!policy) notFound()
  const offer = await yearlySwitchOffer(policy)
  return {
    policy: {
      id: policy.id,
      policyNumber: policy.policyNumber,
      planName: planName(policy),
      price: pricePer(policy.monthlyPriceCents, policy.billingInterval),
      yearly: policy.billingInterval === 'year',
      yearlySwitchAt: policy.yearlySwitchAt,
    },
    offer: offer
      ? {
          price: pricePer(offer.yearlyCents, 'year'),
          at: offer.at,
          saving: yearlySavingPercent(policy.monthlyPriceCents, offer.yearlyCents),
        }
      : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const formData = await request.formData()
  invariantResponse(formData.get('intent') === 'switch-yearly', 'Unknown request.')
  try {
    const { message } = await requestYearlySwitch(customer.id, params.policyId)
    return redirectWithToast('/customer', { type: 'success', ...message })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error)
  }
}

export default function PolicyBillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, offer } = loaderData
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PolicyPageHeader title="Switch to yearly billing" toast={actionData?.toast}>
        {policy.planName} · {policy.price} · Policy <span className="font-mono text-sm">{policy.policyNumber}</span>
      </PolicyPageHeader>
      <Card className="mt-6">
        {policy.yearly ? (
          <p className="text-slate-800">This plan is already billed once a year.</p>
        ) : policy.yearlySwitchAt ? (
          <p className="text-slate-800">This plan switches to yearly billing on {formatLongDate(policy.yearlySwitchAt)}.</p>
        ) : offer ? (
          <div className="space-y-4">
            <p className="text-slate-800">
              Pay {offer.price}
              {offer.saving > 0 ? ` (save ${offer.saving} %)` : ''} once a year instead of every month. Your current month is already paid:
              the yearly price is first charged on {formatLongDate(offer.at)}, and your plan then renews every year on that day.
            </p>
            <p className="text-sm text-slate-700">
              Your commitment, your coverage and your one replacement per plan year stay as they are.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="switch-yearly" />
              <Button type="submit">Switch to yearly billing</Button>
            </Form>
          </div>
        ) : (
          <p className="text-slate-800">Yearly billing is not available for this plan right now.</p>
        )}
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Switch to yearly billing', 'Pay for a Glass Plan policy once a year.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
