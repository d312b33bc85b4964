import { parseWithZod } from '@conform-to/zod/v4'
import { eq } from 'drizzle-orm'
import { data, Form, Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { CreditsList } from '~/components/credits'
import { CardGrid, ClaimCards, ClaimsSection, DashboardGreeting, PoliciesSection } from '~/components/dashboard'
import { MailingAddressForm } from '~/components/mailing-address-form'
import { PolicyCard } from '~/components/policy-card'
import { CancelPolicyButton, RenewalLink } from '~/components/signup/cancel-policy'
import { StateSelect } from '~/components/state-select'
import { TextsCard } from '~/components/texts-card'
import { Toast } from '~/components/toast'
import { Button, buttonClass, ButtonLink, Card, Field } from '~/components/ui'
import { WalletLinks } from '~/components/wallet-links'
import { db } from '~/db/client.server'
import { profiles } from '~/db/schema'
import { DASHBOARD_LOAD_FAILED, PROFILE_NOT_FOUND, STATE_MESSAGES } from '~/domain/messages'
import { billingPath, contractPath, ownershipTransferPath, transferPath } from '~/domain/paths'
import { reachInWords } from '~/domain/phones'
import { cancellationMayRefund, offersWalletCard } from '~/domain/policies'
import { stateName } from '~/domain/state-rules'
import { logger } from '~/logger.server'
import { customerDashboard, greetingNameOf } from '~/models/people/customer-dashboard.server'
import { setMissingGoverningState } from '~/models/policies/governing-state.server'
import { walletsOffered } from '~/models/policies/wallet-card.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerSubmission, resultErrors } from '~/utils/refusal'
import { GoverningStateSchema } from '~/validation/signup'

import type { Route } from './+types/customer'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const profile = db().select().from(profiles).where(eq(profiles.id, customer.id)).get()
  if (!profile) throw await redirectWithToast('/', { type: 'error', title: PROFILE_NOT_FOUND })
  const greetingName = greetingNameOf(profile)

  try {
    return { ...customerDashboard(profile), wallets: walletsOffered() }
  } catch (error) {
    logger.error({ profileId: profile.id, err: error }, 'dashboard failed to load')
    return data(
      {
        greetingName,
        email: profile.email,
        reachBy: reachInWords(profile),
        policies: [],
        transferable: [] as string[],
        sellable: [] as string[],
        switchable: [] as string[],
        claims: [],
        credits: [],
        askState: false,
        texts: null,
        wallets: { apple: false, google: false },
        mailing: null,
        loadError: true as const,
        now: new Date().toISOString(),
      },
      { status: 500 },
    )
  }
}

/** The dashboard's one form: the state of residence for the customer's plans that have none yet. */
export async function action({ request }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: GoverningStateSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...STATE_MESSAGES.required } })
  const state = submission.value.governingState
  setMissingGoverningState(customer.id, state)
  return redirectWithToast('/customer', { type: 'success', ...STATE_MESSAGES.saved(stateName(state)) })
}

