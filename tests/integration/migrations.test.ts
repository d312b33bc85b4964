import fs from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { describe, expect, it } from 'vitest'

import { MIGRATIONS_DIR } from '~/db/client.server'
import { PAYOUT_NUMBER_PATTERN } from '~/domain/payouts'
import { POLICY_NUMBER_PATTERN } from '~/domain/policies'

import { tempDirForTest } from '../support/temp-dir'

/** The migrations folder as it was before migration `tag` (and the ones after it). */
function migrationsBefore(tag: string) {
  const dir = tempDirForTest('glass-migrations-')
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const cut = journal.entries.findIndex((entry) => entry.tag === tag)
  const kept = journal.entries.slice(0, cut)
  fs.mkdirSync(path.join(dir, 'meta'))
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }))
  for (const entry of kept) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`))
  return dir
}

describe('migration 0001 (operator console at scale) on a database that already has data', () => {
  it('normalises existing plates, and builds the search index and the counters from the rows already there', () => {
    const file = path.join(tempDirForTest('glass-migrate-'), 'app.sqlite')
    const sqlite = new Database(file)
    sqlite.pragma('foreign_keys = ON')
    const database = drizzle(sqlite)
    migrate(database, { migrationsFolder: migrationsBefore('0001_operator_scale') })

    const at = '2026-11-24T10:00:00.000Z'
    sqlite
      .prepare('INSERT INTO profiles (id, email, full_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run('p1', 'old.customer@example.com', 'Old Customer', 'customer', at, at)
    sqlite
      .prepare(
        `INSERT INTO vehicles (id, profile_id, license_plate, license_plate_state, year, make, model, created_at, updated_at)
         VALUES ('v1', 'p1', 'abc 123', 'UT', 2019, 'Toyota', 'Camry', ?, ?)`,
      )
      .run(at, at)
    sqlite
      .prepare(
        `INSERT INTO policies (id, profile_id, status, plan_type, lookup_key, monthly_price_cents, billing_interval, windshield_photos_uploaded,
           vehicle_id, initial_term_ends_at, tos_version, tos_accepted_at, created_at, updated_at)
         VALUES ('pol1', 'p1', 'active', 'chip_only', 'chip_only', 799, 'month', 1, 'v1', '2027-11-24T10:00:00.000Z', '1.0.1', ?, ?, ?)`,
      )
      .run(at, at, at)
    sqlite
      .prepare(
        `INSERT INTO claims (id, policy_id, description, confirmation_code, approval_status, lifecycle_status, submitted_at, reviewed_at,
           created_at, updated_at)
         VALUES ('c1', 'pol1', 'Chip', 'CS-ABCDEF', 'approved', 'approved', '2026-11-24T10:00:00.000Z', '2026-11-24T15:00:00.000Z', ?, ?)`,
      )
      .run(at, at)

    migrate(database, { migrationsFolder: MIGRATIONS_DIR })

    expect(sqlite.prepare("SELECT license_plate FROM vehicles WHERE id = 'v1'").pluck().get()).toBe('ABC123')
    const find = (query: string) =>
      sqlite
        .prepare('SELECT k.profile_id FROM customer_search s JOIN search_keys k ON k.key = s.rowid WHERE customer_search MATCH ?')
        .pluck()
        .all(query)
    for (const query of ['"abc123"*', '"old customer"*', '"oldcustomerexamplecom"*', '"pol1"*', '"csabcdef"*'])
      expect(find(query), query).toEqual(['p1'])
    expect(sqlite.prepare('SELECT plan_type, status, policies, monthly_cents FROM policy_stats').all()).toEqual([
      { plan_type: 'chip_only', status: 'active', policies: 1, monthly_cents: 799 },
    ])
    expect(sqlite.prepare('SELECT week, metric, value FROM weekly_stats ORDER BY metric').all()).toEqual([
      { week: '2026-11-23', metric: 'approvals', value: 1 },
      { week: '2026-11-23', metric: 'decisions', value: 1 },
      { week: '2026-11-23', metric: 'new_policies', value: 1 },
    ])
    expect(sqlite.prepare('SELECT week, hours, decisions FROM decision_hours').all()).toEqual([
      { week: '2026-11-23', hours: 5, decisions: 1 },
    ])
    sqlite.close()
  })
})

describe('migration 0008 (the e-mail log names its account) on a database that already has e-mails', () => {
  it('gives each e-mail the account that alone has (or had) its address, and none where two accounts did', () => {
    const file = path.join(tempDirForTest('glass-migrate-'), 'app.sqlite')
    const sqlite = new Database(file)
    sqlite.pragma('foreign_keys = ON')
    const database = drizzle(sqlite)
    migrate(database, { migrationsFolder: migrationsBefore('0008_email_log_profile') })

    const at = '2026-11-24T10:00:00.000Z'
    const profile = sqlite.prepare('INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    profile.run('stays', 'stays@example.com', 'customer', at, at)
    profile.run('moved', 'moved-new@example.com', 'customer', at, at)
    profile.run('reused', 'moved-old@example.com', 'customer', at, at) // signed up with the address 'moved' left
    profile.run('second-move', 'second-new@example.com', 'customer', at, at)
    const changed = sqlite.prepare(
      `INSERT INTO audit_log (actor, action, entity_type, entity_id, detail, created_at) VALUES (?, 'profile.email_changed', 'profile', ?, ?, ?)`,
    )
    changed.run('moved', 'moved', JSON.stringify({ from: 'moved-old@example.com', to: 'moved-new@example.com' }), at)
    changed.run('second-move', 'second-move', JSON.stringify({ from: 'second-old@example.com', to: 'second-new@example.com' }), at)
    const email = sqlite.prepare(
      `INSERT INTO email_log (id, "to", subject, transport, status, created_at) VALUES (?, ?, 'Subject', 'outbox', 'sent', ?)`,
    )
    email.run('e1', 'stays@example.com', at)
    email.run('e2', 'Moved-New@example.com', at)
    email.run('e3', 'second-old@example.com', at)
    email.run('e4', 'moved-old@example.com', at)
    email.run('e5', 'nobody@example.com', at)

    migrate(database, { migrationsFolder: MIGRATIONS_DIR })

    expect(sqlite.prepare('SELECT id, profile_id FROM email_log ORDER BY id').all()).toEqual([
      { id: 'e1', profile_id: 'stays' },
      { id: 'e2', profile_id: 'moved' },
      // The address an account changed away from is still its own while nobody else has it.
      { id: 'e3', profile_id: 'second-move' },
      // Held by two accounts, one after the other: whose e-mail this was is not known, so it is nobody's.
      { id: 'e4', profile_id: null },
      { id: 'e5', profile_id: null },
    ])
    sqlite.close()
  })
})

describe('migration 0024 (who filed each claim) on a database whose policies passed to their next owners', () => {
  it("gives each claim the policy's owner when it was filed: the seller before the transfer, the buyer after, nobody unknown", () => {
    const file = path.join(tempDirForTest('glass-migrate-'), 'app.sqlite')
    const sqlite = new Database(file)
    sqlite.pragma('foreign_keys = ON')
    const database = drizzle(sqlite)
    migrate(database, { migrationsFolder: migrationsBefore('0024_claims_filed_by') })

    const at = '2026-11-01T10:00:00.000Z'
    const sold = '2026-11-10T10:00:00.000Z'
    const profile = sqlite.prepare('INSERT INTO profiles (id, email, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    for (const id of ['seller', 'buyer', 'keeper']) profile.run(id, `${id}@example.com`, 'customer', at, at)
    const policy = sqlite.prepare(
      `INSERT INTO policies (id, profile_id, status, plan_type, lookup_key, monthly_price_cents, billing_interval, windshield_photos_uploaded,
         initial_term_ends_at, tos_version, tos_accepted_at, owned_since, created_at, updated_at)
       VALUES (?, ?, 'active', 'chip_only', 'chip_only', 799, 'month', 1, '2027-11-01T10:00:00.000Z', '1.0.1', ?, ?, ?, ?)`,
    )
    policy.run('sold', 'buyer', at, sold, at, at)
    policy.run('sold-no-record', 'buyer', at, sold, at, at) // its transfer's record is gone
    policy.run('kept', 'keeper', at, null, at, at)
    sqlite
      .prepare(
        `INSERT INTO ownership_transfers (id, policy_id, seller_profile_id, buyer_email, buyer_profile_id, token_hash, status, expires_at, paid_at, created_at)
         VALUES ('t1', 'sold', 'seller', 'buyer@example.com', 'buyer', 'hash', 'paid', ?, ?, ?)`,
      )
      .run(sold, sold, at)
    const claim = sqlite.prepare(
      `INSERT INTO claims (id, policy_id, description, confirmation_code, submitted_at, created_at, updated_at) VALUES (?, ?, 'Chip', ?, ?, ?, ?)`,
    )
    claim.run('before-sale', 'sold', 'CS-AAAAAA', '2026-11-05T10:00:00.000Z', at, at)
    claim.run('after-sale', 'sold', 'CS-BBBBBB', '2026-11-12T10:00:00.000Z', at, at)
    claim.run('before-unknown', 'sold-no-record', 'CS-CCCCCC', '2026-11-05T10:00:00.000Z', at, at)
    claim.run('never-sold', 'kept', 'CS-DDDDDD', '2026-11-05T10:00:00.000Z', at, at)

    migrate(database, { migrationsFolder: MIGRATIONS_DIR })

    expect(
      Object.fromEntries(sqlite.prepare('SELECT id, filed_by_profile_id FROM claims').raw().all() as [string, string | null][]),
    ).toEqual({
      'before-sale': 'seller',
      'after-sale': 'buyer',
      'before-unknown': null,
      'never-sold': 'keeper',
    })
    sqlite.close()
  })
})

describe('migration 0027 (policy numbers) on a database that already has policies', () => {
  it('gives every policy its own GP- number, and refuses a policy without one from then on', () => {
    const file = path.join(tempDirForTest('glass-migrate-'), 'app.sqlite')
    const sqlite = new Database(file)
    sqlite.pragma('foreign_keys = ON')
    const database = drizzle(sqlite)
    migrate(database, { migrationsFolder: migrationsBefore('0027_policy_numbers') })

    const at = '2026-11-24T10:00:00.000Z'
    // Thousands of rows (ten policies each for 300 customers), so that numbers drawn at random could collide by
    // chance: the backfill's numbers are distinct by construction.
    sqlite
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
         INSERT INTO profiles (id, email, role, created_at, updated_at) SELECT 'p' || i, 'c' || i || '@example.com', 'customer', ?, ? FROM n`,
      )
      .run(at, at)
    sqlite
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
         INSERT INTO policies (id, profile_id, status, plan_type, lookup_key, monthly_price_cents, billing_interval, windshield_photos_uploaded,
           initial_term_ends_at, tos_version, tos_accepted_at, created_at, updated_at)
         SELECT 'pol' || i, 'p' || (i % 300 + 1), 'active', 'chip_only', 'chip_only', 799, 'month', 0, '2027-11-24T10:00:00.000Z', '1.0.1', ?, ?, ?
         FROM n`,
      )
      .run(at, at, at)

    migrate(database, { migrationsFolder: MIGRATIONS_DIR })

    const numbers = sqlite.prepare('SELECT policy_number FROM policies').pluck().all() as string[]
    expect(numbers).toHaveLength(3000)
    expect(new Set(numbers).size).toBe(3000)
    for (const number of numbers) expect(number).toMatch(POLICY_NUMBER_PATTERN)
    expect(() => sqlite.prepare("UPDATE policies SET policy_number = NULL WHERE id = 'pol1'").run()).toThrow(/NOT NULL constraint failed/)
    expect(() => sqlite.prepare("UPDATE policies SET policy_number = ? WHERE id = 'pol1'").run(numbers[1])).toThrow(
      /UNIQUE constraint failed/,
    )
    sqlite.close()
  })
})

describe('migration 0055 (payout numbers) on a database that already has payouts', () => {
  it('gives every payout its own PY- number, and refuses a payout without one from then on', () => {
    const file = path.join(tempDirForTest('glass-migrate-'), 'app.sqlite')
    const sqlite = new Database(file)
    sqlite.pragma('foreign_keys = ON')
    const database = drizzle(sqlite)
    migrate(database, { migrationsFolder: migrationsBefore('0055_payout_numbers') })

    const at = '2026-12-01T10:00:00.000Z'
    sqlite.prepare("INSERT INTO partner_groups (id, name, created_at, updated_at) VALUES ('g1', 'Old Glass', ?, ?)").run(at, at)
    sqlite
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
         INSERT INTO payouts (id, partner_group_id, job_count, total_cents, created_by, created_at) SELECT 'pay' || i, 'g1', 1, 8900, 'op', ? FROM n`,
      )
      .run(at)

    migrate(database, { migrationsFolder: MIGRATIONS_DIR })

    const numbers = sqlite.prepare('SELECT payout_number FROM payouts').pluck().all() as string[]
    expect(numbers).toHaveLength(2000)
    expect(new Set(numbers).size).toBe(2000)
    for (const number of numbers) expect(number).toMatch(PAYOUT_NUMBER_PATTERN)
    expect(() => sqlite.prepare("UPDATE payouts SET payout_number = NULL WHERE id = 'pay1'").run()).toThrow(/NOT NULL constraint failed/)
    expect(() =>
      sqlite
        .prepare(
          "INSERT INTO payouts (id, partner_group_id, job_count, total_cents, created_by, created_at) VALUES ('new', 'g1', 1, 1, 'op', ?)",
        )
        .run(at),
    ).toThrow(/NOT NULL constraint failed/)
    expect(() => sqlite.prepare("UPDATE payouts SET payout_number = ? WHERE id = 'pay1'").run(numbers[1])).toThrow(
      /UNIQUE constraint failed/,
    )
    sqlite.close()
  })
})
