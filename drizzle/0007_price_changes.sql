CREATE TABLE `price_change_notices` (
	`price_change_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`notice_sent_at` text NOT NULL,
	`applied_at` text,
	PRIMARY KEY(`price_change_id`, `policy_id`),
	FOREIGN KEY (`price_change_id`) REFERENCES `price_changes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_change_notices_policy_idx` ON `price_change_notices` (`policy_id`);--> statement-breakpoint
CREATE INDEX `price_change_notices_pending_idx` ON `price_change_notices` (`price_change_id`) WHERE applied_at IS NULL;--> statement-breakpoint
CREATE TABLE `price_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`lookup_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`previous_cents` integer NOT NULL,
	`effective_on` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`published_at` text,
	`stripe_price_id` text,
	`canceled_at` text
);
--> statement-breakpoint
CREATE INDEX `price_changes_key_idx` ON `price_changes` (`lookup_key`,`effective_on`);