export default function CustomerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    greetingName,
    email,
    reachBy,
    policies,
    transferable,
    sellable,
    switchable,
    claims,
    credits,
    askState,
    texts,
    wallets,
    mailing,
    loadError,
    now,
  } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <DashboardGreeting name={greetingName} />
      {loadError ? <Toast toast={{ type: 'error', ...DASHBOARD_LOAD_FAILED }} className="mt-6" /> : null}
      <Toast toast={actionData?.toast} className="mt-6" />
      {askState ? <AskStateCard errors={resultErrors(actionData?.result).governingState} /> : null}
      {mailing && mailing.held > 0 ? (
        // A letter is due and has no address: asked first, until it is given.
        <MailingAddressForm address={mailing.address} held={mailing.held} idPrefix="dashboard-address" />
      ) : null}

      <PoliciesSection>
        {policies.length > 0 ? (
          <CardGrid>
            {policies.map((policy) => (
              <PolicyCard
                key={policy.id}
                policy={policy}
                now={now}
                cancelSlot={<CancelPolicyButton policyId={policy.id} onPage={cancellationMayRefund(policy, now)} />}
                extraActions={
                  <>
                    <RenewalLink policy={policy} now={now} />
                    <PolicyActionLink to={contractPath(policy.id)}>Plan documents</PolicyActionLink>
                    {switchable.includes(policy.id) ? (
                      <PolicyActionLink to={billingPath(policy.id)}>Switch to yearly billing</PolicyActionLink>
                    ) : null}
                    {transferable.includes(policy.id) ? (
                      <PolicyActionLink to={transferPath(policy.id)}>Transfer to a new vehicle</PolicyActionLink>
                    ) : null}
                    {sellable.includes(policy.id) ? (
                      <PolicyActionLink to={ownershipTransferPath(policy.id)}>Transfer to the next owner</PolicyActionLink>
                    ) : null}
                    {offersWalletCard(policy) ? <WalletLinks policyId={policy.id} wallets={wallets} className={ACTION_LINK} /> : null}
                  </>
                }
              />
            ))}
          </CardGrid>
        ) : loadError ? null : (
          <Card className="mt-4 text-center">
            <p className="text-lg font-medium text-slate-900">No policies yet</p>
            <p className="mt-1 text-slate-700">Protect your windshield with a plan that fits your vehicle.</p>
            <ButtonLink to="/signup" className="mt-4">
              View Plans
            </ButtonLink>
          </Card>
        )}
      </PoliciesSection>

      <ClaimsSection>
        {claims.length > 0 ? (
          <ClaimCards claims={claims} />
        ) : loadError ? null : (
          <Card className="mt-4 text-center">
            <p className="text-lg font-medium text-slate-900">No claims yet</p>
          </Card>
        )}
      </ClaimsSection>

      {credits.length > 0 ? (
        // Credits for missed service promises and those the operator gave: only shown once there is one.
        <section id="credits" aria-labelledby="credits-heading" className="mt-12 scroll-mt-24">
          <h2 id="credits-heading" className="text-2xl font-semibold text-slate-900">
            Your Credits
          </h2>
          <div className="mt-4">
            <CreditsList credits={credits} />
          </div>
        </section>
      ) : null}

      {texts ? <TextsCard texts={texts} /> : null}
      {mailing && mailing.held === 0 ? <MailingAddressForm address={mailing.address} idPrefix="dashboard-address" collapsed /> : null}
      <AccountSection email={email} reachBy={reachBy} />
    </div>
  )
}

/** A link under a policy card's buttons: tall enough to tap on a phone. */
const ACTION_LINK = 'inline-flex items-center text-sm font-medium text-slate-700 underline hover:text-slate-900 max-sm:min-h-11'

function PolicyActionLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={ACTION_LINK}>
      {children}
    </Link>
  )
}

function AskStateCard({ errors }: { errors: string[] | undefined }) {
  const busy = useIsPending({ formMethod: 'POST', formAction: '/customer' })
  return (
    <Card className="mt-6" role="region" aria-labelledby="ask-state-heading">
      <h2 id="ask-state-heading" className="text-lg font-semibold text-slate-900">
        Which state do you live in?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your state&apos;s law decides your cancellation and refund rights. Until you tell us, we apply the most protective rules.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="set-state" />
        <Field label="State of residence" htmlFor="ask-state" errors={errors} errorId="ask-state-error" className="min-w-64">
          <StateSelect id="ask-state" name="governingState" errorId="ask-state-error" invalid={Boolean(errors?.length)} />
        </Field>
        <Button type="submit" disabled={busy}>
          Save my state
        </Button>
      </Form>
    </Card>
  )
}

function AccountSection({ email, reachBy }: { email: string; reachBy: string }) {
  const busy = useIsPending({ formAction: '/auth/sign-out-others' })
  return (
    <section aria-labelledby="account-heading" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
        Account
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Signed in as <span className="font-medium text-slate-900">{email}</span>. Signed in on a shared or lost device?
      </p>
      <Form method="post" action="/auth/sign-out-others" className="mt-3">
        <button type="submit" className={buttonClass('secondary')} disabled={busy}>
          {busy ? 'Signing out other devices...' : 'Sign out of other devices'}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700">
        <Link to="/customer/privacy" className="font-medium text-brand-700 underline">
          Privacy &amp; your data
        </Link>
        : download your data, correct your details or e-mail address, or delete your account.
      </p>
      <p className="mt-2 text-sm text-slate-700" data-testid="reach-by">
        A repair shop will reach you {reachBy}.{' '}
        <Link to="/customer/privacy" className="font-medium text-brand-700 underline">
          Change your phone number
        </Link>
      </p>
    </section>
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Your dashboard', 'Your Glass Plan policies and windshield claims.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
