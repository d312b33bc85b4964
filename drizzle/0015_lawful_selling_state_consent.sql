CREATE TABLE `consent_records` (
	`id` text PRIMARY KEY NOT NULL,
	`policy_id` text NOT NULL,
	`profile_id` text,
	`tos_version` text NOT NULL,
	`price_cents` integer NOT NULL,
	`renewal_terms_version` text NOT NULL,
	`esign_version` text NOT NULL,
	`governing_state` text,
	`consented_at` text NOT NULL,
	`client_ip` text,
	`user_agent` text,
	`anonymised_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consent_records_policy_id_unique` ON `consent_records` (`policy_id`);--> statement-breakpoint
CREATE INDEX `consent_records_profile_idx` ON `consent_records` (`profile_id`);--> statement-breakpoint
CREATE TABLE `sales_states` (
	`code` text PRIMARY KEY NOT NULL,
	`is_open` integer NOT NULL,
	`changed_by` text NOT NULL,
	`changed_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `local_checkouts` ADD `governing_state` text;--> statement-breakpoint
ALTER TABLE `local_checkouts` ADD `consent` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `esign_withdrawn_at` text;