/** Who did it: a person (linked to their customer page), or the system, Stripe or a shop. */
export function Actor({ actor, email, operator = false }: { actor: string; email: string | null; operator?: boolean }) {
  if (email) {
    return (
      <span>
        <a href={`/admin/customers/${actor}`} className="text-brand-700 underline">
          {email}
        </a>
        {operator ? ' (operator)' : ''}
      </span>
    )
  }
  if (actor.startsWith('partner:')) return <span>Shop ({actor.slice('partner:'.length)})</span>
  return <span>{actor === 'system' ? 'System' : actor === 'stripe' ? 'Stripe' : actor}</span>
}
