CREATE TABLE `claim_flags` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claim_flags_claim_idx` ON `claim_flags` (`claim_id`);--> statement-breakpoint
ALTER TABLE `claims` ADD `damage_size` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `in_line_of_sight` integer;--> statement-breakpoint
ALTER TABLE `claims` ADD `chip_count` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `damage_zone` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `decided_by_rules_version` text;