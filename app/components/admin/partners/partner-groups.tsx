import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'

import { Badge, Button, type ButtonVariant, Card } from '~/components/ui'
import type { PartnerGroup, PartnerLocation } from '~/db/schema'
import { locationAddress, servicesOffered, SHOP_SERVICE_NAMES } from '~/domain/shops'

import { GroupForm } from './group-form'
import { LocationForm } from './location-form'
import { StaffList } from './staff-list'

/** A partner group as the operator's partners page lists it: with its locations and the staff who sign in to its pages. */
export type PartnerGroupRow = PartnerGroup & {
  locations: PartnerLocation[]
  staff: { id: string; email: string; createdAt: string }[]
}

/** Each partner group: its contact details, its staff and its locations (each with its signup link), all editable. */
export function PartnerGroups({
  groups,
  appUrl,
  busy,
  lastResult,
}: {
  groups: PartnerGroupRow[]
  appUrl: string
  busy: boolean
  /** The answer to a refused form of this intent (for this row), to show beside its fields. */
  lastResult: (intent: string, id?: string) => SubmissionResult<string[]> | undefined
}) {
  return (
    <section aria-labelledby="groups-heading" className="space-y-4">
      <h2 id="groups-heading" className="text-xl font-semibold">
        Partner groups
      </h2>
      {groups.length === 0 ? <p className="text-slate-700">No partner groups yet.</p> : null}
      {groups.map((group) => (
        <Card key={group.id} className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="text-lg font-semibold">{group.name}</h3>
            <Badge tone={group.isActive ? 'success' : 'neutral'}>{group.isActive ? 'Active' : 'Inactive'}</Badge>
            <ActiveToggle intent="set-group-active" id={group.id} active={group.isActive} variant="secondary" busy={busy} />
          </div>
          <p className="text-sm text-slate-700">{[group.email, group.phone].filter(Boolean).join(' · ') || 'No contact details'}</p>
          <GroupForm group={group} lastResult={lastResult('edit-group', group.id)} busy={busy} />
          <StaffList group={group} lastResult={lastResult('add-staff', group.id)} busy={busy} />
          {group.locations.length ? (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {group.locations.map((location) => (
                <li key={location.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                  <span className="font-medium">{location.name}</span>
                  <Badge tone={location.isActive ? 'success' : 'neutral'}>{location.isActive ? 'Active' : 'Inactive'}</Badge>
                  <code className="break-all text-slate-700">{`${appUrl}/signup/${location.slug}`}</code>
                  <span className="w-full text-slate-700">{placeLine(location)}</span>
                  <ActiveToggle intent="set-location-active" id={location.id} active={location.isActive} variant="ghost" busy={busy} />
                  <LocationForm location={location} groups={groups} lastResult={lastResult('edit-location', location.id)} busy={busy} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">No locations yet.</p>
          )}
        </Card>
      ))}
    </section>
  )
}

/** A location's address, services and mobile radius in one line, for the list. */
function placeLine(location: PartnerLocation) {
  const address = locationAddress(location)
  const services = servicesOffered(location).map((service) => SHOP_SERVICE_NAMES[service])
  return [
    address || 'No address: not shown to customers choosing a shop',
    location.phone,
    services.join(', '),
    location.mobileService ? `Mobile service within ${location.mobileRadiusMiles} miles` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The button that deactivates a partner group or location, or activates it again. */
function ActiveToggle({
  intent,
  id,
  active,
  variant,
  busy,
}: {
  intent: 'set-group-active' | 'set-location-active'
  id: string
  active: boolean
  variant: ButtonVariant
  busy: boolean
}) {
  return (
    <Form method="post" className="ml-auto">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="active" value={String(!active)} />
      <Button type="submit" variant={variant} disabled={busy}>
        {active ? 'Deactivate' : 'Activate'}
      </Button>
    </Form>
  )
}
