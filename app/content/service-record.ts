/**
 * The words of the public service record (routes/service-record.tsx and its CSV): each figure's name and one sentence
 * saying exactly how it is counted, in the order the page shows them. The counting itself is
 * app/domain/service-record.ts's; a sentence here that stops matching it is a bug in one of the two.
 */
import { APPEAL_DECISION_DAYS } from '~/domain/claims'
import { CHIP_REPAIR_PROMISE_HOURS, REPLACEMENT_PROMISE_BUSINESS_DAYS } from '~/domain/service-promise'
import { MIN_CLAIMS_TO_REPORT, SERVICE_RECORD_MONTHS, SERVICE_RECORD_RECENT_DAYS } from '~/domain/service-record'

export const SERVICE_RECORD_TITLE = 'Our service record'

export const SERVICE_RECORD_INTRO = `How we kept our promises, counted from our own records by a job that runs every day: for the last ${SERVICE_RECORD_RECENT_DAYS} days and for each of the last ${SERVICE_RECORD_MONTHS} calendar months. Every claim is counted on its customer’s own clock, so a claim decided at 11:30 PM in California on the last day of a month belongs to that month. The figures are totals only: nothing here is about any one person.`

/** Said in place of a period's claim figures when fewer than MIN_CLAIMS_TO_REPORT claims were decided in it. */
export const TOO_FEW_CLAIMS = 'Too few claims to report'

export const TOO_FEW_CLAIMS_RULE = `A period with fewer than ${MIN_CLAIMS_TO_REPORT} decided claims shows “${TOO_FEW_CLAIMS.toLowerCase()}”: so few would say more about luck than about us, and could point to someone’s claim.`

/** The page before the daily job has counted anything. */
export const NOT_COUNTED_YET =
  'The figures have not been counted yet. Our daily job counts them once a day; they appear here after its first run.'

/** Said where a share or a time has nothing to be measured on. */
export const NOTHING_TO_MEASURE = 'None to count'

export const NO_RATINGS_YET = 'No ratings yet'

export const CSV_LINK_LABEL = 'Download these figures (CSV)'

/** The figures, in the order the page shows them: each name with its one sentence. */
export const SERVICE_RECORD_FIGURES = {
  claimsDecided: {
    name: 'Claims decided',
    how: 'Claims approved or denied in the period, each counted once, by its latest decision (an appeal’s, when it was appealed).',
  },
  decidedAtOnce: {
    name: 'Decided at once by the published rules',
    how: 'Of the claims decided in the period, the share the published rules approved the moment they were filed, without waiting for a person.',
  },
  decisionMedian: {
    name: 'Time to a decision for the rest: median',
    how: 'Of the other claims decided in the period (appealed claims aside, since the appeal’s decision replaces the first), the time from filing to decision that half of them took no longer than.',
  },
  decisionP90: {
    name: 'Time to a decision for the rest: 90th percentile',
    how: 'For the same claims, the time from filing to decision that nine in ten of them took no longer than.',
  },
  chipsOnTime: {
    name: `Chips repaired within ${CHIP_REPAIR_PROMISE_HOURS} hours`,
    how: `Of the chip repairs approved in the period whose promise is settled (the repair is done, or the ${CHIP_REPAIR_PROMISE_HOURS} hours have run out), the share done in time; the clock starts at approval or when the customer chose their shop, a later day the customer asked for moves it to that day’s end, and a new time they asked for stops it.`,
  },
  replacementsOnTime: {
    name: `Replacements within ${REPLACEMENT_PROMISE_BUSINESS_DAYS} business days`,
    how: `The same for replacements, against ${REPLACEMENT_PROMISE_BUSINESS_DAYS} business days after the day the clock starts (weekends and US federal holidays do not count).`,
  },
  credits: {
    name: 'Credits paid for missed promises',
    how: 'The number and the total of the credits of one month’s price paid to customers whose claim approved in the period missed its promise on our side.',
  },
  appealsFiled: {
    name: 'Appeals filed',
    how: 'Denied claims whose customer appealed in the period.',
  },
  appealsInTime: {
    name: `Appeals decided within ${APPEAL_DECISION_DAYS} days`,
    how: `Of the appeals filed in the period, how many were decided within ${APPEAL_DECISION_DAYS} days of being filed, as our terms promise.`,
  },
  appealsForCustomer: {
    name: 'Appeals decided for the customer',
    how: 'Of the appeals filed in the period and decided, how many ended with the claim approved.',
  },
  shops: {
    name: 'Shops in the network',
    how: 'Shop locations taking jobs when the figures were counted that had joined by the end of the period.',
  },
  rating: {
    name: 'Average verified rating',
    how: 'The average of every rating given in the period, 1 to 5 stars, each by the customer whose job the shop did: none is left out, whatever its score.',
  },
} as const

export type ServiceRecordFigure = keyof typeof SERVICE_RECORD_FIGURES

/** The link from the landing page, the footer and "How claims are decided". */
export const SERVICE_RECORD_LINK = 'Our service record'
export const SERVICE_RECORD_LINK_NOTE = 'See how fast we decide claims and how often our shops keep their promise:'
