CREATE TABLE `claim_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`author` text NOT NULL,
	`author_profile_id` text,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `claim_messages_claim_idx` ON `claim_messages` (`claim_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `photo_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`audience` text NOT NULL,
	`note` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_requests_claim_idx` ON `photo_requests` (`claim_id`);