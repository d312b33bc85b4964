CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_group_id` text NOT NULL,
	`job_count` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`paid_at` text,
	`paid_by` text,
	`reference` text,
	FOREIGN KEY (`partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `payouts_group_idx` ON `payouts` (`partner_group_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `claims` ADD `payment_approved_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `payment_approved_by` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `payout_id` text REFERENCES payouts(id);--> statement-breakpoint
CREATE INDEX `claims_unpaid_jobs_idx` ON `claims` (`assigned_partner_group_id`,`payment_approved_at`,`completed_at`) WHERE completed_at IS NOT NULL AND payout_id IS NULL;--> statement-breakpoint
CREATE INDEX `claims_payout_idx` ON `claims` (`payout_id`) WHERE payout_id IS NOT NULL;