import { Link } from 'react-router'

import { buttonClass } from '~/components/ui'
import { appealDecisionDeadline, type ApprovalStatus, REPAIR_GUARANTEE_MONTHS } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import { CLAIM_PAGE_MESSAGES, REPAIR_FAILURE_MESSAGES, RULES_DECISION_MESSAGES } from '~/domain/messages'
import { phoneHref } from '~/domain/phones'
import { describeAppointment, mapLink, type ShopContact, TIME_SLOT_NAMES, type TimeSlot } from '~/domain/shops'

/** The live part of a claim card (rendered in ClaimCard's children slot): what the status means for the customer. */
export type ClaimLiveStatusData = {
  approvalStatus: ApprovalStatus
  partnerGroupName: string | null
  denialReason: string | null
  /** Set while the customer may still appeal a denial (ISO time of the deadline). */
  appealUntil: string | null
  /** Where 'Appeal' leads (the demo passes its own). */
  appealHref: string | null
  appealedAt: string | null
  completedAt: string | null
  /** Set while the customer is to choose the shop (the operator left it to them). */
  chooseShopHref?: string | null
  /** The version of the published decision rules that approved the claim as it was filed. */
  decidedByRules?: string | null
  /** The shop the customer chose and the day and place they asked for. */
  booking?: { name: string; address: string; phone: string | null; preferredDate: string; preferredSlot: TimeSlot; place: string } | null
  /** The time the shop gave ('YYYY-MM-DDTHH:MM'), and whether it is another time than the one asked for. */
  appointment?: { at: string; proposed: boolean } | null
  /** Where the customer asks for another time (once). */
  rescheduleHref?: string | null
  /** The shop the operator assigned, when the customer chose no place of it: its phone and addresses. */
  shopContact?: ShopContact | null
  /** In a storm, after choosing a location with a daily capacity: the place in its line and the days the turn may come. */
  line?: { place: number; from: string; until: string } | null
  /** How the shop will reach the customer ('by phone at (801) 555-0142', or 'by e-mail at …' when they gave no phone). */
  reachBy?: string | null
  /** A completed chip repair under its guarantee: where to file "My repair failed", and until when. */
  repairFailed?: { href: string; until: string } | null
  /** A claim under the repair-failure guarantee: the code of the repaired claim. */
  reworkOf?: string | null
}

/** The live status, with the guarantee's line above it when the claim is a repair-failure claim. */
export function ClaimLiveStatus({ status }: { status: ClaimLiveStatusData }) {
  return (
    <>
      {status.reworkOf ? (
        <p className="text-sm text-slate-700" data-testid="rework-of">
          {REPAIR_FAILURE_MESSAGES.reworkOf(status.reworkOf)}
        </p>
      ) : null}
      <ClaimStatusNow status={status} />
    </>
  )
}

