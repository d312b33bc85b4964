ALTER TABLE `partner_groups` ADD `stripe_account_id` text;--> statement-breakpoint
ALTER TABLE `partner_groups` ADD `stripe_payouts_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `partner_groups_stripe_account_id_unique` ON `partner_groups` (`stripe_account_id`);--> statement-breakpoint
ALTER TABLE `payouts` ADD `transfer_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `transfer_error` text;--> statement-breakpoint
ALTER TABLE `payouts` ADD `transfer_failed_at` text;