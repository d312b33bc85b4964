import { DamagePhotos } from '~/components/shop/damage-photos'
import { zoneAbbreviationAt } from '~/domain/calendar'
import type { Urgency } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import { formatPhone, phoneHref } from '~/domain/phones'
import { appointmentParts, formatClockTime, TIME_SLOT_NAMES, type TimeSlot } from '~/domain/shops'
import { vehicleName } from '~/domain/vehicles'

/**
 * What a shop reads of a job, on its list and its job page: plain server-rendered HTML (the shop's pages send no
 * React), so nothing here may need the browser.
 */
export type ShopJobView = {
  id: string
  code: string
  damageType: 'chip' | 'crack'
  /** How urgent the work is (domain/claims: urgencyOf). */
  urgency?: Urgency
  vehicle: { year: number; make: string; model: string; vin: string | null } | null
  /** The claimant; no e-mail once their account is gone (or no record names them). */
  customer: { name: string; phone: string | null; email: string | null }
  asked: { date: string; slot: TimeSlot } | null
  place: { mobile: boolean; address: string | null }
  /** The location that does the work (the customer's pages name the same one). */
  location: { name: string; address: string; phone: string | null } | null
  appointmentAt: string | null
  appointmentProposed: boolean
  rescheduleRequestedAt: string | null
  /** Later than the service promise; only the open jobs' lists show it. */
  pastPromise?: boolean
}

/**
 * 'December 8, 2026, 2:00 PM CST': the wall-clock time where the work is done (decision 045) with that zone's label for
 * the day, so nobody reads it on another clock.
 */
export function appointmentInWords(value: string, zone: string) {
  const { date, time } = appointmentParts(value)
  return `${formatLongDate(date, date)}, ${formatClockTime(time)} ${zoneAbbreviationAt(value, zone)}`
}

export function askedInWords(asked: ShopJobView['asked']) {
  return asked ? `${formatLongDate(asked.date, asked.date)}, ${TIME_SLOT_NAMES[asked.slot].toLowerCase()}` : 'No time asked for'
}

export function placeInWords(job: Pick<ShopJobView, 'place' | 'location'>) {
  if (job.place.mobile) return `Mobile: ${job.place.address ?? ''}`
  const { location } = job
  if (!location) return 'In shop'
  return `In shop: ${[location.name, location.address].filter(Boolean).join(', ')}${location.phone ? ` · ${formatPhone(location.phone)}` : ''}`
}

export function vehicleInWords(vehicle: ShopJobView['vehicle']) {
  return vehicle ? vehicleName(vehicle) : 'Vehicle not recorded'
}

/** The facts of a job as a definition list: the same order on the list and the job page. */
export function JobFacts({ job, zone }: { job: ShopJobView; zone: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="inline text-slate-600">Damage: </dt>
        <dd className="inline capitalize">{job.damageType}</dd>
      </div>
      <div>
        <dt className="inline text-slate-600">Vehicle: </dt>
        <dd className="inline">
          {vehicleInWords(job.vehicle)}
          {job.vehicle?.vin ? <span className="font-mono"> · VIN {job.vehicle.vin}</span> : null}
        </dd>
      </div>
      <div>
        <dt className="inline text-slate-600">Customer: </dt>
        <dd className="inline">
          {job.customer.name}
          {job.customer.phone ? ` · ${formatPhone(job.customer.phone)}` : ''}
        </dd>
      </div>
      <div>
        <dt className="inline text-slate-600">Asked for: </dt>
        <dd className="inline">{askedInWords(job.asked)}</dd>
      </div>
      <div>
        <dt className="inline text-slate-600">Place: </dt>
        <dd className="inline">{placeInWords(job)}</dd>
      </div>
      {job.appointmentAt ? (
        <div>
          <dt className="inline text-slate-600">{job.appointmentProposed ? 'Proposed: ' : 'Appointment: '}</dt>
          <dd className="inline font-semibold">{appointmentInWords(job.appointmentAt, zone)}</dd>
        </div>
      ) : null}
    </dl>
  )
}

/**
 * What the shop needs to reach the customer and do the job: who, how to call or write, where, and the damage photos
 * (small copies, each linking to the full photo through a short-lived signed link).
 */
export function JobContact({
  job,
  photos,
}: {
  job: Pick<ShopJobView, 'customer' | 'place' | 'location'>
  photos: { id: string; thumb: string; full: string }[]
}) {
  const { customer } = job
  return (
    <div className="space-y-3" data-testid="job-contact">
      <h2 className="text-xl font-semibold text-slate-900">Customer</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">Name</dt>
        <dd>{customer.name}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>
          {customer.phone ? (
            <a href={phoneHref(customer.phone)} className="text-brand-700 underline">
              {formatPhone(customer.phone)}
            </a>
          ) : (
            'Not given: write to the e-mail address'
          )}
        </dd>
        <dt className="text-slate-600">E-mail</dt>
        <dd className="wrap-anywhere">
          {customer.email ? (
            <a href={`mailto:${customer.email}`} className="text-brand-700 underline">
              {customer.email}
            </a>
          ) : (
            'None on record'
          )}
        </dd>
        <dt className="text-slate-600">Place</dt>
        <dd>{placeInWords(job)}</dd>
      </dl>
      {photos.length ? <DamagePhotos photos={photos} /> : null}
    </div>
  )
}