function ClaimStatusNow({ status }: { status: ClaimLiveStatusData }) {
  switch (status.approvalStatus) {
    case 'pending_review':
      return (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="claim-live-status">
          {status.appealedAt
            ? `Your appeal is in review. You will hear from us by ${formatLongDate(appealDecisionDeadline(status.appealedAt))}: we decide appeals within 30 days and e-mail you.`
            : CLAIM_PAGE_MESSAGES.waitingDetail}
        </p>
      )
    case 'approved':
      if (status.chooseShopHref) {
        return (
          <div className="space-y-3 rounded-lg bg-green-50 p-3 text-sm text-green-950" data-testid="claim-live-status">
            <p>
              {status.decidedByRules
                ? RULES_DECISION_MESSAGES.approvedAtOnce(status.decidedByRules)
                : 'Approved. Choose a shop near you and a time that suits you.'}
            </p>
            <Link to={status.chooseShopHref} className={buttonClass('primary', 'py-1.5')}>
              Choose a shop
            </Link>
          </div>
        )
      }
      if (status.appointment) {
        const shop = status.booking?.name ?? status.shopContact?.name ?? status.partnerGroupName ?? 'The shop'
        return (
          <div className="space-y-3 rounded-lg bg-green-50 p-3 text-sm text-green-950" data-testid="claim-live-status">
            <p>
              Approved. {shop} {status.appointment.proposed ? 'proposes' : 'confirmed'} {describeAppointment(status.appointment.at)}
              {status.booking ? `, ${status.booking.place}` : ''}
              {status.booking?.phone ? `, phone ${status.booking.phone}` : ''}.
            </p>
            {status.booking ? <MapLink address={status.booking.address} /> : null}
            {status.shopContact ? <ShopContactDetails shop={status.shopContact} /> : null}
            {status.rescheduleHref ? (
              <Link to={status.rescheduleHref} className={buttonClass('secondary', 'py-1.5')}>
                Ask for another time
              </Link>
            ) : null}
          </div>
        )
      }
      if (status.booking) {
        const { booking } = status
        return (
          <div className="space-y-2 rounded-lg bg-green-50 p-3 text-sm text-green-950" data-testid="claim-live-status">
            <p>
              Approved. {booking.name}, {booking.address}
              {booking.phone ? `, phone ${booking.phone}` : ''}. You asked for {formatLongDate(booking.preferredDate)},{' '}
              {TIME_SLOT_NAMES[booking.preferredSlot].toLowerCase()}, {booking.place}. The shop will reach you{' '}
              {status.reachBy ?? 'by phone or e-mail'} to confirm the time.
            </p>
            {status.line ? (
              <p data-testid="claim-line">
                You are number {status.line.place} in its line: your turn comes{' '}
                {status.line.from === status.line.until
                  ? `on ${formatLongDate(status.line.from)}`
                  : `between ${formatLongDate(status.line.from)} and ${formatLongDate(status.line.until)}`}
                .
              </p>
            ) : null}
            <MapLink address={booking.address} />
          </div>
        )
      }
      return (
        <div className="space-y-2 rounded-lg bg-green-50 p-3 text-sm text-green-950" data-testid="claim-live-status">
          <p>
            Approved. Contact {status.shopContact?.name ?? status.partnerGroupName ?? 'the repair shop'} to book your repair and give them
            your confirmation code.
          </p>
          {status.shopContact ? <ShopContactDetails shop={status.shopContact} /> : null}
        </div>
      )
    case 'denied':
      return (
        <div className="space-y-3 rounded-lg bg-red-50 p-3 text-sm text-red-950" data-testid="claim-live-status">
          <p>
            <span className="font-semibold">Reason: </span>
            {status.denialReason ?? 'Not given.'}
          </p>
          {status.appealUntil && status.appealHref ? (
            <div className="flex flex-wrap items-center gap-3">
              <Link to={status.appealHref} className={buttonClass('secondary', 'py-1.5')}>
                Appeal
              </Link>
              <span>You can appeal until {formatLongDate(status.appealUntil)}.</span>
            </div>
          ) : status.appealedAt ? (
            <p>This was the decision on your appeal.</p>
          ) : null}
        </div>
      )
    case 'completed':
      return (
        <div className="space-y-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900" data-testid="claim-live-status">
          <p>
            Service completed{status.completedAt ? ` on ${formatLongDate(status.completedAt)}` : ''}. This claim has been marked as
            complete.
          </p>
          {status.repairFailed ? (
            <>
              <p>{REPAIR_FAILURE_MESSAGES.offer(REPAIR_GUARANTEE_MONTHS, status.repairFailed.until)}</p>
              <Link to={status.repairFailed.href} className={buttonClass('secondary', 'py-1.5')}>
                My repair failed
              </Link>
            </>
          ) : null}
        </div>
      )
    default:
      return null
  }
}

/** How to reach the assigned shop: its phone, then each of its places with a map link. */
function ShopContactDetails({ shop }: { shop: ShopContact }) {
  return (
    <ul className="space-y-2" data-testid="shop-contact">
      {shop.phone ? (
        <li>
          Phone:{' '}
          <a href={phoneHref(shop.phone)} className="font-medium underline">
            {shop.phone}
          </a>
        </li>
      ) : null}
      {shop.places.map((place) => (
        <li key={`${place.name}|${place.address}`}>
          <span className="font-medium">{place.name}</span>: {place.address}
          {place.phone && place.phone !== shop.phone ? `, phone ${place.phone}` : ''} <MapLink address={place.address} />
        </li>
      ))}
    </ul>
  )
}

function MapLink({ address }: { address: string }) {
  if (!address) return null
  return (
    <a
      href={mapLink(address)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center font-medium underline max-sm:min-h-11"
    >
      Open in maps<span className="sr-only"> (opens a new tab)</span>
    </a>
  )
}
