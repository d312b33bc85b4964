CREATE TABLE `decision_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`automatic_approval` text DEFAULT 'chips' NOT NULL,
	`daily_cap` integer DEFAULT 500 NOT NULL,
	`updated_by` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `claims_rules_approved_idx` ON `claims` (`reviewed_at`) WHERE decided_by_rules_version IS NOT NULL;