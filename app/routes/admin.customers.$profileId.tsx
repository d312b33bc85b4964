import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { isAdmin, requireAdmin } from '~/auth/session.server'
import { Actor } from '~/components/admin/actor'
import { AdminPage } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { ApprovalBadge, policyLabel, PolicyStatusBadge } from '~/components/admin/claim-labels'
import { GeneralErrorBoundary, isNotFound } from '~/components/error-boundary'
import { Toast } from '~/components/toast'
import { Badge, Button, Card, Field, inputClass } from '~/components/ui'
import { US_STATES } from '~/content/vehicles'
import { RuleError } from '~/domain/errors'
import { formatDateTime, formatLongDate, formatPrice } from '~/domain/format'
import { CHECK_THE_FORM, CUSTOMER_ADMIN_MESSAGES, type FieldErrors } from '~/domain/messages'
import { isInInitialTerm, needsSetup } from '~/domain/policies'
import { cancelOnBehalf, correctVehicle, customerForOperator, planOfVehicle, resendCustomerEmail } from '~/models/customer-admin.server'
import { redirectWithToast } from '~/toast.server'
import { fileUrl } from '~/utils/file-url'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerErrors, answerRefusal, notFound, resultErrors } from '~/utils/refusal'
import { CancelOnBehalfSchema, CorrectVehicleReason, ResendSchema } from '~/validation/operator'
import { setupPhotoLabel, vehicleSchema } from '~/validation/policy-setup'

