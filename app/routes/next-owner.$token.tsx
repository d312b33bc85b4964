import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'

import { checkoutRateLimited } from '~/auth/checkout-limits.server'
import { offerLookupLimited } from '~/auth/ownership-transfer-limits.server'
import { getProfile, requireCustomer } from '~/auth/session.server'
import { EsignCodeHint } from '~/components/signup/consents'
import { StateSelect } from '~/components/state-select'
import { Toast } from '~/components/toast'
import { Button, ButtonLink, Card, cx, Field, FieldError, inputClass } from '~/components/ui'
import { ESIGN_CONSENT_LABEL, esignDisclosure } from '~/content/esign'
import { renewalConsentText } from '~/content/renewal-consent'
import { RuleError } from '~/domain/errors'
import { CONSENT_MESSAGES, type Message } from '~/domain/messages'
import { ownershipOfferPath } from '~/domain/paths'
import type { StateCode } from '~/domain/state-rules'
import { consentFacts } from '~/models/people/consents.server'
import { isEsignPdfCode } from '~/models/people/esign-code.server'
import { acceptOffer, acceptRefusal, describeOffer, findOffer, offerRefusal } from '~/models/policies/ownership-transfer.server'
import { useRootData } from '~/root'
import { routeRules } from '~/server/route-rules'
import { clientOf } from '~/server/server-facts.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, resultErrors } from '~/utils/refusal'
import { AcceptOfferSchema } from '~/validation/ownership-transfer'

import type { Route } from './+types/next-owner.$token'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

type Refused = { title: string; description: string }

/** A page that only says why (a used, withdrawn or expired link; too many lookups), with its status. */
function refusedPage(message: Message, status: number, headers?: HeadersInit) {
  return data({ refused: { title: message.title, description: message.description } as Refused, offer: null }, { status, headers })
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const limited = offerLookupLimited({ request, context })
  if (limited) return refusedPage(limited.message, 429, { 'Retry-After': String(limited.retryAfterSeconds) })
  const found = findOffer(params.token)
  if (found.kind !== 'open') {
    const { message, status } = offerRefusal(found.kind)
    return refusedPage(message, status)
  }
  const profile = await getProfile(request)
  const refusal = profile ? acceptRefusal(found, profile) : null
  return data(
    {
      refused: null,
      offer: {
        ...(await describeOffer(found)),
        path: ownershipOfferPath(params.token),
        signedIn: Boolean(profile),
        refusal,
      },
    },
    { status: refusal ? 403 : 200 },
  )
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const limited = offerLookupLimited({ request, context })
  if (limited) return refusedPage(limited.message, 429, { 'Retry-After': String(limited.retryAfterSeconds) })
  const buyer = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: AcceptOfferSchema })
  if (submission.status !== 'success') return answerSubmission(submission)
  // The code read in the disclosure's PDF, as signup asks it: a wrong one is refused by its field, nothing started.
  if (!isEsignPdfCode(submission.value.esignCode)) {
    return answerSubmission(submission, {
      status: 400,
      fieldErrors: { esignCode: [CONSENT_MESSAGES.esignCodeWrong.description] },
      toast: { type: 'error', ...CONSENT_MESSAGES.esignCodeWrong },
    })
  }
  const checkoutLimited = checkoutRateLimited({ request, context })
  if (checkoutLimited) {
    return answerSubmission(submission, {
      status: 429,
      headers: { 'Retry-After': String(checkoutLimited.retryAfterSeconds) },
      toast: { type: 'error', title: checkoutLimited.title, description: checkoutLimited.description },
    })
  }
  try {
    const { checkoutUrl } = await acceptOffer(
      params.token,
      buyer,
      submission.value.state as StateCode,
      consentFacts(clientOf({ request, context })),
    )
    return redirect(checkoutUrl, 303)
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    // The link itself is no good (any more): the same page the loader shows.
    if (error.field === 'link') {
      return refusedPage({ title: error.title, description: error.message }, error.status)
    }
    return answerRefusal(error, submission)
  }
}

