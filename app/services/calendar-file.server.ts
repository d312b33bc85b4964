import { createEvent, type EventAttributes } from 'ics'

import { momentOfWallClock } from '~/domain/calendar'

/** What a claim's appointment puts in the customer's calendar. */
export type AppointmentEvent = {
  confirmationCode: string
  /** 'YYYY-MM-DDTHH:MM', the shop's wall clock (docs/decisions/045-appointments-in-the-shops-local-time.md). */
  appointmentAt: string
  /** The shop's IANA zone, from its ZIP; null when no place of the shop has one. */
  zone: string | null
  summary: string
  /** Where the work is done: the shop's address, or the customer's own for mobile service. */
  location: string
  description: string
  /** The claim's page, for the event's link. */
  url: string
  /** The site's host, which makes the event's UID unique to us. */
  host: string
}

/** An appointment takes about an hour whether a chip is filled or a windshield replaced; the shop gives no end time. */
const APPOINTMENT_MINUTES = 60

/**
 * The appointment as an iCalendar file (the `ics` package). With the shop's zone known, the start is written as the
 * exact moment (UTC), so a phone in any zone shows the shop's hour; without it, as a floating local time, which reads
 * the same hour on the customer's phone (they live near the shop). The UID is the claim's, so a time given again
 * replaces the event in the calendar rather than adding a second one.
 */
export function appointmentCalendarFile(event: AppointmentEvent): string {
  const [day, time] = event.appointmentAt.split('T') as [string, string]
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  const start: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType'> = event.zone
    ? { start: momentOfWallClock(event.appointmentAt, event.zone).getTime(), startInputType: 'utc', startOutputType: 'utc' }
    : { start: [year, month, date, hours, minutes], startInputType: 'local', startOutputType: 'local' }
  const { error, value } = createEvent({
    ...start,
    duration: { minutes: APPOINTMENT_MINUTES },
    title: event.summary,
    location: event.location,
    description: event.description,
    url: event.url,
    uid: `appointment-${event.confirmationCode}@${event.host}`,
    productId: 'glassplan/claims',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  } as EventAttributes)
  if (error || !value) throw error ?? new Error('The calendar file could not be made')
  return value
}
