-- Hand-edited: SQLite cannot add a NOT NULL column to a table that has rows, so the column is added, filled, then
-- guarded by the unique index and by triggers that refuse a missing number (the schema's .notNull() for the app), as
-- drizzle/0027_policy_numbers.sql did for policies.
ALTER TABLE `payouts` ADD `payout_number` text;--> statement-breakpoint
-- Existing payouts: the row's rowid times a number prime to 31^6, modulo 31^6, written in base 31 with the codes'
-- alphabet: one-to-one, so distinct rows get distinct numbers with no retry; new payouts draw at random.
UPDATE `payouts` SET `payout_number` = 'PY-'
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 28629151 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 923521 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 29791 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 961 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 31 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) % 31 + 1, 1);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_payout_number_unique` ON `payouts` (`payout_number`);--> statement-breakpoint
CREATE TRIGGER `payouts_payout_number_required_insert` BEFORE INSERT ON `payouts` WHEN NEW.`payout_number` IS NULL BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: payouts.payout_number');
END;--> statement-breakpoint
CREATE TRIGGER `payouts_payout_number_required_update` BEFORE UPDATE OF `payout_number` ON `payouts`
  WHEN NEW.`payout_number` IS NULL BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: payouts.payout_number');
END;
