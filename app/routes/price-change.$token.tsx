import { Form, Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { PolicyPageHeader } from '~/components/policy-page-header'
import { Button, Card } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { PRICE_CHANGE_MESSAGES } from '~/domain/messages'
import { cancelPath, priceConsentPath } from '~/domain/paths'
import { acceptPriceIncrease, describeConsent, findConsentNotice } from '~/models/policies/price-changes.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, notFound } from '~/utils/refusal'

import type { Route } from './+types/price-change.$token'

/**
 * A higher price the customer's state lets reach them only with their consent: the notice's link leads here, and the
 * signed-in owner of the policy accepts it (docs/decisions/051-price-increase-consent-by-signed-in-owner.md). An unknown
 * link and another customer's are the same 404.
 */
export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const found = findConsentNotice(params.token, customer.id)
  if (!found) notFound()
  return { consent: describeConsent(found), cancelPath: cancelPath(found.policy.id) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  try {
    acceptPriceIncrease(params.token, customer.id)
    const found = findConsentNotice(params.token, customer.id)
    if (!found) notFound()
    return redirectWithToast(priceConsentPath(params.token), {
      type: 'success',
      ...PRICE_CHANGE_MESSAGES.consentAccepted(describeConsent(found).startsOn),
    })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error)
  }
}

export const meta: Route.MetaFunction = () => pageMeta('Accept the new price', 'Accept a new price for your Glass Plan policy.')

export default function PriceChangeConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consent } = loaderData
  const pending = useIsPending()
  const per = consent.yearly ? 'year' : 'month'
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PolicyPageHeader title="A new price for your plan" toast={actionData?.toast}>
        {consent.planName} · Policy <span className="font-mono text-sm">{consent.policyNumber}</span>
      </PolicyPageHeader>
      <Card className="mt-6 space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
          <dt className="font-medium">Your price now</dt>
          <dd data-testid="old-price">
            {consent.oldPrice} / {per}
          </dd>
          <dt className="font-medium">The new price</dt>
          <dd data-testid="new-price">
            {consent.newPrice} / {per}
          </dd>
          <dt className="font-medium">First charged on</dt>
          <dd>{formatLongDate(consent.startsOn)}</dd>
        </dl>
        {consent.acceptedAt ? (
          <p className="font-semibold text-slate-900" data-testid="consent-accepted">
            You accepted the new price on {formatLongDate(consent.acceptedAt)}.
          </p>
        ) : consent.closed ? (
          <p className="text-slate-800">{PRICE_CHANGE_MESSAGES.consentClosed.description}</p>
        ) : (
          <>
            <p className="text-slate-700">
              The law of your state lets a higher price reach you only if you agree to it. If you do not accept it, your plan stays at{' '}
              {consent.oldPrice} / {per}.
            </p>
            <Form method="post">
              <Button type="submit" disabled={pending}>
                {pending ? 'Accepting…' : 'Accept the new price'}
              </Button>
            </Form>
            <p className="text-sm text-slate-700">
              Would rather stop?{' '}
              <Link to={loaderData.cancelPath} className="text-brand-700 underline-offset-2 hover:underline">
                Renewal and cancelling
              </Link>
            </p>
          </>
        )}
      </Card>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
