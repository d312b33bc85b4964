ALTER TABLE `policies` ADD `billing_anchor_at` text;--> statement-breakpoint
ALTER TABLE `policies` ADD `yearly_switch_at` text;--> statement-breakpoint
ALTER TABLE `policies` ADD `yearly_switch_cents` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `vin` text;--> statement-breakpoint
-- Hand-written below. The search document also holds each vehicle's VIN (search_keys_reindex as in 0001, plus VINs),
-- and a VIN change re-indexes its customer.
DROP TRIGGER `search_keys_reindex`;--> statement-breakpoint
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
    (SELECT group_concat(v.`vin`, ' ') FROM `vehicles` v WHERE v.`profile_id` = p.`id` AND v.`vin` IS NOT NULL),
    (SELECT group_concat(po.`id`, ' ') FROM `policies` po WHERE po.`profile_id` = p.`id`),
    (SELECT group_concat(c.`confirmation_code` || ' ' || replace(c.`confirmation_code`, '-', ''), ' ')
       FROM `claims` c JOIN `policies` po ON po.`id` = c.`policy_id` WHERE po.`profile_id` = p.`id`))
  FROM `profiles` p WHERE p.`id` = NEW.`profile_id`;
END;--> statement-breakpoint
DROP TRIGGER `vehicles_search_update`;--> statement-breakpoint
CREATE TRIGGER `vehicles_search_update` AFTER UPDATE OF `license_plate`, `vin`, `profile_id` ON `vehicles` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` IN (OLD.`profile_id`, NEW.`profile_id`);
END;--> statement-breakpoint
-- The console's monthly revenue counts a yearly payer at a twelfth of their yearly price (rounded to the cent), and a
-- switch of billing interval moves it. No policy is yearly before this migration, so the counters need no rebuild.
DROP TRIGGER `policies_stats_insert`;--> statement-breakpoint
CREATE TRIGGER `policies_stats_insert` AFTER INSERT ON `policies` BEGIN
  INSERT INTO `policy_stats` VALUES (NEW.`plan_type`, coalesce(NEW.`vehicle_type`, ''), coalesce(NEW.`has_adas`, 0), NEW.`status`, 1,
    CASE WHEN NEW.`billing_interval` = 'year' THEN (NEW.`monthly_price_cents` + 6) / 12 ELSE NEW.`monthly_price_cents` END)
    ON CONFLICT DO UPDATE SET `policies` = `policies` + 1, `monthly_cents` = `monthly_cents` + excluded.`monthly_cents`;
  INSERT INTO `weekly_stats` VALUES (date(NEW.`created_at`, 'weekday 0', '-6 days'), 'new_policies', 1)
    ON CONFLICT DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
DROP TRIGGER `policies_stats_update`;--> statement-breakpoint
CREATE TRIGGER `policies_stats_update` AFTER UPDATE OF `plan_type`, `vehicle_type`, `has_adas`, `status`, `monthly_price_cents`, `billing_interval` ON `policies` BEGIN
  UPDATE `policy_stats` SET `policies` = `policies` - 1,
    `monthly_cents` = `monthly_cents` - CASE WHEN OLD.`billing_interval` = 'year' THEN (OLD.`monthly_price_cents` + 6) / 12 ELSE OLD.`monthly_price_cents` END
    WHERE `plan_type` = OLD.`plan_type` AND `vehicle_type` = coalesce(OLD.`vehicle_type`, '') AND `has_adas` = coalesce(OLD.`has_adas`, 0) AND `status` = OLD.`status`;
  INSERT INTO `policy_stats` VALUES (NEW.`plan_type`, coalesce(NEW.`vehicle_type`, ''), coalesce(NEW.`has_adas`, 0), NEW.`status`, 1,
    CASE WHEN NEW.`billing_interval` = 'year' THEN (NEW.`monthly_price_cents` + 6) / 12 ELSE NEW.`monthly_price_cents` END)
    ON CONFLICT DO UPDATE SET `policies` = `policies` + 1, `monthly_cents` = `monthly_cents` + excluded.`monthly_cents`;
END;--> statement-breakpoint
DROP TRIGGER `policies_stats_delete`;--> statement-breakpoint
CREATE TRIGGER `policies_stats_delete` AFTER DELETE ON `policies` BEGIN
  UPDATE `policy_stats` SET `policies` = `policies` - 1,
    `monthly_cents` = `monthly_cents` - CASE WHEN OLD.`billing_interval` = 'year' THEN (OLD.`monthly_price_cents` + 6) / 12 ELSE OLD.`monthly_price_cents` END
    WHERE `plan_type` = OLD.`plan_type` AND `vehicle_type` = coalesce(OLD.`vehicle_type`, '') AND `has_adas` = coalesce(OLD.`has_adas`, 0) AND `status` = OLD.`status`;
END;
--> statement-breakpoint
-- A policy that passes to the vehicle's next owner moves its id and its claims' codes to the buyer's search document.
CREATE TRIGGER `policies_search_update` AFTER UPDATE OF `profile_id` ON `policies` BEGIN
  UPDATE `search_keys` SET `revision` = `revision` + 1 WHERE `profile_id` IN (OLD.`profile_id`, NEW.`profile_id`);
END;
