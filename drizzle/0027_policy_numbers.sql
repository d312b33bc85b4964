-- Hand-edited: SQLite cannot add a NOT NULL column to a table that has rows, so the column is added, filled, then
-- guarded by the unique index and by triggers that refuse a missing number (the schema's .notNull() for the app).
ALTER TABLE `policies` ADD `policy_number` text;--> statement-breakpoint
-- Existing policies: the row's rowid times a number prime to 31^6, modulo 31^6, written in base 31 with the codes'
-- alphabet. Multiplying by a number prime to the modulus is a one-to-one map, so distinct rows get distinct numbers
-- with no retry (a random draw per row could collide, which a migration cannot retry); new policies draw at random.
UPDATE `policies` SET `policy_number` = 'GP-'
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 28629151 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 923521 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 29791 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 961 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) / 31 % 31 + 1, 1)
  || substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((`rowid` * 550413599) % 887503681) % 31 + 1, 1);--> statement-breakpoint
CREATE UNIQUE INDEX `policies_policy_number_unique` ON `policies` (`policy_number`);--> statement-breakpoint
CREATE TRIGGER `policies_policy_number_required_insert` BEFORE INSERT ON `policies` WHEN NEW.`policy_number` IS NULL BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: policies.policy_number');
END;--> statement-breakpoint
CREATE TRIGGER `policies_policy_number_required_update` BEFORE UPDATE OF `policy_number` ON `policies`
  WHEN NEW.`policy_number` IS NULL BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: policies.policy_number');
END;
