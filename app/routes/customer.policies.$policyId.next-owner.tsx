import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { ownershipOfferLimited } from '~/auth/ownership-transfer-limits.server'
import { requireCustomer } from '~/auth/session.server'
import { PolicyPageHeader } from '~/components/policy-page-header'
import { Button, buttonClass, Card, Field, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { OWNERSHIP_TRANSFER_MESSAGES } from '~/domain/messages'
import { planName } from '~/domain/plans'
import { vehicleName } from '~/domain/vehicles'
import { offerToNextOwner, paidPeriodNote, sellersPaidPeriod, sellerView, withdrawOffer } from '~/models/policies/ownership-transfer.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, resultErrors, resultValues } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { SellerOfferFormSchema } from '~/validation/ownership-transfer'

import type { Route } from './+types/customer.policies.$policyId.next-owner'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const view = sellerView(customer.id, params.policyId)
  // Said before the seller offers the plan: what becomes of the period they have paid for.
  const paidPeriod = view.refusal || view.openOffer ? null : await sellersPaidPeriod(view.policy)
  const body = {
    policy: {
      id: view.policy.id,
      policyNumber: view.policy.policyNumber,
      planName: planName(view.policy),
      vehicle: view.policy.vehicle ? vehicleName(view.policy.vehicle, { withPlate: true }) : null,
      commitmentEnds: formatLongDate(view.policy.initialTermEndsAt),
    },
    refusal: view.refusal,
    paidPeriodCarriedUntil: view.paidPeriodCarriedUntil ? formatLongDate(view.paidPeriodCarriedUntil) : null,
    paidPeriod:
      paidPeriod?.kind === 'carried'
        ? OWNERSHIP_TRANSFER_MESSAGES.paidPeriodCarried(formatLongDate(paidPeriod.until))
        : paidPeriod
          ? [
              OWNERSHIP_TRANSFER_MESSAGES.paidPeriodRefunded,
              ...(paidPeriod.today && paidPeriod.today.amountCents > 0 && paidPeriod.today.paidUntil
                ? [
                    OWNERSHIP_TRANSFER_MESSAGES.paidPeriodRefundToday(
                      formatPrice(paidPeriod.today.amountCents),
                      formatLongDate(paidPeriod.today.paidUntil),
                    ),
                  ]
                : []),
            ].join(' ')
          : null,
    openOffer: view.openOffer
      ? { buyerEmail: view.openOffer.buyerEmail, status: view.openOffer.status, expiresOn: formatLongDate(view.openOffer.expiresAt) }
      : null,
  }
  return data(body, { status: view.refusal && !view.openOffer ? 409 : 200 })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  // Another customer's policy is a 404 before anything is read from the form.
  sellerView(customer.id, params.policyId)
  const submission = parseWithZod(await request.formData(), { schema: SellerOfferFormSchema })
  if (submission.status !== 'success') return answerSubmission(submission)
  try {
    if (submission.value.intent === 'withdraw') {
      withdrawOffer(customer, params.policyId)
      return redirectWithToast('/customer', { type: 'success', ...OWNERSHIP_TRANSFER_MESSAGES.withdrawn })
    }
    const limited = ownershipOfferLimited(customer.id, { request, context })
    if (limited) {
      return answerSubmission(submission, {
        status: 429,
        headers: { 'Retry-After': String(limited.retryAfterSeconds) },
        toast: { type: 'error', ...limited.message },
      })
    }
    const offer = await offerToNextOwner(customer, params.policyId, submission.value.buyerEmail)
    const note = paidPeriodNote(sellerView(customer.id, params.policyId).policy)
    return redirectWithToast('/customer', { type: 'success', ...OWNERSHIP_TRANSFER_MESSAGES.offered(offer.buyerEmail, note) })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error, submission)
  }
}

export default function NextOwnerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, refusal, openOffer, paidPeriod } = loaderData
  const errors = resultErrors(actionData?.result)
  const values = resultValues(actionData?.result)
  const offering = useIsPending({ intent: 'offer' })
  const withdrawing = useIsPending({ intent: 'withdraw' })
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PolicyPageHeader title="Transfer to the next owner" toast={actionData?.toast}>
        {policy.planName}
        {policy.vehicle ? ` · ${policy.vehicle}` : ''} · Policy <span className="font-mono text-sm">{policy.policyNumber}</span>
      </PolicyPageHeader>
      <Card className="mt-6">
        {openOffer ? (
          <div className="space-y-4">
            <h2 className="text-xl font-semibold text-slate-900">Offer sent</h2>
            <p className="text-slate-800">
              We e-mailed <span className="font-medium">{openOffer.buyerEmail}</span> a link to take over this plan
              {openOffer.status === 'accepted' ? '; they have accepted and are paying' : ''}. The link works until {openOffer.expiresOn}.
              The plan stays yours until they pay.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="withdraw" />
              <button type="submit" className={buttonClass('secondary')} disabled={withdrawing}>
                {withdrawing ? 'Withdrawing...' : 'Withdraw the offer'}
              </button>
            </Form>
          </div>
        ) : refusal ? (
          <div>
            <h2 className="text-xl font-semibold text-slate-900">{refusal.title}</h2>
            <p className="mt-2 text-slate-800">{refusal.description}</p>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-slate-800">
              Selling your vehicle? Its plan can go with it. The buyer takes over the rest of the commitment (until {policy.commitmentEnds})
              at today&apos;s price, and coverage continues without a new setup. When they pay, your subscription ends at once, without a
              fee. Claims already filed stay with the plan; the buyer sees only their code and status, never your name or e-mail.
            </p>
            {paidPeriod ? (
              <p className="text-slate-800" data-testid="seller-paid-period">
                {paidPeriod}
              </p>
            ) : null}
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="offer" />
              <Field label="Buyer's e-mail" htmlFor="buyerEmail" errors={errors.buyerEmail} errorId="buyerEmail-error">
                <input
                  id="buyerEmail"
                  name="buyerEmail"
                  type="email"
                  required
                  maxLength={MAX_LENGTH.email}
                  autoComplete="off"
                  defaultValue={values.buyerEmail ?? ''}
                  className={inputClass}
                  aria-invalid={errors.buyerEmail ? true : undefined}
                  aria-describedby={errors.buyerEmail ? 'buyerEmail-error' : undefined}
                />
              </Field>
              <Button type="submit" disabled={offering}>
                {offering ? 'Sending...' : 'Send the offer'}
              </Button>
            </Form>
          </div>
        )}
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Transfer to the next owner', "Offer your Glass Plan policy to your vehicle's buyer.")

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
