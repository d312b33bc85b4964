import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

/**
 * To every partner group's staff when the operator publishes a version of the price schedule: what each service pays,
 * from when, and that the shop accepts or refuses it on its page (a shop that has not accepted it by then gets no new
 * jobs from that day).
 */

export type PriceScheduleEmailProps = {
  partnerGroup: string
  version: number
  /** 'January 4, 2027', or null when it is in force at once (the first schedule). */
  effectiveOn: string | null
  /** 'Chip repair: $60.00', one line per service. */
  lines: string[]
  shopUrl: string
  supportEmail: string
}

function wording(props: PriceScheduleEmailProps) {
  const when = props.effectiveOn ? `from ${props.effectiveOn}` : 'now'
  return {
    subject: `Glass Plan price schedule, version ${props.version}: in force ${when}`,
    title: `Our price schedule, version ${props.version}`,
    lines: [
      `${oneLine(props.partnerGroup)}: this is what the Glass Plan network pays per service ${when}.`,
      ...props.lines,
      props.effectiveOn
        ? `Accept or refuse it on your shop's page before ${props.effectiveOn}. If you have not accepted it by then, you get no new jobs from that day; jobs you already have keep going at the price they were given at.`
        : 'Accept it on your shop’s page: you get new jobs once you have.',
    ],
    help: `Questions about the schedule? Write to ${props.supportEmail}.`,
  }
}

export function priceScheduleEmail(props: PriceScheduleEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(wording(props), { href: props.shopUrl, label: 'See the schedule', textAction: 'See the schedule' })
}
