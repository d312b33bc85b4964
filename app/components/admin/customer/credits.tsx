import { Form } from 'react-router'

import { CreditsList } from '~/components/credits'
import { Card, Field, inputClass } from '~/components/ui'
import { countOf } from '~/domain/format'
import type { CustomerPageData } from '~/models/people/customer-page.types'
import { fieldLimits } from '~/validation/limits'
import { AddCreditSchema, WaiveCreditSchema } from '~/validation/operator'

import { CustomerSection, type FailedForm } from './customer-section'
import { SubmitButton } from './submit-button'

const ADD_LIMITS = fieldLimits(AddCreditSchema)
const WAIVE_LIMITS = fieldLimits(WaiveCreditSchema)

/**
 * The customer's credits (missed service promises and the operator's), with a refused payment's error and attempts, a
 * form to waive one not yet paid, and a form to add one. Both need a reason and are audited.
 */
export function CreditsSection({
  credits,
  policies,
  formToken,
  failed,
}: {
  credits: CustomerPageData['credits']
  policies: CustomerPageData['policies']
  formToken: string
  failed: FailedForm
}) {
  const addErrors = failed('add-credit', 'add-credit')
  return (
    <CustomerSection name="credits" title="Credits" anchor>
      {credits.length ? (
        <CreditsList
          credits={credits}
          actions={(credit) => {
            const line = credits.find((entry) => entry.id === credit.id)!
            const errors = failed('waive-credit', credit.id)
            return (
              <>
                <p className="text-xs text-slate-700">
                  Policy {line.policyNumber}
                  {line.claimCode ? ` · claim ${line.claimCode}` : ''}
                  {line.stripeId ? ` · Stripe ${line.stripeId}` : ''}
                </p>
                {credit.state === 'pending' ? (
                  <>
                    {line.lastError ? (
                      <p className="text-xs text-red-800" data-testid="credit-error">
                        {countOf(line.attempts, 'attempt')}: {line.lastError} (retried daily)
                      </p>
                    ) : null}
                    <Form method="post" className="grid max-w-xl gap-2">
                      <input type="hidden" name="intent" value="waive-credit" />
                      <input type="hidden" name="creditId" value={credit.id} />
                      <Field label="Reason for waiving" htmlFor={`waive-${credit.id}`} errors={errors.reason ?? errors.form}>
                        <input id={`waive-${credit.id}`} name="reason" maxLength={WAIVE_LIMITS.reason.maxLength} className={inputClass} />
                      </Field>
                      <div>
                        <SubmitButton intent="waive-credit" variant="secondary">
                          Waive this credit
                        </SubmitButton>
                      </div>
                    </Form>
                  </>
                ) : null}
                {line.waivedReason ? <p className="text-xs text-slate-700">Waived: {line.waivedReason}</p> : null}
              </>
            )
          }}
        />
      ) : (
        <p className="text-sm text-slate-700">No credits.</p>
      )}
      {policies.length ? (
        <Card>
          <Form method="post" className="grid max-w-xl gap-3">
            <h3 className="font-semibold text-slate-900">Add a credit</h3>
            <input type="hidden" name="intent" value="add-credit" />
            <input type="hidden" name="formToken" value={formToken} />
            <Field label="Policy" htmlFor="credit-policy" errors={addErrors.policyId}>
              <select id="credit-policy" name="policyId" className={inputClass}>
                {policies.map((policy) => (
                  <option key={policy.id} value={policy.id}>
                    {policy.policyNumber} · {policy.plan}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Amount in dollars" htmlFor="credit-amount" errors={addErrors.amount}>
              <input id="credit-amount" name="amount" inputMode="decimal" className={inputClass} />
            </Field>
            <Field
              label="Reason (the customer reads it)"
              htmlFor="credit-reason"
              errors={addErrors.reason ?? addErrors.formToken ?? addErrors.form}
            >
              <textarea id="credit-reason" name="reason" rows={2} maxLength={ADD_LIMITS.reason.maxLength} className={inputClass} />
            </Field>
            <div>
              <SubmitButton intent="add-credit">Add the credit</SubmitButton>
            </div>
          </Form>
        </Card>
      ) : null}
    </CustomerSection>
  )
}
