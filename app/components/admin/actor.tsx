import { RULES_DECISION_MESSAGES } from '~/domain/messages'
import { adminCustomerPath } from '~/domain/paths'

/** Who did it: a person (linked to their customer page), or the system, Stripe or a shop. */
export function Actor({ actor, email, operator = false }: { actor: string; email: string | null; operator?: boolean }) {
  if (email) {
    return (
      <span>
        <a href={adminCustomerPath(actor)} className="text-brand-700 underline">
          {email}
        </a>
        {operator ? ' (operator)' : ''}
      </span>
    )
  }
  if (actor.startsWith('partner:')) return <span>Shop ({actor.slice('partner:'.length)})</span>
  // The published decision rules, by version ('rules:v1'), when a claim was decided as it was filed.
  if (actor.startsWith('rules:v')) return <span>{RULES_DECISION_MESSAGES.decidedBy(actor.slice('rules:v'.length))}</span>
  return <span>{actor === 'system' ? 'System' : actor === 'stripe' ? 'Stripe' : actor}</span>
}