import type { Route } from './+types/admin.customers.$profileId'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const customer = customerForOperator(params.profileId)
  if (!customer) notFound()
  const now = new Date()
  return {
    profile: customer.profile,
    policies: customer.policies.map((policy) => ({
      id: policy.id,
      plan: policyLabel(policy),
      status: policy.status,
      monthly: formatPrice(policy.monthlyPriceCents),
      createdAt: policy.createdAt,
      initialTermEndsAt: policy.initialTermEndsAt,
      coverageStartDate: policy.coverageStartDate,
      cancelAt: policy.cancelAt,
      canceledAt: policy.canceledAt,
      tosVersion: policy.tosVersion,
      tosAcceptedAt: policy.tosAcceptedAt,
      arbitrationOptedOutAt: policy.arbitrationOptedOutAt,
      transferUsedAt: policy.transferUsedAt,
      stripeSubscriptionId: policy.stripeSubscriptionId,
      inCommitment: isInInitialTerm(policy, now),
      needsSetup: needsSetup(policy),
      vehicleId: policy.vehicleId,
      photos: policy.photos.map((photo) => ({
        id: photo.id,
        type: photo.photoType,
        at: photo.createdAt,
        full: fileUrl(photo.filePath),
        thumb: fileUrl(photo.thumbPath ?? photo.filePath),
      })),
    })),
    vehicles: customer.vehicles,
    claims: customer.claims.map((claim) => ({
      id: claim.id,
      code: claim.confirmationCode,
      status: claim.approvalStatus,
      damageType: claim.damageType,
      submittedAt: claim.submittedAt,
      partnerGroup: claim.partnerGroup,
      documents: claim.documents.map((doc) => ({ id: doc.id, type: doc.documentType, name: doc.fileName, url: fileUrl(doc.filePath) })),
    })),
    emails: customer.emails,
    payments: customer.payments,
    trail: customer.trail.map((row) => ({
      ...row,
      operator: row.actorEmail ? isAdmin({ email: row.actorEmail, role: row.actorRole ?? 'customer' }) : false,
    })),
    states: US_STATES.map((state) => state.code),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const here = `/admin/customers/${params.profileId}`
  // Messages under 'form' show beside the form's reason: these forms are checked field by field, not with useForm.
  const refuse = (target: string, errors: FieldErrors) => {
    const description = Object.values(errors).flatMap((messages) => messages ?? [])[0] ?? CHECK_THE_FORM.description
    return answerErrors(errors, { intent, target, toast: { type: 'error', title: CHECK_THE_FORM.title, description } })
  }
  try {
    if (intent === 'resend') {
      const submission = parseWithZod(form, { schema: ResendSchema })
      if (submission.status !== 'success') return refuse('resend', { form: [CUSTOMER_ADMIN_MESSAGES.chooseResend] })
      const sent = await resendCustomerEmail({ profileId: params.profileId, policyId: submission.value.policyId, actorId: admin.id })
      const kind = sent.kind === 'finish-setup' ? 'finish-setup' : 'sign-in'
      return redirectWithToast(here, { type: 'success', ...CUSTOMER_ADMIN_MESSAGES.emailSent(kind, sent.to) })
    }
    if (intent === 'cancel-policy') {
      const submission = parseWithZod(form, { schema: CancelOnBehalfSchema })
      const target = String(form.get('policyId') ?? '')
      if (submission.status !== 'success') return refuse(target, submission.error ?? {})
      const input = submission.value
      await cancelOnBehalf({
        profileId: params.profileId,
        policyId: input.policyId,
        when: input.when,
        reason: input.reason,
        actorId: admin.id,
      })
      const done = input.when === 'now' ? CUSTOMER_ADMIN_MESSAGES.cancelledNow : CUSTOMER_ADMIN_MESSAGES.renewalOff
      return redirectWithToast(here, { type: 'success', ...done })
    }
    if (intent === 'correct-vehicle') {
      const vehicleId = String(form.get('vehicleId') ?? '')
      const schema = vehicleSchema(planOfVehicle(vehicleId)).omit({ intent: true }).extend({ reason: CorrectVehicleReason })
      const submission = parseWithZod(form, { schema })
      if (submission.status !== 'success') return refuse(vehicleId, submission.error ?? {})
      const { reason, ...values } = submission.value
      correctVehicle({ profileId: params.profileId, vehicleId, values, reason, actorId: admin.id })
      return redirectWithToast(here, { type: 'success', ...CUSTOMER_ADMIN_MESSAGES.vehicleCorrected })
    }
    return refuse('form', { form: [CUSTOMER_ADMIN_MESSAGES.unknownAction] })
  } catch (error) {
    if (error instanceof RuleError) {
      return answerRefusal(error, { values: null }, { intent, target: String(form.get('policyId') ?? form.get('vehicleId') ?? '') })
    }
    throw error
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  isNotFound(error) ? NOT_FOUND_META : operatorMeta(loaderData?.profile.fullName || loaderData?.profile.email || 'Customer')

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, policies, vehicles, claims, emails, payments, trail, states } = loaderData
  const failed = (intent: string, target: string) =>
    actionData?.intent === intent && actionData.target === target ? resultErrors(actionData.result) : {}
  return (
    <AdminPage title={profile.fullName || profile.email} sub={`Customer since ${formatLongDate(profile.createdAt, '—')}.`}>
      <Toast toast={actionData?.toast} className="mb-6" />
      <div className="grid gap-6">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-600">E-mail</dt>
            <dd>{profile.email}</dd>
            <dt className="text-slate-600">Name</dt>
            <dd>{profile.fullName ?? '—'}</dd>
            <dt className="text-slate-600">Phone</dt>
            <dd>{profile.phone ?? '—'}</dd>
            <dt className="text-slate-600">Customer id</dt>
            <dd>
              <code>{profile.id}</code>
            </dd>
          </dl>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="resend" />
            <SubmitButton intent="resend" variant="secondary">
              Send a sign-in link
            </SubmitButton>
          </Form>
        </Card>

        <section aria-labelledby="policies-heading" className="grid gap-4">
          <h2 id="policies-heading" className="text-xl font-semibold text-slate-900">
            Policies
          </h2>
          {policies.length === 0 ? <p className="text-slate-700">No policies.</p> : null}
          {policies.map((policy) => {
            const errors = failed('cancel-policy', policy.id)
            return (
              <Card key={policy.id} data-testid="admin-policy">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-lg font-semibold text-slate-900">{policy.plan}</h3>
                  <PolicyStatusBadge status={policy.status} />
                  {policy.cancelAt && policy.status !== 'canceled' ? (
                    <Badge tone="warning">Ends {formatLongDate(policy.cancelAt, '')}</Badge>
                  ) : null}
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
                  <dt className="text-slate-600">Policy id</dt>
                  <dd>
                    <code>{policy.id}</code>
                  </dd>
                  <dt className="text-slate-600">Monthly</dt>
                  <dd>{policy.monthly}</dd>
                  <dt className="text-slate-600">Term</dt>
                  <dd>
                    Started {formatLongDate(policy.coverageStartDate ?? policy.createdAt, '—')}; commitment ends{' '}
                    {formatLongDate(policy.initialTermEndsAt, '—')}
                    {policy.canceledAt ? `; cancelled ${formatLongDate(policy.canceledAt, '')}` : ''}
                  </dd>
                  <dt className="text-slate-600">Terms accepted</dt>
                  <dd>
                    Version {policy.tosVersion} on {formatDateTime(policy.tosAcceptedAt)}
                  </dd>
                  <dt className="text-slate-600">Arbitration</dt>
                  <dd data-testid="admin-arbitration">
                    {policy.arbitrationOptedOutAt ? `Opted out on ${formatDateTime(policy.arbitrationOptedOutAt)}` : 'Agreed (no opt-out)'}
                  </dd>
                  <dt className="text-slate-600">Vehicle transfer</dt>
                  <dd>{policy.transferUsedAt ? `Used on ${formatDateTime(policy.transferUsedAt)}` : 'Not used'}</dd>
                  <dt className="text-slate-600">Subscription</dt>
                  <dd>{policy.stripeSubscriptionId ? <code>{policy.stripeSubscriptionId}</code> : 'Local payments'}</dd>
                </dl>
                <h4 className="mt-4 text-sm font-semibold text-slate-900">Windshield photos at setup</h4>
                {policy.photos.length === 0 ? (
                  <p className="text-sm text-slate-700">None yet.</p>
                ) : (
                  <ul className="mt-2 flex flex-wrap gap-3">
                    {policy.photos.map((photo) => (
                      <li key={photo.id} className="text-xs text-slate-700">
                        <a href={photo.full} className="block">
                          <img
                            src={photo.thumb}
                            alt={`${setupPhotoLabel(photo.type)} windshield photo`}
                            className="h-24 w-32 rounded object-cover"
                            loading="lazy"
                          />
                        </a>
                        {setupPhotoLabel(photo.type)} · {formatDateTime(photo.at)}
                      </li>
                    ))}
                  </ul>
                )}
                <div className="mt-4 flex flex-wrap gap-3">
                  {policy.needsSetup ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="policyId" value={policy.id} />
                      <SubmitButton intent="resend" variant="secondary">
                        Resend the setup e-mail
                      </SubmitButton>
                    </Form>
                  ) : null}
                </div>
                {policy.status !== 'canceled' && !(policy.inCommitment && policy.cancelAt) ? (
                  <details className="mt-4" open={Object.keys(errors).length > 0}>
                    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-red-800">
                      {policy.inCommitment ? 'End this policy with its commitment…' : 'Cancel this policy…'}
                    </summary>
                    <Form method="post" className="mt-3 grid max-w-xl gap-3">
                      <input type="hidden" name="intent" value="cancel-policy" />
                      <input type="hidden" name="policyId" value={policy.id} />
                      <input type="hidden" name="when" value={policy.inCommitment ? 'end_of_commitment' : 'now'} />
                      <p className="text-sm text-slate-700">
                        {policy.inCommitment
                          ? `Renewal is turned off: the policy and its subscription end on ${formatLongDate(policy.initialTermEndsAt, '')}, with the commitment.`
                          : 'The subscription is cancelled now, through the payments provider, and the policy ends today.'}{' '}
                        The customer is e-mailed.
                      </p>
                      <Field
                        label="Reason (the customer's request)"
                        htmlFor={`reason-${policy.id}`}
                        errors={errors.reason ?? errors.when ?? errors.form}
                        errorId={`reason-${policy.id}-error`}
                      >
                        <textarea
                          id={`reason-${policy.id}`}
                          name="reason"
                          required
                          maxLength={500}
                          rows={2}
                          className={inputClass}
                          aria-invalid={errors.reason ? true : undefined}
                          aria-describedby={errors.reason ? `reason-${policy.id}-error` : undefined}
                        />
                      </Field>
                      <div>
                        <SubmitButton intent="cancel-policy" variant="destructive">
                          {policy.inCommitment ? 'End with the commitment' : 'Cancel the policy now'}
                        </SubmitButton>
                      </div>
                    </Form>
                  </details>
                ) : null}
              </Card>
            )
          })}
        </section>

        <section aria-labelledby="vehicles-heading" className="grid gap-4">
          <h2 id="vehicles-heading" className="text-xl font-semibold text-slate-900">
            Vehicles
          </h2>
          {vehicles.length === 0 ? <p className="text-slate-700">No vehicles yet.</p> : null}
          {vehicles.map((vehicle) => {
            const errors = failed('correct-vehicle', vehicle.id)
            return (
              <Card key={vehicle.id} data-testid="admin-vehicle">
                <h3 className="text-lg font-semibold text-slate-900">
                  {vehicle.year} {vehicle.make} {vehicle.model} · {vehicle.licensePlate} ({vehicle.licensePlateState})
                </h3>
                <p className="text-sm text-slate-700">
                  {vehicle.policyIds.length ? `Covered by policy ${vehicle.policyIds.join(', ')}.` : 'Not on a policy now.'} Added{' '}
                  {formatLongDate(vehicle.createdAt, '—')}.
                </p>
                <details className="mt-3" open={Object.keys(errors).length > 0}>
                  <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
                    Correct the details…
                  </summary>
                  <Form method="post" className="mt-3 grid max-w-2xl gap-3 sm:grid-cols-2">
                    <input type="hidden" name="intent" value="correct-vehicle" />
                    <input type="hidden" name="vehicleId" value={vehicle.id} />
                    {VEHICLE_FIELDS.map(({ name, label, maxLength, numeric }) => {
                      const id = `${name}-${vehicle.id}`
                      const fieldErrors = name === 'reason' ? (errors.reason ?? errors.form) : errors[name]
                      const control = {
                        id,
                        name,
                        // The customer's vehicle, not the operator's: the browser must not offer the operator's own details.
                        autoComplete: 'off',
                        className: inputClass,
                        'aria-invalid': fieldErrors ? true : undefined,
                        'aria-describedby': fieldErrors ? `${id}-error` : undefined,
                      }
                      return (
                        <Field key={name} label={label} htmlFor={id} errors={fieldErrors} errorId={`${id}-error`}>
                          {name === 'licensePlateState' ? (
                            <select {...control} defaultValue={vehicle.licensePlateState}>
                              {states.map((code) => (
                                <option key={code} value={code}>
                                  {code}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <input
                              {...control}
                              defaultValue={name === 'reason' ? undefined : String(vehicle[name])}
                              maxLength={maxLength}
                              inputMode={numeric ? 'numeric' : undefined}
                              required={name === 'reason'}
                            />
                          )}
                        </Field>
                      )
                    })}
                    <div className="sm:col-span-2">
                      <SubmitButton intent="correct-vehicle">Save the correction</SubmitButton>
                    </div>
                  </Form>
                </details>
              </Card>
            )
          })}
        </section>

        <section aria-labelledby="claims-heading" className="grid gap-4">
          <h2 id="claims-heading" className="text-xl font-semibold text-slate-900">
            Claims
          </h2>
          <AdminTable
            caption="This customer's claims, newest first"
            columns={['Claim', 'Status', 'Submitted', 'Shop', 'Documents']}
            empty={claims.length ? null : 'No claims.'}
          >
            {claims.map((claim) => (
              <tr key={claim.id}>
                <Cell label="Claim">
                  <a href={`/admin/claims/${claim.id}`} className="font-mono font-semibold text-brand-700 underline">
                    {claim.code}
                  </a>
                  <div className="capitalize">{claim.damageType}</div>
                </Cell>
                <Cell label="Status">
                  <ApprovalBadge status={claim.status} />
                </Cell>
                <Cell label="Submitted">{formatDateTime(claim.submittedAt)}</Cell>
                <Cell label="Shop">{claim.partnerGroup ?? '—'}</Cell>
                <Cell label="Documents">
                  <ul>
                    {claim.documents.map((doc) => (
                      <li key={doc.id}>
                        <a href={doc.url} className="text-brand-700 underline">
                          {doc.type.replace('_', ' ')}: {doc.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </Cell>
              </tr>
            ))}
          </AdminTable>
        </section>

        <section aria-labelledby="emails-heading" className="grid gap-4">
          <h2 id="emails-heading" className="text-xl font-semibold text-slate-900">
            E-mails sent
          </h2>
          <AdminTable
            caption="E-mails sent to this customer, newest first"
            columns={['When', 'Subject', 'Result']}
            empty={emails.length ? null : 'No e-mails yet.'}
          >
            {emails.map((email) => (
              <tr key={email.id}>
                <Cell label="When">{formatDateTime(email.createdAt)}</Cell>
                <Cell label="Subject">{email.subject}</Cell>
                <Cell label="Result">
                  <Badge tone={email.status === 'sent' ? 'success' : 'destructive'}>
                    {email.status} via {email.transport}
                  </Badge>
                </Cell>
              </tr>
            ))}
          </AdminTable>
        </section>

        <section aria-labelledby="payments-heading" className="grid gap-4">
          <h2 id="payments-heading" className="text-xl font-semibold text-slate-900">
            Payment events
          </h2>
          <AdminTable
            caption="Stripe events about this customer, newest first"
            columns={['Processed', 'Type', 'Event']}
            empty={payments.length ? null : 'No payment events (local payments, or none yet).'}
          >
            {payments.map((event) => (
              <tr key={event.id}>
                <Cell label="Processed">{formatDateTime(event.processedAt)}</Cell>
                <Cell label="Type">{event.type}</Cell>
                <Cell label="Event">
                  <code>{event.id}</code>
                </Cell>
              </tr>
            ))}
          </AdminTable>
        </section>

        <section aria-labelledby="trail-heading" className="grid gap-4">
          <h2 id="trail-heading" className="text-xl font-semibold text-slate-900">
            Audit trail
          </h2>
          <AdminTable
            caption="Everything recorded about this customer, newest first"
            columns={['When', 'Who', 'What', 'Detail']}
            empty={trail.length ? null : 'Nothing recorded yet.'}
          >
            {trail.map(({ entry, actorEmail, operator }) => (
              <tr key={entry.id}>
                <Cell label="When">{formatDateTime(entry.createdAt)}</Cell>
                <Cell label="Who">
                  <Actor actor={entry.actor} email={actorEmail} operator={operator} />
                </Cell>
                <Cell label="What">
                  {entry.action} <span className="text-slate-600">({entry.entityType})</span>
                </Cell>
                <Cell label="Detail" className="max-w-xs font-mono text-xs break-words">
                  {entry.detail ? JSON.stringify(entry.detail) : ''}
                </Cell>
              </tr>
            ))}
          </AdminTable>
        </section>
      </div>
    </AdminPage>
  )
}

/** The vehicle correction form's fields, in order: the vehicle step's fields, then the reason. */
const VEHICLE_FIELDS: {
  name: 'licensePlate' | 'licensePlateState' | 'year' | 'make' | 'model' | 'reason'
  label: string
  maxLength?: number
  numeric?: boolean
}[] = [
  { name: 'licensePlate', label: 'License plate', maxLength: 10 },
  { name: 'licensePlateState', label: 'State' },
  { name: 'year', label: 'Year', maxLength: 4, numeric: true },
  { name: 'make', label: 'Make', maxLength: 60 },
  { name: 'model', label: 'Model', maxLength: 80 },
  { name: 'reason', label: 'Reason for the correction', maxLength: 500 },
]

function SubmitButton({
  intent,
  variant = 'primary',
  children,
}: {
  intent: string
  variant?: 'primary' | 'secondary' | 'destructive'
  children: React.ReactNode
}) {
  const pending = useIsPending({ state: 'submitting', intent })
  return (
    <Button type="submit" variant={variant} disabled={pending}>
      {children}
    </Button>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
