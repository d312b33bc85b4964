import fs from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'

import { backupDatabase, backupsDir } from '~/cli/backup'
import { db, openDatabase } from '~/db/client.server'
import { env } from '~/env.server'

import { SAMPLE_PARTNER_SLUG, seed, SEED_PRICES, SEED_YEARLY_PRICES } from '../../drizzle/seed'
import { createProfile } from '../support/factories'

function counts(sqlite: Database.Database) {
  const count = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  return { prices: count('prices'), partnerGroups: count('partner_groups'), partnerLocations: count('partner_locations') }
}

describe('migration and seed', () => {
  test('on a fresh file they create the schema, the ten prices (five monthly, their yearly twins) and the sample partner; running them twice is safe', () => {
    const file = path.join(env().DATA_DIR, 'fresh', 'app.sqlite')
    expect(fs.existsSync(file)).toBe(false)

    const first = openDatabase(file)
    expect(seed(first)).toEqual({ seededPrices: true, seededPartners: true })
    expect(counts(first.$client)).toEqual({ prices: 10, partnerGroups: 1, partnerLocations: 1 })
    first.$client.close()

    // Second start on the same file: migrations already applied, seed finds data and adds nothing.
    const second = openDatabase(file)
    expect(seed(second)).toEqual({ seededPrices: false, seededPartners: false })
    expect(counts(second.$client)).toEqual({ prices: 10, partnerGroups: 1, partnerLocations: 1 })
    const priceRows = second.$client.prepare('SELECT lookup_key, amount_cents FROM prices ORDER BY lookup_key').all()
    expect(
      Object.fromEntries(
        priceRows.map((row) => [(row as { lookup_key: string }).lookup_key, (row as { amount_cents: number }).amount_cents]),
      ),
    ).toEqual({ ...SEED_PRICES, ...SEED_YEARLY_PRICES })
    const location = second.$client.prepare('SELECT slug, is_active FROM partner_locations').get() as { slug: string; is_active: number }
    expect(location).toEqual({ slug: SAMPLE_PARTNER_SLUG, is_active: 1 })
    expect(second.$client.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(second.$client.pragma('foreign_keys', { simple: true })).toBe(1)
    second.$client.close()
  })

  test('a database from before yearly billing gets each missing yearly price at ten times its current monthly price', () => {
    const file = path.join(env().DATA_DIR, 'before-yearly', 'app.sqlite')
    const database = openDatabase(file)
    seed(database)
    database.$client.prepare("DELETE FROM prices WHERE lookup_key LIKE '%_yearly'").run()
    database.$client.prepare("UPDATE prices SET amount_cents = 850 WHERE lookup_key = 'chip_only'").run()
    database.$client
      .prepare("INSERT INTO prices (lookup_key, amount_cents, updated_at) VALUES ('comprehensive_car_adas_true_yearly', 25000, '')")
      .run()
    seed(database)
    const amount = (key: string) =>
      (database.$client.prepare('SELECT amount_cents FROM prices WHERE lookup_key = ?').get(key) as { amount_cents: number }).amount_cents
    expect(amount('chip_only_yearly')).toBe(8500)
    expect(amount('comprehensive_car_adas_true_yearly')).toBe(25000)
    expect(amount('comprehensive_trucksuv_adas_false_yearly')).toBe(SEED_PRICES.comprehensive_trucksuv_adas_false * 10)
    expect(counts(database.$client).prices).toBe(10)
    database.$client.close()
  })
})

describe('npm run db:backup', () => {
  test('writes a readable copy of the live database with the same rows', async () => {
    seed(db())
    const profile = createProfile({ email: 'backup-check@example.com' })

    const file = await backupDatabase()
    expect(path.dirname(file)).toBe(backupsDir())
    expect(path.basename(file)).toMatch(/^app-\d{4}-\d{2}-\d{2}T[\d-]+Z\.sqlite$/)

    const copy = new Database(file, { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      const live = db().$client
      for (const table of ['prices', 'partner_groups', 'partner_locations', 'profiles']) {
        const query = `SELECT * FROM ${table} ORDER BY rowid`
        expect(copy.prepare(query).all()).toEqual(live.prepare(query).all())
      }
      expect(copy.prepare('SELECT email FROM profiles WHERE id = ?').get(profile.id)).toEqual({ email: 'backup-check@example.com' })
    } finally {
      copy.close()
    }
  })

  test('keeps the newest 14 backups', async () => {
    const start = Date.parse('2030-01-01T00:00:00.000Z')
    const made: string[] = []
    for (let day = 0; day < 16; day++) made.push(await backupDatabase({ now: new Date(start + day * 86_400_000) }))
    const left = fs.readdirSync(backupsDir()).filter((name) => name.startsWith('app-2030-'))
    expect(left.sort()).toEqual(made.slice(2).map((file) => path.basename(file)))
    expect(fs.readdirSync(backupsDir()).some((name) => name.endsWith('.partial'))).toBe(false)
  })
})
