import { useEffect, useState } from 'react'

import { CardGrid, ClaimCards, ClaimsSection, DashboardGreeting, PoliciesSection } from '~/components/dashboard'
import {
  canCancelDemoPolicy,
  DEMO_CUSTOMER,
  DEMO_DELAYS,
  demoCancelledIds,
  type DemoClaimCard,
  demoClaimCards,
  demoDashboardPath,
  demoPolicyCards,
  demoSubmitClaimPath,
  demoWizardPath,
  findDemoPolicy,
} from '~/components/demo/sample-data'
import { wait } from '~/components/demo/simulate'
import { PolicyCard, type PolicyCardData } from '~/components/policy-card'
import { CancelConfirmation, CancelPolicyButton } from '~/components/signup/cancel-policy'
import { Toast } from '~/components/toast'
import { ButtonLink, Card, Spinner } from '~/components/ui'
import { CANCEL_FAILED, CANCEL_SUCCESS, type ToastMessage } from '~/domain/messages'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useHydrated } from '~/utils/use-hydrated'

import type { Route } from './+types/demo.customer'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/**
 * The demo dashboard: the real dashboard's cards over sample data. With JavaScript the samples
 * "load" for a second and cancelling is simulated in the browser; without it the page is rendered at once and the
 * cancel form posts to this route's action, which only echoes the result (docs/decisions/012-demo.md): nothing is saved.
 */

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const cancelled = demoCancelledIds(url)
  const asked = findDemoPolicy(url.searchParams.get('cancel'))
  return {
    greetingName: DEMO_CUSTOMER.fullName,
    policies: demoPolicyCards(),
    claims: demoClaimCards(),
    cancelled,
    // Without JavaScript 'Cancel Policy' leads here to confirm (with it, a dialog opens instead).
    confirmCancelId: asked && canCancelDemoPolicy(asked) && !cancelled.includes(asked.id) ? asked.id : null,
    cancelSuccess: { type: 'success' as const, ...CANCEL_SUCCESS },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url)
  const cancelled = demoCancelledIds(url)
  const form = await request.formData()
  const policy = findDemoPolicy(url.searchParams.get('cancel'))
  if (form.get('intent') !== 'cancel' || !policy || !canCancelDemoPolicy(policy)) {
    throw await redirectWithToast(demoDashboardPath(cancelled), { type: 'error', title: CANCEL_FAILED })
  }
  // The echo: the dashboard again, with this policy shown as cancelled. No database, no e-mail.
  const next = cancelled.includes(policy.id) ? cancelled : [...cancelled, policy.id]
  throw await redirectWithToast(demoDashboardPath(next), { type: 'success', ...CANCEL_SUCCESS })
}

type SamplesProps = {
  policies: PolicyCardData[]
  claims: DemoClaimCard[]
  cancelled: string[]
  /** With JavaScript: simulate the cancellation. */
  onCancel?: (policyId: string) => Promise<void>
}

function withCancellations(policies: PolicyCardData[], cancelled: string[]): PolicyCardData[] {
  return policies.map((policy) => (cancelled.includes(policy.id) ? { ...policy, status: 'canceled' as const } : policy))
}

/** The two sections with the real cards; the buttons lead to the demo's own pages. */
function Samples({ policies, claims, cancelled, onCancel }: SamplesProps) {
  return (
    <>
      <PoliciesSection>
        <CardGrid>
          {withCancellations(policies, cancelled).map((policy) => (
            <PolicyCard
              key={policy.id}
              policy={policy}
              completeSetupHref={demoWizardPath(policy.id)}
              submitClaimHref={demoSubmitClaimPath(policy.id)}
              cancelSlot={
                <CancelPolicyButton
                  policyId={policy.id}
                  href={demoDashboardPath(cancelled, policy.id)}
                  action={demoDashboardPath(cancelled, policy.id)}
                  keepHref={demoDashboardPath(cancelled)}
                  onConfirm={onCancel ? () => onCancel(policy.id) : undefined}
                />
              }
            />
          ))}
        </CardGrid>
      </PoliciesSection>
      <ClaimsSection>
        <ClaimCards claims={claims} />
      </ClaimsSection>
    </>
  )
}

/** With JavaScript: a second of simulated loading, then the samples; cancelling waits the demo's 1.5 seconds. */
function SimulatedSamples({
  policies,
  claims,
  cancelled: initiallyCancelled,
  cancelSuccess,
}: SamplesProps & { cancelSuccess: ToastMessage }) {
  const [loaded, setLoaded] = useState(false)
  const [cancelled, setCancelled] = useState(initiallyCancelled)
  const [toast, setToast] = useState<ToastMessage | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), DEMO_DELAYS.load)
    return () => clearTimeout(timer)
  }, [])

  async function cancel(policyId: string) {
    setToast(null)
    await wait(DEMO_DELAYS.cancel)
    setCancelled((current) => (current.includes(policyId) ? current : [...current, policyId]))
    setToast(cancelSuccess)
  }

  if (!loaded) {
    return (
      <div className="mt-10 flex justify-center py-16 text-brand-700" data-testid="demo-loading">
        <Spinner label="Loading sample policies and claims" />
      </div>
    )
  }
  return (
    <>
      {toast ? <Toast toast={toast} className="mt-6" /> : null}
      <Samples policies={policies} claims={claims} cancelled={cancelled} onCancel={cancel} />
    </>
  )
}

export default function DemoDashboard({ loaderData }: Route.ComponentProps) {
  const { greetingName, policies, claims, cancelled, confirmCancelId, cancelSuccess } = loaderData
  const hydrated = useHydrated()

  if (confirmCancelId) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Card>
          <CancelConfirmation
            policyId={confirmCancelId}
            action={demoDashboardPath(cancelled, confirmCancelId)}
            keepHref={demoDashboardPath(cancelled)}
          />
        </Card>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <DashboardGreeting name={greetingName} />
        <ButtonLink to="/#pricing" variant="secondary">
          View Plans
        </ButtonLink>
      </div>
      {/* Without JavaScript the server's rendering below is the page; with it, the simulated load takes over. The
          screen's height is held for it, so the footer does not jump down when the samples arrive. */}
      <div className="min-h-screen">
        {hydrated ? <SimulatedSamples policies={policies} claims={claims} cancelled={cancelled} cancelSuccess={cancelSuccess} /> : null}
        <noscript>
          <Samples policies={policies} claims={claims} cancelled={cancelled} />
        </noscript>
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Demo dashboard', 'See the Glass Plan customer dashboard with sample policies and claims: no sign-in needed.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
