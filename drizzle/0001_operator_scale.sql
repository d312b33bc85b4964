CREATE TABLE `decision_hours` (
	`week` text NOT NULL,
	`hours` integer NOT NULL,
	`decisions` integer NOT NULL,
	PRIMARY KEY(`week`, `hours`)
);
--> statement-breakpoint
CREATE TABLE `policy_stats` (
	`plan_type` text NOT NULL,
	`vehicle_type` text NOT NULL,
	`has_adas` integer NOT NULL,
	`status` text NOT NULL,
	`policies` integer NOT NULL,
	`monthly_cents` integer NOT NULL,
	PRIMARY KEY(`plan_type`, `vehicle_type`, `has_adas`, `status`)
);
--> statement-breakpoint
CREATE TABLE `search_keys` (
	`key` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`profile_id` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_keys_profile_id_unique` ON `search_keys` (`profile_id`);--> statement-breakpoint
CREATE TABLE `weekly_stats` (
	`week` text NOT NULL,
	`metric` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`week`, `metric`)
);
--> statement-breakpoint
DROP INDEX `audit_log_entity_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`,`id`);--> statement-breakpoint
DROP INDEX `claims_queue_idx`;--> statement-breakpoint
ALTER TABLE `claims` ADD `waiting_since` text GENERATED ALWAYS AS (coalesce(appealed_at, submitted_at)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `claims_reviewed_idx` ON `claims` (`reviewed_at`);--> statement-breakpoint
CREATE INDEX `claims_appeals_waiting_idx` ON `claims` (`appealed_at`) WHERE approval_status = 'pending_review' AND appealed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `claims_group_completed_idx` ON `claims` (`assigned_partner_group_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `claims_queue_idx` ON `claims` (`approval_status`,`waiting_since`);--> statement-breakpoint
CREATE INDEX `email_log_to_idx` ON `email_log` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `policies_renewal_off_idx` ON `policies` (`cancel_at`) WHERE cancel_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `stripe_events_processed_idx` ON `stripe_events` (`processed_at`);--> statement-breakpoint
CREATE INDEX `stripe_events_object_idx` ON `stripe_events` (`object_id`,`processed_at`);--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers or FTS5). README Decisions, "Operator console at scale".
-- Plates are stored normalised (upper case, no spaces or dashes): `abc 123` and `ABC-123` are the same plate.
UPDATE `vehicles` SET `license_plate` = upper(replace(replace(`license_plate`, ' ', ''), '-', ''));--> statement-breakpoint
-- The operator's search: one FTS5 document per customer (e-mail, also run together as one word, name, phone digits,
-- plates, policy ids, claim codes), keyed by search_keys.key. Prefix indexes of 2 and 3 characters keep short prefixes cheap.
CREATE VIRTUAL TABLE `customer_search` USING fts5(`doc`, prefix = '2 3');--> statement-breakpoint
-- The one place a document is built: whenever a key's revision is bumped.
CREATE TRIGGER `search_keys_reindex` AFTER UPDATE OF `revision` ON `search_keys` BEGIN
  DELETE FROM `customer_search` WHERE rowid = NEW.`key`;
  INSERT INTO `customer_search` (rowid, `doc`)
  SELECT NEW.`key`, concat_ws(' ',
    p.`email`,
    replace(replace(replace(replace(replace(p.`email`, '.', ''), '@', ''), '-', ''), '_', ''), '+', ''),
    p.`full_name`,
    replace(replace(replace(replace(replace(replace(p.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''),
    substr(replace(replace(replace(replace(replace(replace(p.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), -10),
    (SELECT group_concat(replace(replace(v.`license_plate`, ' ', ''), '-', ''), ' ') FROM `vehicles` v WHERE v.`profile_id` = p.`id`),
    (SELECT group_concat(po.`id`, ' ') FROM `policies` po WHERE po.`profile_id` = p.`id`),
    (SELECT group_concat(c.`confirmation_code` || ' ' || replace(c.`confirmation_code`, '-', ''), ' ')
       FROM `claims` c JOIN `policies` po ON po.`id` = c.`policy_id` WHERE po.`profile_id` = p.`id`))
  FROM `profiles` p WHERE p.`id` = NEW.`profile_id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_keys_index` AFTER INSERT ON `search_keys` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `key` = NEW.`key`;
END;--> statement-breakpoint
CREATE TRIGGER `search_keys_unindex` AFTER DELETE ON `search_keys` BEGIN
  DELETE FROM `customer_search` WHERE rowid = OLD.`key`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_search_insert` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `search_keys` (`profile_id`) VALUES (NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `profiles_search_update` AFTER UPDATE OF `email`, `full_name`, `phone` ON `profiles` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `vehicles_search_insert` AFTER INSERT ON `vehicles` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` = NEW.`profile_id`;
END;--> statement-breakpoint
CREATE TRIGGER `vehicles_search_update` AFTER UPDATE OF `license_plate`, `profile_id` ON `vehicles` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` IN (OLD.`profile_id`, NEW.`profile_id`);
END;--> statement-breakpoint
CREATE TRIGGER `vehicles_search_delete` AFTER DELETE ON `vehicles` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` = OLD.`profile_id`;
END;--> statement-breakpoint
CREATE TRIGGER `policies_search_insert` AFTER INSERT ON `policies` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` = NEW.`profile_id`;
END;--> statement-breakpoint
CREATE TRIGGER `policies_search_delete` AFTER DELETE ON `policies` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` = OLD.`profile_id`;
END;--> statement-breakpoint
CREATE TRIGGER `claims_search_insert` AFTER INSERT ON `claims` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` = (SELECT `profile_id` FROM `policies` WHERE `id` = NEW.`policy_id`);
END;--> statement-breakpoint
INSERT INTO `search_keys` (`profile_id`) SELECT `id` FROM `profiles` ORDER BY `created_at`;--> statement-breakpoint
-- Counters for /admin. A week is named by its Monday (UTC): date(t, 'weekday 0', '-6 days'). Hours to a decision are
-- whole hours from integer seconds (unixepoch), never a rounded julianday fraction.
CREATE TRIGGER `policies_stats_insert` AFTER INSERT ON `policies` BEGIN
  INSERT INTO `policy_stats` VALUES (NEW.`plan_type`, coalesce(NEW.`vehicle_type`, ''), coalesce(NEW.`has_adas`, 0), NEW.`status`, 1, NEW.`monthly_price_cents`)
    ON CONFLICT DO UPDATE SET `policies` = `policies` + 1, `monthly_cents` = `monthly_cents` + excluded.`monthly_cents`;
  INSERT INTO `weekly_stats` VALUES (date(NEW.`created_at`, 'weekday 0', '-6 days'), 'new_policies', 1)
    ON CONFLICT DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `policies_stats_update` AFTER UPDATE OF `plan_type`, `vehicle_type`, `has_adas`, `status`, `monthly_price_cents` ON `policies` BEGIN
  UPDATE `policy_stats` SET `policies` = `policies` - 1, `monthly_cents` = `monthly_cents` - OLD.`monthly_price_cents`
    WHERE `plan_type` = OLD.`plan_type` AND `vehicle_type` = coalesce(OLD.`vehicle_type`, '') AND `has_adas` = coalesce(OLD.`has_adas`, 0) AND `status` = OLD.`status`;
  INSERT INTO `policy_stats` VALUES (NEW.`plan_type`, coalesce(NEW.`vehicle_type`, ''), coalesce(NEW.`has_adas`, 0), NEW.`status`, 1, NEW.`monthly_price_cents`)
    ON CONFLICT DO UPDATE SET `policies` = `policies` + 1, `monthly_cents` = `monthly_cents` + excluded.`monthly_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `policies_stats_delete` AFTER DELETE ON `policies` BEGIN
  UPDATE `policy_stats` SET `policies` = `policies` - 1, `monthly_cents` = `monthly_cents` - OLD.`monthly_price_cents`
    WHERE `plan_type` = OLD.`plan_type` AND `vehicle_type` = coalesce(OLD.`vehicle_type`, '') AND `has_adas` = coalesce(OLD.`has_adas`, 0) AND `status` = OLD.`status`;
END;--> statement-breakpoint
-- A decision is each time reviewed_at gets a new value (a first decision, or the decision on an appeal).
CREATE TRIGGER `claims_stats_decided` AFTER UPDATE OF `reviewed_at` ON `claims`
  WHEN NEW.`reviewed_at` IS NOT NULL AND OLD.`reviewed_at` IS NOT NEW.`reviewed_at` BEGIN
  INSERT INTO `weekly_stats` VALUES (date(NEW.`reviewed_at`, 'weekday 0', '-6 days'), 'decisions', 1)
    ON CONFLICT DO UPDATE SET `value` = `value` + 1;
  INSERT INTO `weekly_stats` VALUES (date(NEW.`reviewed_at`, 'weekday 0', '-6 days'), 'approvals', NEW.`approval_status` = 'approved')
    ON CONFLICT DO UPDATE SET `value` = `value` + excluded.`value`;
  INSERT INTO `decision_hours` VALUES (date(NEW.`reviewed_at`, 'weekday 0', '-6 days'),
      max(0, (unixepoch(NEW.`reviewed_at`) - unixepoch(coalesce(NEW.`appealed_at`, NEW.`submitted_at`))) / 3600), 1)
    ON CONFLICT DO UPDATE SET `decisions` = `decisions` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `claims_stats_completed` AFTER UPDATE OF `completed_at` ON `claims`
  WHEN NEW.`completed_at` IS NOT NULL AND OLD.`completed_at` IS NULL BEGIN
  INSERT INTO `weekly_stats` VALUES (date(NEW.`completed_at`, 'weekday 0', '-6 days'), 'completed', 1)
    ON CONFLICT DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
-- A claim written already decided or completed (imports, the benchmark's data set) counts as well.
CREATE TRIGGER `claims_stats_insert` AFTER INSERT ON `claims` WHEN NEW.`reviewed_at` IS NOT NULL OR NEW.`completed_at` IS NOT NULL BEGIN
  INSERT INTO `weekly_stats` SELECT date(NEW.`reviewed_at`, 'weekday 0', '-6 days'), 'decisions', 1 WHERE NEW.`reviewed_at` IS NOT NULL
    ON CONFLICT DO UPDATE SET `value` = `value` + 1;
  INSERT INTO `weekly_stats` SELECT date(NEW.`reviewed_at`, 'weekday 0', '-6 days'), 'approvals', NEW.`approval_status` IN ('approved', 'completed')
    WHERE NEW.`reviewed_at` IS NOT NULL
    ON CONFLICT DO UPDATE SET `value` = `value` + excluded.`value`;
  INSERT INTO `decision_hours` SELECT date(NEW.`reviewed_at`, 'weekday 0', '-6 days'),
      max(0, (unixepoch(NEW.`reviewed_at`) - unixepoch(coalesce(NEW.`appealed_at`, NEW.`submitted_at`))) / 3600), 1
    WHERE NEW.`reviewed_at` IS NOT NULL
    ON CONFLICT DO UPDATE SET `decisions` = `decisions` + 1;
  INSERT INTO `weekly_stats` SELECT date(NEW.`completed_at`, 'weekday 0', '-6 days'), 'completed', 1 WHERE NEW.`completed_at` IS NOT NULL
    ON CONFLICT DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
-- Backfill the counters from the rows already there (a claim's earlier decisions before an appeal are not recorded).
INSERT INTO `policy_stats`
  SELECT `plan_type`, coalesce(`vehicle_type`, ''), coalesce(`has_adas`, 0), `status`, count(*), sum(`monthly_price_cents`) FROM `policies` GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO `weekly_stats`
  SELECT date(`created_at`, 'weekday 0', '-6 days'), 'new_policies', count(*) FROM `policies` GROUP BY 1
  UNION ALL SELECT date(`reviewed_at`, 'weekday 0', '-6 days'), 'decisions', count(*) FROM `claims` WHERE `reviewed_at` IS NOT NULL GROUP BY 1
  UNION ALL SELECT date(`reviewed_at`, 'weekday 0', '-6 days'), 'approvals', sum(`approval_status` IN ('approved', 'completed')) FROM `claims` WHERE `reviewed_at` IS NOT NULL GROUP BY 1
  UNION ALL SELECT date(`completed_at`, 'weekday 0', '-6 days'), 'completed', count(*) FROM `claims` WHERE `completed_at` IS NOT NULL GROUP BY 1;--> statement-breakpoint
INSERT INTO `decision_hours`
  SELECT date(`reviewed_at`, 'weekday 0', '-6 days'), max(0, (unixepoch(`reviewed_at`) - unixepoch(coalesce(`appealed_at`, `submitted_at`))) / 3600), count(*)
  FROM `claims` WHERE `reviewed_at` IS NOT NULL GROUP BY 1, 2;
