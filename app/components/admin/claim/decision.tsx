import { Form } from 'react-router'

import { buttonClass, Card, Field, inputClass } from '~/components/ui'
import { SHOP_LOCATION_MESSAGES } from '~/domain/messages'
import { CUSTOMER_CHOOSES_SHOP } from '~/domain/shops'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'
import { useIsPending } from '~/utils/pending'

type Data = ClaimReviewPageData

/** A claim waiting for the operator: approve it to a shop group (or the customer's choice of shop), or deny it. */
export function DecisionCard({
  claim,
  rules,
  partnerGroups,
  failed,
  kept,
}: Pick<Data, 'claim' | 'rules' | 'partnerGroups'> & {
  /** The messages of a refused form of this intent, by field. */
  failed: (intent: string) => Record<string, string[] | undefined>
  /** What a refused form of this intent sent, by field: shown again, so a refusal forgets nothing chosen. */
  kept: (intent: string) => Record<string, string | undefined>
}) {
  const approving = useIsPending({ state: 'submitting', intent: 'approve' })
  const denying = useIsPending({ state: 'submitting', intent: 'deny' })
  const approval = kept('approve')
  const denial = kept('deny')
  // A new answer mounts the fields again, so their default values follow it with JavaScript on as well as off.
  const answered = JSON.stringify([approval, denial])
  return (
    <Card className="space-y-6">
      <h2 className="text-lg font-semibold text-slate-900">Decision{claim.appealedAt ? ' on the appeal' : ''}</h2>
      {rules ? <RulesDecision rules={rules} /> : null}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="approve" />
        <Field label="Partner group" htmlFor="partnerGroupId" errors={failed('approve').partnerGroupId}>
          <select
            key={answered}
            id="partnerGroupId"
            name="partnerGroupId"
            className={inputClass}
            defaultValue={approval.partnerGroupId ?? ''}
          >
            <option value="" disabled>
              Choose the shop group…
            </option>
            <option value={CUSTOMER_CHOOSES_SHOP}>Let the customer choose a shop near them</option>
            {partnerGroups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </Field>
        {partnerGroups.some((group) => group.locations.length) ? (
          <Field
            label={SHOP_LOCATION_MESSAGES.field}
            htmlFor="partnerLocationId"
            hint={SHOP_LOCATION_MESSAGES.hint}
            errors={failed('approve').partnerLocationId}
          >
            {/* Every group's locations, by group: the form needs no script to follow the group chosen above. */}
            <select
              key={answered}
              id="partnerLocationId"
              name="partnerLocationId"
              className={inputClass}
              defaultValue={approval.partnerLocationId ?? ''}
            >
              <option value="">{SHOP_LOCATION_MESSAGES.nearest}</option>
              {partnerGroups
                .filter((group) => group.locations.length)
                .map((group) => (
                  <optgroup key={group.id} label={group.name}>
                    {group.locations.map((location) => (
                      <option key={location.id} value={location.id}>
                        {location.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </select>
          </Field>
        ) : null}
        <button type="submit" className={buttonClass('primary')} disabled={approving}>
          {approving ? 'Approving...' : 'Approve'}
        </button>
      </Form>
      <hr className="border-slate-200" />
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="deny" />
        <Field
          label="Reason for denial"
          htmlFor="reason"
          hint="The customer sees this reason and may appeal within 14 days."
          errors={failed('deny').reason}
        >
          <textarea key={answered} id="reason" name="reason" rows={3} className={inputClass} defaultValue={denial.reason ?? ''} />
        </Field>
        <button type="submit" className={buttonClass('destructive')} disabled={denying}>
          {denying ? 'Denying...' : 'Deny'}
        </button>
      </Form>
    </Card>
  )
}

/** What the decision rules made of the claim as it was filed: the version that approved it, or why it waited. */
export function RulesDecision({ rules }: { rules: { label: string; reasons: string[] } }) {
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="rules-decision">
      <p className="font-medium text-slate-900">{rules.label}</p>
      {rules.reasons.length ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {rules.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
