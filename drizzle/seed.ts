import { pathToFileURL } from 'node:url'

import type { Db } from '../app/db/client.server'
import { partnerGroups, partnerLocations, prices, priceScheduleAnswers, priceSchedules } from '../app/db/schema'
import { MONTHLY_LOOKUP_KEYS, yearlyKeyOf } from '../app/domain/plans'
import type { ScheduleAmounts } from '../app/domain/price-schedule'

/** Local-mode monthly prices, in cents. */
export const SEED_PRICES = {
  chip_only: 799,
  comprehensive_car_adas_false: 1999,
  comprehensive_car_adas_true: 2999,
  comprehensive_trucksuv_adas_false: 2499,
  comprehensive_trucksuv_adas_true: 3499,
} as const

/** A yearly price starts at ten months' worth: two months free against paying monthly. */
export const YEARLY_SEED_MONTHS = 10

/** Local-mode yearly prices, in cents: each plan's yearly twin at ten times its monthly price. */
export const SEED_YEARLY_PRICES = Object.fromEntries(
  MONTHLY_LOOKUP_KEYS.map((key) => [yearlyKeyOf(key), SEED_PRICES[key] * YEARLY_SEED_MONTHS]),
) as Record<ReturnType<typeof yearlyKeyOf>, number>

export const SAMPLE_PARTNER_SLUG = 'sample-auto-glass'

/** The sample price schedule for shops (cents), published with the sample partner, who has accepted it. */
export const SEED_SCHEDULE: ScheduleAmounts = {
  chipRepair: 12_500,
  replacementCar: 40_000,
  replacementCarAdas: 48_000,
  replacementTrucksuv: 45_000,
  replacementTrucksuvAdas: 54_000,
  calibrationStatic: 25_000,
  calibrationDynamic: 20_000,
  mobileSurcharge: 2_500,
}

/**
 * Fills an empty database with the ten prices (five monthly, their yearly twins), one partner group with one location,
 * and the first price schedule for shops, accepted by that group. A database with prices but no yearly ones (from
 * before yearly billing) gets each missing yearly price at ten times that plan's current monthly price. Does nothing
 * otherwise.
 */
export function seed(db: Db) {
  const sqlite = db.$client
  return sqlite.transaction(() => {
    const hasPrices = db.select({ key: prices.lookupKey }).from(prices).limit(1).all().length > 0
    const hasPartners = db.select({ id: partnerGroups.id }).from(partnerGroups).limit(1).all().length > 0
    if (!hasPrices) {
      db.insert(prices)
        .values(Object.entries({ ...SEED_PRICES, ...SEED_YEARLY_PRICES }).map(([lookupKey, amountCents]) => ({ lookupKey, amountCents })))
        .run()
    } else {
      const monthly = db.select({ lookupKey: prices.lookupKey, amountCents: prices.amountCents }).from(prices).all()
      const missing = monthly.flatMap((row) => {
        const key = MONTHLY_LOOKUP_KEYS.find((candidate) => candidate === row.lookupKey)
        if (!key || monthly.some((other) => other.lookupKey === yearlyKeyOf(key))) return []
        return [{ lookupKey: yearlyKeyOf(key), amountCents: row.amountCents * YEARLY_SEED_MONTHS }]
      })
      if (missing.length > 0) db.insert(prices).values(missing).onConflictDoNothing().run()
    }
    if (!hasPartners) {
      const [group] = db
        .insert(partnerGroups)
        .values({ name: 'Sample Auto Glass', email: 'shop@sample-auto-glass.example', phone: '(801) 555-0199' })
        .returning()
        .all()
      db.insert(partnerLocations)
        .values({
          partnerGroupId: group!.id,
          name: 'Sample Auto Glass',
          slug: SAMPLE_PARTNER_SLUG,
          isActive: true,
          address: '200 S Main St',
          city: 'Salt Lake City',
          state: 'UT',
          zip: '84101',
          phone: '(801) 555-0199',
          hours: 'Mon–Fri 8–6, Sat 9–1',
          mobileService: true,
          mobileRadiusMiles: 25,
          offersChipRepair: true,
          offersReplacement: true,
          offersCalibration: true,
        })
        .run()
      // An empty database is a new install or a test run: the sample shop gets jobs under a schedule it has accepted.
      // An existing database (with partners) is never given a schedule the operator did not publish.
      const hasSchedule = db.select({ id: priceSchedules.id }).from(priceSchedules).limit(1).all().length > 0
      if (!hasSchedule) {
        const at = new Date().toISOString()
        const [schedule] = db
          .insert(priceSchedules)
          .values({ ...SEED_SCHEDULE, version: 1, effectiveAt: at, publishedAt: at, noticeSentAt: at })
          .returning()
          .all()
        db.insert(priceScheduleAnswers)
          .values({ partnerGroupId: group!.id, scheduleId: schedule!.id, accepted: true, answeredAt: at })
          .run()
      }
    }
    return { seededPrices: !hasPrices, seededPartners: !hasPartners }
  })()
}

// `npm run db:seed`
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { db } = await import('../app/db/client.server')
  const result = seed(db())
  console.log(result.seededPrices || result.seededPartners ? 'Seeded the database.' : 'Database already has data; nothing seeded.')
}
