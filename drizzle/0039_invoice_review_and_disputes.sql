CREATE TABLE `invoice_dispute_files` (
	`id` text PRIMARY KEY NOT NULL,
	`dispute_id` text NOT NULL,
	`file_path` text NOT NULL,
	`thumb_path` text,
	`file_name` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`dispute_id`) REFERENCES `invoice_disputes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_dispute_files_dispute_idx` ON `invoice_dispute_files` (`dispute_id`);--> statement-breakpoint
CREATE TABLE `invoice_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`opened_by` text NOT NULL,
	`created_at` text NOT NULL,
	`answer_due_at` text NOT NULL,
	`outcome` text,
	`answer` text,
	`accepted_cost_cents` integer,
	`answered_by` text,
	`answered_at` text,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_disputes_claim_idx` ON `invoice_disputes` (`claim_id`);--> statement-breakpoint
CREATE INDEX `invoice_disputes_open_idx` ON `invoice_disputes` (`answer_due_at`) WHERE answered_at IS NULL;--> statement-breakpoint
CREATE TABLE `invoice_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`number` integer NOT NULL,
	`fields` text NOT NULL,
	`submitted_by` text,
	`created_at` text NOT NULL,
	`outcome` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`note` text,
	`decided_by` text,
	`decided_at` text,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_submissions_claim_number_idx` ON `invoice_submissions` (`claim_id`,`number`);--> statement-breakpoint
ALTER TABLE `claims` ADD `invoice_rejected_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `accepted_cost_cents` integer;--> statement-breakpoint
-- Hand-written below: the payouts page's counters (0021) add up what a job pays, which is now the amount the operator
-- accepted when it is less than the invoice (a short-pay); the triggers are made again to read it (no count changes: no job has one yet).
DROP TRIGGER `claims_payout_counts_insert`;--> statement-breakpoint
DROP TRIGGER `claims_payout_counts_update_old`;--> statement-breakpoint
DROP TRIGGER `claims_payout_counts_update_new`;--> statement-breakpoint
DROP TRIGGER `claims_payout_counts_delete`;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_insert` AFTER INSERT ON `claims`
  WHEN NEW.`completed_at` IS NOT NULL AND NEW.`payout_id` IS NULL AND NEW.`assigned_partner_group_id` IS NOT NULL BEGIN
  INSERT INTO `payout_counts` VALUES (NEW.`assigned_partner_group_id`, NEW.`payment_approved_at` IS NOT NULL, 1, coalesce(NEW.`accepted_cost_cents`, NEW.`actual_cost_cents`, 0))
    ON CONFLICT DO UPDATE SET `jobs` = `jobs` + 1, `total_cents` = `total_cents` + excluded.`total_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_update_old` AFTER UPDATE OF `completed_at`, `payout_id`, `assigned_partner_group_id`, `payment_approved_at`, `actual_cost_cents`, `accepted_cost_cents` ON `claims`
  WHEN OLD.`completed_at` IS NOT NULL AND OLD.`payout_id` IS NULL AND OLD.`assigned_partner_group_id` IS NOT NULL BEGIN
  UPDATE `payout_counts` SET `jobs` = `jobs` - 1, `total_cents` = `total_cents` - coalesce(OLD.`accepted_cost_cents`, OLD.`actual_cost_cents`, 0)
    WHERE `partner_group_id` = OLD.`assigned_partner_group_id` AND `approved` = (OLD.`payment_approved_at` IS NOT NULL);
END;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_update_new` AFTER UPDATE OF `completed_at`, `payout_id`, `assigned_partner_group_id`, `payment_approved_at`, `actual_cost_cents`, `accepted_cost_cents` ON `claims`
  WHEN NEW.`completed_at` IS NOT NULL AND NEW.`payout_id` IS NULL AND NEW.`assigned_partner_group_id` IS NOT NULL BEGIN
  INSERT INTO `payout_counts` VALUES (NEW.`assigned_partner_group_id`, NEW.`payment_approved_at` IS NOT NULL, 1, coalesce(NEW.`accepted_cost_cents`, NEW.`actual_cost_cents`, 0))
    ON CONFLICT DO UPDATE SET `jobs` = `jobs` + 1, `total_cents` = `total_cents` + excluded.`total_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `claims_payout_counts_delete` AFTER DELETE ON `claims`
  WHEN OLD.`completed_at` IS NOT NULL AND OLD.`payout_id` IS NULL AND OLD.`assigned_partner_group_id` IS NOT NULL BEGIN
  UPDATE `payout_counts` SET `jobs` = `jobs` - 1, `total_cents` = `total_cents` - coalesce(OLD.`accepted_cost_cents`, OLD.`actual_cost_cents`, 0)
    WHERE `partner_group_id` = OLD.`assigned_partner_group_id` AND `approved` = (OLD.`payment_approved_at` IS NOT NULL);
END;
