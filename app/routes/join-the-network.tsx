import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { shopApplicationLimited } from '~/auth/shop-application-limits.server'
import { HoneypotInputs } from '~/components/honeypot'
import { Toast } from '~/components/toast'
import { buttonClass, Card, Field, FieldError, inputClass, PageHeading } from '~/components/ui'
import { todayIso } from '~/domain/format'
import { PARTNER_MESSAGES, SHOP_APPLICATION_MESSAGES, TOO_MANY_REQUESTS } from '~/domain/messages'
import { JOIN_NETWORK_PATH } from '~/domain/paths'
import { submitShopApplication } from '~/models/shops/shop-applications.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { zipPlace } from '~/services/zip-centroids.server'
import { redirectWithToast } from '~/toast.server'
import { formPastHoneypot, honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { type ActionAnswer, answerSubmission, resultErrors, resultValues } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { APPLICATION_LOCATIONS, shopApplicationSchema } from '~/validation/shop-applications'

import type { Route } from './+types/join-the-network'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

export async function loader() {
  return { honeypot: honeypotProps() }
}

/** A shop's application: checked field by field, past the honeypot and the per-network limit, into the review list. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = formPastHoneypot(await request.formData())
  const submission = parseWithZod(formData, { schema: shopApplicationSchema(todayIso()) })
  if (submission.status !== 'success') {
    return answerSubmission(submission, { toast: { type: 'error', ...SHOP_APPLICATION_MESSAGES.correct }, honeypot: honeypotProps() })
  }
  // A ZIP that is well formed but not a real one, or in another state, would put the shop nowhere: refused next to it.
  const zipErrors: Record<string, string[]> = {}
  submission.value.locations.forEach((location, index) => {
    const place = zipPlace(location.zip)
    if (!place) zipErrors[`locations[${index}].zip`] = [PARTNER_MESSAGES.unknownZip]
    else if (place.state !== location.state) zipErrors[`locations[${index}].zip`] = [PARTNER_MESSAGES.zipInOtherState(place.state)]
  })
  if (Object.keys(zipErrors).length) {
    return answerSubmission(submission, {
      fieldErrors: zipErrors,
      toast: { type: 'error', ...SHOP_APPLICATION_MESSAGES.correct },
      honeypot: honeypotProps(),
    })
  }
  const limited = shopApplicationLimited(clientIp({ request, context }))
  if (limited) {
    return data<ActionAnswer<{ honeypot: ReturnType<typeof honeypotProps> }>>(
      {
        result: submission.reply(),
        toast: { type: 'error', title: TOO_MANY_REQUESTS, description: limited.message },
        honeypot: honeypotProps(),
      },
      { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } },
    )
  }
  await submitShopApplication(submission.value)
  return redirectWithToast('/', { type: 'success', ...SHOP_APPLICATION_MESSAGES.received })
}

export default function JoinTheNetwork({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as (ActionAnswer & { honeypot?: ReturnType<typeof honeypotProps> }) | undefined
  const errors = resultErrors(answer?.result) as Record<string, string[] | undefined>
  const values = { ...resultValues(answer?.result), ...locationValues(answer?.result?.initialValue) }
  const busy = useIsPending({ formAction: JOIN_NETWORK_PATH })
  const text = (name: string, label: string, props: React.ComponentProps<'input'> = {}) => (
    <Field label={label} htmlFor={name} errors={errors[name]} errorId={`${name}-error`}>
      <input
        id={name}
        name={name}
        type="text"
        defaultValue={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={inputClass}
        {...props}
      />
    </Field>
  )
  const box = (name: string, label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
      <input type="checkbox" name={name} defaultChecked={values[name] === 'on'} className="h-5 w-5" /> {label}
    </label>
  )
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeading sub="Glass shops that complete our customers' claims: published prices, invoices that pass first time, paid in five business days.">
        Join the network
      </PageHeading>
      <Toast toast={answer?.toast} className="mb-6" />
      <Form method="post" action={JOIN_NETWORK_PATH} className="space-y-6">
        <HoneypotInputs {...(answer?.honeypot ?? loaderData.honeypot)} />
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Your business</h2>
          {text('businessName', 'Business name', { maxLength: MAX_LENGTH.businessName, required: true, autoComplete: 'organization' })}
          {text('contactName', 'Your name', { maxLength: MAX_LENGTH.personName, required: true, autoComplete: 'name' })}
          {text('email', 'E-mail', { type: 'email', maxLength: MAX_LENGTH.email, required: true, autoComplete: 'email' })}
          {text('phone', 'Phone', { type: 'tel', maxLength: MAX_LENGTH.phone, required: true, autoComplete: 'tel' })}
        </Card>
        {Array.from({ length: APPLICATION_LOCATIONS }, (_, index) => (
          <Card key={index} className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900">{index === 0 ? 'Location' : `Another location (optional)`}</h2>
            {index === 0 ? <FieldError id="locations-error" errors={errors.locations} /> : null}
            {text(`locations[${index}].name`, 'Location name', { maxLength: MAX_LENGTH.businessName, required: index === 0 })}
            {text(`locations[${index}].address`, 'Street address', { maxLength: MAX_LENGTH.streetAddress, required: index === 0 })}
            <div className="grid gap-3 sm:grid-cols-3">
              {text(`locations[${index}].city`, 'City', { maxLength: MAX_LENGTH.city, required: index === 0 })}
              {text(`locations[${index}].state`, 'State (like UT)', { maxLength: MAX_LENGTH.stateCode, required: index === 0 })}
              {text(`locations[${index}].zip`, 'ZIP code', { maxLength: MAX_LENGTH.zip, inputMode: 'numeric', required: index === 0 })}
            </div>
          </Card>
        ))}
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Insurance and certifications</h2>
          {text('insuranceCarrier', 'Liability insurer', { maxLength: MAX_LENGTH.insuranceCarrier, required: true })}
          {text('insurancePolicyNumber', 'Insurance policy number', { maxLength: MAX_LENGTH.insurancePolicyNumber, required: true })}
          {text('insuranceExpiresOn', 'Insured until', { type: 'date', required: true })}
          <Field label="Certifications (optional)" htmlFor="certifications" errors={errors.certifications}>
            <textarea
              id="certifications"
              name="certifications"
              rows={3}
              maxLength={MAX_LENGTH.note}
              defaultValue={values.certifications}
              aria-describedby={errors.certifications ? 'certifications-error' : undefined}
              className={inputClass}
            />
          </Field>
        </Card>
        <Card className="space-y-2">
          <fieldset aria-describedby={errors.offersChipRepair ? 'offersChipRepair-error' : undefined}>
            <legend className="text-lg font-semibold text-slate-900">Services</legend>
            {box('offersChipRepair', 'Chip repair')}
            {box('offersReplacement', 'Windshield replacement')}
            {box('offersCalibration', 'ADAS camera calibration')}
            {box('mobileService', 'Mobile service (at the customer’s address)')}
            <FieldError id="offersChipRepair-error" errors={errors.offersChipRepair} />
          </fieldset>
        </Card>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Sending...' : 'Apply to join'}
        </button>
      </Form>
    </div>
  )
}

/** The location rows as typed, under their field names ('locations[0].zip'): the result keeps them as a list. */
function locationValues(initial: Record<string, unknown> | null | undefined): Record<string, string> {
  const rows = initial?.locations
  if (!Array.isArray(rows)) return {}
  return Object.fromEntries(
    rows.flatMap((row, index) =>
      row && typeof row === 'object'
        ? Object.entries(row as Record<string, unknown>)
            .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
            .map(([field, value]) => [`locations[${index}].${field}`, value])
        : [],
    ),
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Join the network', 'Glass shops: apply to complete Glass Plan customers’ windshield claims.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
