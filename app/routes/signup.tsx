import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'

import { checkoutRateLimited } from '~/auth/checkout-limits.server'
import { getProfile } from '~/auth/session.server'
import { ConfigurePlan } from '~/components/signup/configure-plan'
import { PlanChooser } from '~/components/signup/plan-chooser'
import { Toast } from '~/components/toast'
import { siteTermsOfService } from '~/content/site-legal'
import { TOS_VERSION } from '~/content/terms'
import {
  ADAS_REQUIRED,
  CHECKOUT_ERROR,
  CONSENT_MESSAGES,
  PRICING_ERROR,
  STATE_MESSAGES,
  TERMS_REQUIRED,
  type ToastMessage,
  UNKNOWN_PLAN,
} from '~/domain/messages'
import { parsePlanType, parseVehicleType } from '~/domain/plans'
import { consentFacts } from '~/models/people/consents.server'
import { isEsignPdfCode } from '~/models/people/esign-code.server'
import { CheckoutRefused, loadPricing, startCheckout } from '~/models/policies/checkout.server'
import { legalParties } from '~/models/policies/contract.server'
import { useRootData } from '~/root'
import { routeRules } from '~/server/route-rules'
import { clientOf } from '~/server/server-facts.server'
import { formPastHoneypot, honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { answerSubmission, refusalOf } from '~/utils/refusal'
import { lookupKeyOf, SignupSchema, signupState } from '~/validation/signup'

import type { Route } from './+types/signup'
import { partnerFor, shownPriceFor } from './signup.server'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const partner = partnerFor(params.slug)
  const url = new URL(request.url)
  const prices = await loadPricing()
  return {
    partner,
    planType: parsePlanType(url.searchParams.get('planType')),
    vehicleType: parseVehicleType(url.searchParams.get('vehicleType')) ?? 'car',
    prices,
    pricingToast: prices ? null : ({ type: 'error', ...PRICING_ERROR } satisfies ToastMessage),
    honeypot: honeypotProps(),
    // The terms are rendered on the server and handed to the page as data: its JavaScript then carries no legal text.
    terms: { document: siteTermsOfService(legalParties()), version: TOS_VERSION },
    // The form's HTML constraints from its schema, read here: the page's JavaScript carries no zod, and the action
    // checks every submission (Conform shows its answer beside each field).
    constraint: getZodConstraint(SignupSchema),
    // The renewal terms date the first renewal's deadline from now; read once here so the page and its hydration agree.
    offeredAt: new Date().toISOString(),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const partner = partnerFor(params.slug)
  // A bot's post (the honeypot filled in) is answered as an empty form for the plan it chose.
  const formData = formPastHoneypot(await request.formData(), ['planType'])
  const planType = parsePlanType(formData.get('planType'))
  const submission = parseWithZod(formData, { schema: SignupSchema })
  if (submission.status !== 'success') {
    const errors = submission.error ?? {}
    const toast = errors.hasAdas
      ? ADAS_REQUIRED
      : errors.acceptTerms
        ? TERMS_REQUIRED
        : errors.acceptRenewal
          ? CONSENT_MESSAGES.renewalRequired
          : errors.acceptEsign
            ? CONSENT_MESSAGES.esignRequired
            : errors.esignCode
              ? CONSENT_MESSAGES.esignCodeRequired
              : errors.governingState
                ? STATE_MESSAGES.required
                : { title: CHECKOUT_ERROR.title, description: UNKNOWN_PLAN }
    return answerSubmission(submission, { planType, toast: { type: 'error', ...toast }, prices: null })
  }

  const limited = checkoutRateLimited({ request, context })
  if (limited) {
    return answerSubmission(submission, {
      planType,
      prices: null,
      status: 429,
      headers: { 'Retry-After': String(limited.retryAfterSeconds) },
      formErrors: [limited.description],
      toast: { type: 'error', title: limited.title, description: limited.description },
    })
  }

  const value = submission.value
  // The code read in the disclosure's PDF: a wrong one is refused by its field, nothing started.
  if (!isEsignPdfCode(value.esignCode)) {
    const wrong = CONSENT_MESSAGES.esignCodeWrong
    return answerSubmission(submission, {
      planType,
      prices: null,
      status: 400,
      fieldErrors: { esignCode: [wrong.description] },
      toast: { type: 'error', ...wrong },
    })
  }
  const lookupKey = lookupKeyOf(value)
  const profile = await getProfile(request)
  const basePath = partner ? `/signup/${partner.slug}` : '/signup'
  let url: string
  try {
    url = await startCheckout({
      lookupKey,
      shownPriceCents: shownPriceFor(value.shownPrices, lookupKey),
      partnerLocationId: partner?.id ?? null,
      tosAcceptedAt: new Date().toISOString(),
      governingState: signupState(value),
      consent: consentFacts(clientOf({ request, context })),
      profile: profile ? { id: profile.id, email: profile.email } : null,
      cancelPath: `${basePath}?planType=${value.planType}${value.planType === 'comprehensive' ? `&vehicleType=${value.vehicleType}` : ''}`,
    })
  } catch (error) {
    if (!(error instanceof CheckoutRefused)) throw error
    const { toast, status } = refusalOf(error)
    // A refusal about one field (a state where the product is not sold) shows next to it; others above the button.
    const where = error.field === 'form' ? { formErrors: [error.message] } : { fieldErrors: { [error.field]: [error.message] } }
    return answerSubmission(submission, { planType, toast, status, ...where, prices: error.prices })
  }
  return redirect(url, 303)
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { partner } = loaderData
  const planType = actionData?.planType ?? loaderData.planType
  const prices = actionData?.prices ?? loaderData.prices
  const basePath = partner ? `/signup/${partner.slug}` : '/signup'
  const supportEmail = useRootData()?.contact.supportEmail ?? 'support@glassplan.example'
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 space-y-3" aria-live="polite">
        <Toast toast={actionData?.toast ?? loaderData.pricingToast} />
      </div>
      {planType ? (
        <ConfigurePlan
          // A new plan (or a fresh error) starts a fresh form: defaults come from the URL or from the last submission.
          key={planType}
          planType={planType}
          vehicleType={loaderData.vehicleType}
          prices={prices}
          partnerName={partner?.name ?? null}
          basePath={basePath}
          honeypot={loaderData.honeypot}
          terms={loaderData.terms}
          constraint={loaderData.constraint}
          offeredAt={loaderData.offeredAt}
          lastResult={actionData?.result ?? undefined}
          supportEmail={supportEmail}
        />
      ) : (
        <PlanChooser prices={prices} partnerName={partner?.name ?? null} basePath={basePath} />
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Sign up', 'Choose a windshield protection plan: chip repair or comprehensive coverage, zero deductible.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