export default function NextOwnerOffer({ loaderData, actionData }: Route.ComponentProps) {
  const refused = (actionData && 'refused' in actionData ? actionData.refused : null) ?? loaderData.refused
  const answer = actionData && 'result' in actionData ? actionData : null
  const errors = resultErrors(answer?.result)
  const busy = useIsPending()
  const offer = loaderData.offer
  const supportEmail = useRootData()?.contact.supportEmail ?? 'support@glassplan.example'
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Take over a windshield plan</h1>
      {refused || !offer ? (
        <Card className="mt-6">
          <h2 className="text-xl font-semibold text-slate-900">{refused?.title}</h2>
          <p className="mt-2 text-slate-800">{refused?.description}</p>
          <p className="mt-4 text-sm">
            <Link to="/" className="text-brand-700 underline">
              Go to the homepage
            </Link>
          </p>
        </Card>
      ) : (
        <>
          <Toast toast={answer?.toast} className="mt-6" />
          <Card className="mt-6">
            <h2 className="text-xl font-semibold text-slate-900">{offer.planName}</h2>
            <dl className="mt-3 space-y-1 text-slate-800">
              {offer.vehicle ? (
                <div className="flex justify-between gap-4">
                  <dt>Vehicle</dt>
                  <dd className="font-medium" data-testid="offer-vehicle">
                    {offer.vehicle}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4">
                <dt>Monthly price</dt>
                <dd className="font-medium">{offer.monthlyPrice} / month</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Commitment</dt>
                <dd>{offer.commitment}</dd>
              </div>
              {offer.paidPeriodCarriedUntil ? (
                <div className="flex justify-between gap-4">
                  <dt>First charge</dt>
                  <dd data-testid="offer-first-charge">{offer.paidPeriodCarriedUntil}</dd>
                </div>
              ) : null}
            </dl>
            {offer.paidPeriodCarriedUntil ? (
              <p className="mt-4 text-sm text-slate-700" data-testid="offer-paid-period">
                The owner has already paid for this plan until {offer.paidPeriodCarriedUntil}, and that time stays with it: you pay nothing
                at checkout, and your first charge is on {offer.paidPeriodCarriedUntil}.
              </p>
            ) : null}
            <p className="mt-4 text-sm text-slate-700">
              The vehicle&apos;s owner offers you this plan. You take over the rest of its commitment; coverage continues without a new
              setup. This offer is open until {offer.expiresOn}.
            </p>
          </Card>
          <Card className="mt-6">
            {!offer.signedIn ? (
              <div className="space-y-3">
                <p className="text-slate-800">Sign in, or create your account, with the e-mail address this offer was sent to.</p>
                <ButtonLink to={`/auth?redirect=${encodeURIComponent(offer.path)}`}>Sign in to accept</ButtonLink>
              </div>
            ) : offer.refusal ? (
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{offer.refusal.title}</h2>
                <p className="mt-2 text-slate-800">{offer.refusal.description}</p>
              </div>
            ) : (
              <Form method="post" className="space-y-4">
                <input type="hidden" name="intent" value="accept" />
                <Field label="State of residence" htmlFor="state" errors={errors.state} errorId="state-error">
                  <StateSelect id="state" name="state" errorId="state-error" invalid={Boolean(errors.state)} />
                </Field>
                <div>
                  <div className="flex items-start gap-3">
                    <input
                      id="acceptTerms"
                      name="acceptTerms"
                      type="checkbox"
                      required
                      className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
                      aria-invalid={errors.acceptTerms ? true : undefined}
                      aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
                    />
                    <label htmlFor="acceptTerms" className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
                      I have read and agree to the{' '}
                      <Link to="/terms-of-service" className="text-brand-700 underline">
                        Terms of Service
                      </Link>
                    </label>
                  </div>
                  <FieldError id="acceptTerms-error" errors={errors.acceptTerms} />
                </div>
                <ConsentBox name="acceptRenewal" errors={errors.acceptRenewal} label="I agree to the automatic renewal terms">
                  {renewalConsentText({ monthlyPrice: offer.monthlyPrice, rules: null, supportEmail, interval: offer.interval }).map(
                    (line) => (
                      <p key={line}>{line}</p>
                    ),
                  )}
                </ConsentBox>
                <ConsentBox
                  name="acceptEsign"
                  errors={errors.acceptEsign}
                  label={ESIGN_CONSENT_LABEL}
                  before={
                    <Field
                      label="Code printed in the PDF"
                      htmlFor="esignCode"
                      errors={errors.esignCode}
                      errorId="esignCode-error"
                      className="mt-3 max-w-xs"
                      hint={<EsignCodeHint />}
                    >
                      <input
                        id="esignCode"
                        name="esignCode"
                        type="text"
                        required
                        autoComplete="off"
                        autoCapitalize="characters"
                        spellCheck={false}
                        className={inputClass}
                        aria-invalid={errors.esignCode ? true : undefined}
                        aria-describedby={errors.esignCode ? 'esignCode-error' : undefined}
                      />
                    </Field>
                  }
                >
                  {esignDisclosure(supportEmail).map((section) => (
                    <p key={section.heading}>
                      <strong>{section.heading}.</strong> {section.text}
                    </p>
                  ))}
                </ConsentBox>
                <Button type="submit" className="w-full py-3 text-base" disabled={busy}>
                  {busy ? 'Processing...' : 'Accept and pay'}
                </Button>
                <p className="text-xs text-slate-600">You will be taken to our secure payment page.</p>
              </Form>
            )}
          </Card>
        </>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Take over a windshield plan', "A Glass Plan policy offered by the vehicle's owner.", { noindex: true })

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'

/** One consent of the buyer's, like signup's: the text it agrees to, then a separate, unticked box. */
function ConsentBox({
  name,
  label,
  errors,
  before,
  children,
}: {
  name: string
  label: string
  errors?: string[]
  /** What the consent also asks, between its text and its box (the E-SIGN code). */
  before?: React.ReactNode
  children: React.ReactNode
}) {
  const errorId = `${name}-error`
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="space-y-2 text-sm text-slate-800" id={`${name}-text`}>
        {children}
      </div>
      {before}
      <div className="mt-3 flex items-start gap-3">
        <input
          id={name}
          name={name}
          type="checkbox"
          required
          className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={cx(`${name}-text`, errors?.length ? errorId : undefined)}
        />
        <label htmlFor={name} className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
          {label}
        </label>
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  )
}
