import { Form } from 'react-router'

import { useOperatorTime } from '~/components/admin/operator-zone'
import { PolicyStatusBadge } from '~/components/policy-card'
import { StateSelect } from '~/components/state-select'
import { Badge, Card, Field, inputClass } from '~/components/ui'
import { countOf, formatLongDate } from '~/domain/format'
import type { CustomerPageData } from '~/models/people/customer-page.types'
import { fieldLimits } from '~/validation/limits'
import { CancelOnBehalfSchema, CorrectStateSchema, ProviderCancelSchema } from '~/validation/operator'
import { setupPhotoLabel } from '~/validation/policy-setup'

import { CustomerSection, type FailedForm, type FormErrors } from './customer-section'
import { SubmitButton } from './submit-button'

/** A policy's form on the customer page: the policy, and the messages of its refused post. */
type PolicyFormProps = { policy: CustomerPageData['policies'][number]; errors: FormErrors }

const LIMITS = fieldLimits(CancelOnBehalfSchema)
const PROVIDER_LIMITS = fieldLimits(ProviderCancelSchema)
const STATE_LIMITS = fieldLimits(CorrectStateSchema)

/** The customer's policies: terms, photos, the setup e-mail again, and cancelling on the customer's behalf. */
export function PoliciesSection({ policies, failed }: { policies: CustomerPageData['policies']; failed: FailedForm }) {
  const time = useOperatorTime()
  return (
    <CustomerSection name="policies" title="Policies">
      {policies.length === 0 ? <p className="text-slate-700">No policies.</p> : null}
      {policies.map((policy) => {
        const errors = failed('cancel-policy', policy.id)
        return (
          <Card key={policy.id} data-testid="admin-policy">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{policy.plan}</h3>
              <PolicyStatusBadge status={policy.status} />
              {policy.providerCancel.noticed && policy.status !== 'canceled' ? (
                <Badge tone="destructive">Cancelled by the provider from {formatLongDate(policy.providerCancel.noticed.endsAt, '')}</Badge>
              ) : null}
              {policy.cancelAt && policy.status !== 'canceled' ? (
                <Badge tone="warning">Ends {formatLongDate(policy.cancelAt, '')}</Badge>
              ) : null}
            </div>
            {policy.status !== 'canceled' ? <NoticeLetter policy={policy} /> : null}
            {policy.status !== 'canceled' ? <NoticeEmail policy={policy} /> : null}
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="text-slate-600">Policy number</dt>
              <dd>
                <code>{policy.policyNumber}</code>
              </dd>
              <dt className="text-slate-600">Monthly</dt>
              <dd>{policy.monthly}</dd>
              <dt className="text-slate-600">Term</dt>
              <dd>
                Started {formatLongDate(policy.coverageStartDate ?? policy.createdAt, '—')}; {policy.commitmentEndsLabel.toLowerCase()}{' '}
                {formatLongDate(policy.initialTermEndsAt, '—')}
                {policy.canceledAt ? `; cancelled ${formatLongDate(policy.canceledAt, '')}` : ''}
              </dd>
              <dt className="text-slate-600">Governing state</dt>
              <dd data-testid="admin-governing-state">{policy.governingStateName ?? 'Not set (the most protective rules apply)'}</dd>
              <dt className="text-slate-600">Terms accepted</dt>
              <dd>
                Version {policy.tosVersion} on {time(policy.tosAcceptedAt)}
              </dd>
              <dt className="text-slate-600">Arbitration</dt>
              <dd data-testid="admin-arbitration">
                {policy.arbitrationOptedOutAt ? `Opted out on ${time(policy.arbitrationOptedOutAt)}` : 'Agreed (no opt-out)'}
              </dd>
              <dt className="text-slate-600">Vehicle transfer</dt>
              <dd>{policy.transferUsedAt ? `Used on ${time(policy.transferUsedAt)}` : 'Not used'}</dd>
              <dt className="text-slate-600">Next-owner offers</dt>
              <dd data-testid="admin-offers">
                {policy.offers.length === 0 ? (
                  'None'
                ) : (
                  <ul className="grid gap-1">
                    {policy.offers.map((offer) => (
                      <li key={offer.id}>
                        {offer.parties}: {offer.state}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
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
                    {setupPhotoLabel(photo.type)} · {time(photo.at)}
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
            <CorrectStateForm policy={policy} errors={failed('correct-state', policy.id)} />
            <ProviderCancelForm policy={policy} errors={failed('provider-cancel', policy.id)} />
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
                      : `The subscription is cancelled now, through the payments provider, and the policy ends today. The customer is refunded what ${policy.governingStateName ? `the rules of ${policy.governingStateName}` : 'the most protective rules (state not known)'} give back, through the payments provider (listed under Refunds).`}{' '}
                    The customer is e-mailed.
                  </p>
                  <WrittenAnswer
                    label="Reason (the customer's request)"
                    id={`reason-${policy.id}`}
                    name="reason"
                    maxLength={LIMITS.reason.maxLength}
                    errors={errors.reason}
                    otherwise={errors.when ?? errors.form}
                  />
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
    </CustomerSection>
  )
}

/** The operator corrects the state whose law governs the policy (audited with the old and new state and the reason). */
function CorrectStateForm({ policy, errors }: PolicyFormProps) {
  const id = (name: string) => `${name}-${policy.id}`
  return (
    <details className="mt-4" open={Object.keys(errors).length > 0}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
        Correct the state of residence…
      </summary>
      <Form method="post" className="mt-3 grid max-w-xl gap-3">
        <input type="hidden" name="intent" value="correct-state" />
        <input type="hidden" name="policyId" value={policy.id} />
        <Field label="State of residence" htmlFor={id('state')} errors={errors.governingState} errorId={id('state-error')}>
          <StateSelect
            id={id('state')}
            name="governingState"
            defaultValue={policy.governingState}
            errorId={id('state-error')}
            invalid={Boolean(errors.governingState)}
          />
        </Field>
        <WrittenAnswer
          label="Reason for the correction"
          id={id('state-reason')}
          errorId={id('state-reason-error')}
          name="reason"
          maxLength={STATE_LIMITS.reason.maxLength}
          errors={errors.reason}
          otherwise={errors.form}
        />
        <div>
          <SubmitButton intent="correct-state" variant="secondary">
            Save the state
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}

/**
 * A provider's cancellation notice given by letter: mailed (the policy ends its days after the mailing), or not yet —
 * held for a mailing address or refused by the mail provider — and then the policy does not end.
 */
function NoticeLetter({ policy }: { policy: CustomerPageData['policies'][number] }) {
  const letter = policy.providerCancel.noticed?.letter
  if (!letter) return null
  const days = policy.providerCancel.noticeDays
  if (letter.status === 'sent' && letter.mailedAt) {
    return (
      <p className="mt-2 text-sm text-slate-700" data-testid="provider-notice-letter">
        {`The notice letter was mailed on ${formatLongDate(letter.mailedAt, '')}: the policy ends ${days} days after its mailing.`}
      </p>
    )
  }
  const why =
    letter.status === 'held'
      ? 'is held: the customer has no mailing address (their dashboard asks for it)'
      : letter.status === 'failed'
        ? `was refused by the mail provider (${countOf(letter.attempts, 'try', 'tries')}); see Letters`
        : 'has not been mailed yet'
  return (
    <p className="mt-2 text-sm text-red-800" data-testid="provider-notice-letter">
      {`The notice letter ${why}. The policy does not end until it is mailed, and then ${days} days after its mailing.`}
    </p>
  )
}

/**
 * A provider's cancellation notice whose e-mail has not gone out: still tried daily, or given up after its tries (then
 * the operator must reach the customer). Where that e-mail is the notice, the policy does not end until it goes out.
 */
function NoticeEmail({ policy }: { policy: CustomerPageData['policies'][number] }) {
  const email = policy.providerCancel.noticed?.email
  if (!email || email.sentAt) return null
  const what = email.byEmail ? 'The cancellation notice e-mail' : 'The e-mail copy of the cancellation notice'
  const ending = email.byEmail
    ? ` The policy does not end until it has gone out, and then ${policy.providerCancel.noticeDays} days after it.`
    : ''
  return (
    <p className={`mt-2 text-sm ${email.gaveUp ? 'text-red-800' : 'text-slate-700'}`} data-testid="provider-notice-email">
      {email.gaveUp
        ? `${what} failed ${email.attempts} times and is no longer tried: reach the customer another way.${ending}`
        : `${what} has not gone out yet (${countOf(email.attempts, 'try', 'tries')}); it is tried again daily.${ending}`}
    </p>
  )
}

/**
 * The provider cancelling (not the customer asking): the grounds the policy's state permits now, its notice period and
 * channel; the policy ends when the notice runs out, with the state's refund and no fee.
 */
function ProviderCancelForm({ policy, errors }: PolicyFormProps) {
  const options = policy.providerCancel
  if (policy.status === 'canceled' || options.noticed) return null
  const id = (name: string) => `${name}-provider-${policy.id}`
  return (
    <details className="mt-4" open={Object.keys(errors).length > 0}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-red-800">
        Cancel as the provider…
      </summary>
      <Form method="post" className="mt-3 grid max-w-xl gap-3">
        <input type="hidden" name="intent" value="provider-cancel" />
        <input type="hidden" name="policyId" value={policy.id} />
        <p className="text-sm text-slate-700">
          {`${policy.governingStateName ?? 'The state'} requires ${options.noticeDays} days' notice: the policy ends ${options.noticeDays} days after the notice${options.byLetter ? ' letter is mailed (never before it is)' : ''}, and the customer is refunded the unused part of what they paid without a fee${options.refundWithinDays ? `, within ${options.refundWithinDays} days` : ''}.`}
        </p>
        <Field label="Ground" htmlFor={id('ground')} errors={errors.ground ?? errors.form} errorId={`${id('ground')}-error`}>
          <select
            id={id('ground')}
            name="ground"
            required
            className={inputClass}
            aria-invalid={errors.ground ? true : undefined}
            aria-describedby={errors.ground ? `${id('ground')}-error` : undefined}
          >
            <option value="">Choose a ground</option>
            {options.grounds.map((ground) => (
              <option key={ground.value} value={ground.value}>
                {`${ground.label} (notice ${ground.channel})`}
              </option>
            ))}
          </select>
        </Field>
        <WrittenAnswer
          label="Explanation (in the customer's notice)"
          id={id('explanation')}
          name="explanation"
          maxLength={PROVIDER_LIMITS.explanation.maxLength}
          errors={errors.explanation}
        />
        <div>
          <SubmitButton intent="provider-cancel" variant="destructive">
            Send the cancellation notice
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}

/**
 * A required written answer of two rows (a reason, an explanation) with its message. `otherwise`: the form's own
 * message (a refused choice, a failed request), shown here when the answer has none, without marking it invalid.
 */
function WrittenAnswer({
  label,
  id,
  errorId = `${id}-error`,
  name,
  maxLength,
  errors,
  otherwise,
}: {
  label: string
  id: string
  errorId?: string
  name: string
  maxLength?: number
  errors?: string[]
  otherwise?: string[]
}) {
  return (
    <Field label={label} htmlFor={id} errors={errors ?? otherwise} errorId={errorId}>
      <textarea
        id={id}
        name={name}
        required
        maxLength={maxLength}
        rows={2}
        className={inputClass}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
      />
    </Field>
  )
}
