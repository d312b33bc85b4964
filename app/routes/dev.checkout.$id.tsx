import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { eq } from 'drizzle-orm'
import { Form, Link, redirect } from 'react-router'

import { Button, Card, Field, inputClass } from '~/components/ui'
import { db } from '~/db/client.server'
import { localCheckouts, ownershipTransfers, policies, profiles } from '~/db/schema'
import { paidPeriodCarriedOver } from '~/domain/billing'
import { formatLongDate, formatPrice } from '~/domain/format'
import { OWNERSHIP_TRANSFER_MESSAGES } from '~/domain/messages'
import { intervalOf, isLookupKey, planForLookupKey, planName } from '~/domain/plans'
import { env } from '~/env.server'
import { explainRefund, localRefundsOfCheckout } from '~/models/money/refunds.server'
import { fulfilPaidCheckout } from '~/models/policies/fulfilment.server'
import { commitmentTakenOver } from '~/models/policies/ownership-transfer.server'
import { routeRules } from '~/server/route-rules'
import { requireLocalTools } from '~/server/security.server'
import { findLocalCheckout } from '~/services/local-payments.server'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerSubmission, isNotFound, notFound } from '~/utils/refusal'
import { LocalPaySchema } from '~/validation/signup'

import type { Route } from './+types/dev.checkout.$id'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const SUCCESS_URL = '/checkout-success?checkout=success'

/**
 * The local stand-in for Stripe's hosted checkout; it does not exist while Stripe is live, nor for anyone
 * but this machine (requireLocalTools).
 */
function requireLocalCheckout(args: Parameters<typeof requireLocalTools>[0], id: string | undefined) {
  requireLocalTools(args)
  if (!(env().payments === 'local' && id)) notFound()
  const checkout = findLocalCheckout(id)
  if (!(checkout && isLookupKey(checkout.lookupKey))) notFound()
  return { ...checkout, lookupKey: checkout.lookupKey }
}

/** What the buyer commits to: a new plan's 12 months, or the rest of the commitment a transfer takes over. */
function commitmentOf(checkout: { lookupKey: Parameters<typeof intervalOf>[0]; ownershipTransferId: string | null }) {
  const takenOver = checkout.ownershipTransferId
    ? db()
        .select({ initialTermEndsAt: policies.initialTermEndsAt })
        .from(ownershipTransfers)
        .innerJoin(policies, eq(policies.id, ownershipTransfers.policyId))
        .where(eq(ownershipTransfers.id, checkout.ownershipTransferId))
        .get()
    : undefined
  if (takenOver) return commitmentTakenOver(takenOver)
  return intervalOf(checkout.lookupKey) === 'year' ? '12 months, then year to year' : '12 months, then month to month'
}

