CREATE TABLE `service_credits` (
	`id` text PRIMARY KEY NOT NULL,
	`policy_id` text NOT NULL,
	`profile_id` text,
	`claim_id` text,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`method` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`stripe_id` text,
	`created_by` text NOT NULL,
	`waived_by` text,
	`waived_reason` text,
	`created_at` text NOT NULL,
	`applied_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `service_credits_policy_idx` ON `service_credits` (`policy_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `service_credits_profile_idx` ON `service_credits` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `service_credits_claim_missed_unique` ON `service_credits` (`claim_id`) WHERE kind = 'missed_promise';--> statement-breakpoint
CREATE INDEX `service_credits_pending_idx` ON `service_credits` (`state`) WHERE state = 'pending';