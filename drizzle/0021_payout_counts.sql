CREATE TABLE `payout_counts` (
	`partner_group_id` text NOT NULL,
	`approved` integer NOT NULL,
	`jobs` integer NOT NULL,
	`total_cents` integer NOT NULL,
	PRIMARY KEY(`partner_group_id`, `approved`)
);
--> statement-breakpoint
CREATE INDEX `payouts_unpaid_idx` ON `payouts` (`partner_group_id`) WHERE paid_at IS NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): a claim is counted while it is a job still to pay
-- (completed, assigned to a group, in no payout), under its group and whether it is approved for payment.
CREATE TRIGGER `claims_payout_counts_insert` AFTER INSERT ON `claims`
  WHEN NEW.`completed_at` IS NOT NULL AND NEW.`payout_id` IS NULL AND NEW.`assigned_partner_group_id` IS NOT NULL BEGIN
  INSERT INTO `payout_counts` VALUES (NEW.`assigned_partner_group_id`, NEW.`payment_approved_at` IS NOT NULL, 1, coalesce(NEW.`actual_cost_cents`, 0))
    ON CONFLICT DO UPDATE SET `jobs` = `jobs` + 1, `total_cents` = `total_cents` + excluded.`total_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_update_old` AFTER UPDATE OF `completed_at`, `payout_id`, `assigned_partner_group_id`, `payment_approved_at`, `actual_cost_cents` ON `claims`
  WHEN OLD.`completed_at` IS NOT NULL AND OLD.`payout_id` IS NULL AND OLD.`assigned_partner_group_id` IS NOT NULL BEGIN
  UPDATE `payout_counts` SET `jobs` = `jobs` - 1, `total_cents` = `total_cents` - coalesce(OLD.`actual_cost_cents`, 0)
    WHERE `partner_group_id` = OLD.`assigned_partner_group_id` AND `approved` = (OLD.`payment_approved_at` IS NOT NULL);
END;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_update_new` AFTER UPDATE OF `completed_at`, `payout_id`, `assigned_partner_group_id`, `payment_approved_at`, `actual_cost_cents` ON `claims`
  WHEN NEW.`completed_at` IS NOT NULL AND NEW.`payout_id` IS NULL AND NEW.`assigned_partner_group_id` IS NOT NULL BEGIN
  INSERT INTO `payout_counts` VALUES (NEW.`assigned_partner_group_id`, NEW.`payment_approved_at` IS NOT NULL, 1, coalesce(NEW.`actual_cost_cents`, 0))
    ON CONFLICT DO UPDATE SET `jobs` = `jobs` + 1, `total_cents` = `total_cents` + excluded.`total_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_delete` AFTER DELETE ON `claims`
  WHEN OLD.`completed_at` IS NOT NULL AND OLD.`payout_id` IS NULL AND OLD.`assigned_partner_group_id` IS NOT NULL BEGIN
  UPDATE `payout_counts` SET `jobs` = `jobs` - 1, `total_cents` = `total_cents` - coalesce(OLD.`actual_cost_cents`, 0)
    WHERE `partner_group_id` = OLD.`assigned_partner_group_id` AND `approved` = (OLD.`payment_approved_at` IS NOT NULL);
END;--> statement-breakpoint
INSERT INTO `payout_counts`
  SELECT `assigned_partner_group_id`, `payment_approved_at` IS NOT NULL, count(*), coalesce(sum(`actual_cost_cents`), 0) FROM `claims`
  WHERE `completed_at` IS NOT NULL AND `payout_id` IS NULL AND `assigned_partner_group_id` IS NOT NULL GROUP BY 1, 2;