/** A next owner's Florida plan starts with the seller's paid period: the day of the first charge, or null (today). */
function firstChargeOf(checkout: { ownershipTransferId: string | null }) {
  if (!checkout.ownershipTransferId) return null
  const policy = db()
    .select({ policy: policies })
    .from(ownershipTransfers)
    .innerJoin(policies, eq(policies.id, ownershipTransfers.policyId))
    .where(eq(ownershipTransfers.id, checkout.ownershipTransferId))
    .get()?.policy
  const carried = policy ? paidPeriodCarriedOver(policy, new Date()) : null
  return carried ? formatLongDate(carried) : null
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const checkout = requireLocalCheckout({ request, context }, params.id)
  const plan = planForLookupKey(checkout.lookupKey)
  // A known buyer is not asked again for what the account holds (WCAG 2.2, 3.3.7): the e-mail, and the name once given.
  const buyer = checkout.profileId
    ? db().select({ email: profiles.email, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, checkout.profileId)).get()
    : undefined
  const buyerEmail = buyer?.email ?? null
  return {
    checkout: {
      id: checkout.id,
      status: checkout.status,
      planName: planName(plan),
      adas: plan.hasAdas === null ? null : plan.hasAdas ? 'Has ADAS' : 'No ADAS',
      yearly: intervalOf(checkout.lookupKey) === 'year',
      commitment: commitmentOf(checkout),
      firstChargeOn: firstChargeOf(checkout),
      /** A month's price, or a year's for a yearly plan. */
      monthlyPrice: formatPrice(checkout.amountCents),
      cancelPath: checkout.cancelPath,
    },
    buyerEmail,
    buyerName: buyer?.fullName ?? null,
    // A cancellation with a refund records it here, since no card was charged to refund.
    refunds: localRefundsOfCheckout(checkout.id).map((refund) => ({
      id: refund.id,
      policyId: refund.policyId,
      amount: formatPrice(refund.amountCents),
      on: formatLongDate(refund.succeededAt ?? refund.createdAt),
      explanation: explainRefund(refund),
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const checkout = requireLocalCheckout({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: LocalPaySchema })
  if (submission.status !== 'success') return answerSubmission(submission)
  // Paying twice (a double click, Back then Pay) lands on the same page; fulfilment is idempotent on the session.
  const fulfilled = await fulfilPaidCheckout({
    checkoutSessionId: checkout.id,
    email: submission.value.email,
    fullName: submission.value.fullName,
    lookupKey: checkout.lookupKey,
    monthlyPriceCents: checkout.amountCents,
    partnerLocationId: checkout.partnerLocationId,
    tosVersion: checkout.tosVersion,
    tosAcceptedAt: checkout.tosAcceptedAt,
    governingState: checkout.governingState,
    consent: checkout.consent,
    profileId: checkout.profileId,
    ownershipTransferId: checkout.ownershipTransferId,
  })
  if (checkout.status === 'open') {
    db()
      .update(localCheckouts)
      .set({
        status: 'complete',
        email: submission.value.email,
        fullName: submission.value.fullName,
        completedAt: new Date().toISOString(),
      })
      .where(eq(localCheckouts.id, checkout.id))
      .run()
  }
  if (checkout.ownershipTransferId) {
    // Taking over a policy: straight to the dashboard, where it is active (nothing to set up), or why it is not.
    throw await redirectWithToast(
      '/customer',
      fulfilled.policy
        ? { type: 'success', ...OWNERSHIP_TRANSFER_MESSAGES.paid }
        : { type: 'error', ...OWNERSHIP_TRANSFER_MESSAGES.planEnded },
    )
  }
  return redirect(SUCCESS_URL, 303)
}

export default function LocalCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, buyerEmail, buyerName, refunds } = loaderData
  const busy = useIsPending()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(LocalPaySchema),
    defaultValue: { email: buyerEmail ?? '', fullName: buyerName ?? '' },
    shouldValidate: 'onBlur',
    // Clear a fixed field's error while typing, so the layout doesn't move under the Pay click.
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LocalPaySchema }),
  })

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-950">
        Test mode — no card is charged
      </p>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Test checkout</h1>
        <dl className="mt-4 space-y-1 text-slate-800">
          <div className="flex justify-between gap-4">
            <dt>Plan</dt>
            <dd className="font-medium" data-testid="checkout-plan">
              {checkout.planName}
              {checkout.adas ? ` (${checkout.adas})` : ''}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{checkout.yearly ? 'Yearly price' : 'Monthly price'}</dt>
            <dd className="font-medium" data-testid="checkout-price">
              {checkout.monthlyPrice} / {checkout.yearly ? 'year' : 'month'}
            </dd>
          </div>
          <div className="flex justify-between gap-4 text-sm text-slate-700">
            <dt>Commitment</dt>
            <dd>{checkout.commitment}</dd>
          </div>
          {checkout.firstChargeOn ? (
            <div className="flex justify-between gap-4 text-sm text-slate-700">
              <dt>Due today</dt>
              <dd data-testid="checkout-first-charge">$0.00 (already paid until {checkout.firstChargeOn}; first charge then)</dd>
            </div>
          ) : null}
        </dl>

        {checkout.status === 'complete' ? (
          <p className="mt-6 rounded-lg bg-green-50 p-3 text-sm text-green-950">
            This checkout is already paid.{' '}
            <Link to={SUCCESS_URL} className="font-medium underline">
              Continue
            </Link>
          </p>
        ) : null}

        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
            <input
              {...getInputProps(fields.email, { type: 'email' })}
              autoComplete="email"
              readOnly={Boolean(buyerEmail)}
              className={inputClass}
            />
          </Field>
          <Field label="Full name" htmlFor={fields.fullName.id} errors={fields.fullName.errors} errorId={fields.fullName.errorId}>
            <input {...getInputProps(fields.fullName, { type: 'text' })} autoComplete="name" className={inputClass} />
          </Field>
          <Button type="submit" className="w-full py-3 text-base" disabled={busy}>
            {busy ? 'Processing...' : 'Pay'}
          </Button>
        </Form>
        {refunds.length ? (
          <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby="refunds-heading">
            <h2 id="refunds-heading" className="text-lg font-semibold text-slate-900">
              Refunds (test mode — nothing is paid back)
            </h2>
            <ul className="mt-2 space-y-2 text-sm text-slate-800" data-testid="local-refunds">
              {refunds.map((refund) => (
                <li key={refund.id}>
                  <span className="font-medium">{refund.amount}</span> on {refund.on} · policy{' '}
                  <span className="font-mono text-xs">{refund.policyId}</span>
                  <span className="block text-slate-700">{refund.explanation}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="mt-4 text-center text-sm">
          <Link to={checkout.cancelPath} className="text-brand-700 underline-offset-2 hover:underline">
            ← Back to your plan
          </Link>
        </p>
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('Test checkout', 'The local stand-in for the payment page.', { noindex: true })

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
