import type { ReactNode } from 'react'

import { ClaimCard, type ClaimCardData } from './claim-card'
import { ClaimLiveStatus, type ClaimLiveStatusData } from './claims/claim-live-status'

/**
 * The customer dashboard's frame: the greeting and the two sections. Shared by
 * /customer and the demo dashboard, so their wording lives once.
 */

export function DashboardGreeting({ name }: { name: string }) {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome back, {name}</h1>
}

export function PoliciesSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="policies-heading" className="mt-10">
      <h2 id="policies-heading" className="text-2xl font-semibold text-slate-900">
        Your Policies
      </h2>
      {children}
    </section>
  )
}

export function ClaimsSection({ children }: { children: ReactNode }) {
  return (
    <section id="claims" aria-labelledby="claims-heading" className="mt-12 scroll-mt-24">
      <h2 id="claims-heading" className="text-2xl font-semibold text-slate-900">
        Your Claims
      </h2>
      {children}
    </section>
  )
}

/** The cards of a section, two columns on wide screens. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="mt-4 grid gap-6 md:grid-cols-2">{children}</div>
}

export type DashboardClaim = ClaimCardData & { live: ClaimLiveStatusData }

/** The claim cards with their live status (pending, approved with the shop, denied with the appeal, completed). */
export function ClaimCards({ claims }: { claims: DashboardClaim[] }) {
  return (
    <CardGrid>
      {claims.map((claim) => (
        <ClaimCard key={claim.id} claim={claim}>
          <ClaimLiveStatus status={claim.live} />
        </ClaimCard>
      ))}
    </CardGrid>
  )
}
