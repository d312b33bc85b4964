CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`policy_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`rule` text NOT NULL,
	`gross_cents` integer NOT NULL,
	`claims_deducted_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`unused_days` integer,
	`period_days` integer,
	`state` text,
	`provider` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`stripe_refund_id` text,
	`due_by` text,
	`created_at` text NOT NULL,
	`succeeded_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_unique` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_policy_idx` ON `refunds` (`policy_id`);--> statement-breakpoint
CREATE INDEX `refunds_unpaid_idx` ON `refunds` (`status`) WHERE status != 'succeeded';--> statement-breakpoint
CREATE TABLE `yearly_reminders` (
	`policy_id` text NOT NULL,
	`anniversary` integer NOT NULL,
	`sent_at` text NOT NULL,
	PRIMARY KEY(`policy_id`, `anniversary`),
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `price_change_notices` ADD `consent_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `price_change_notices` ADD `consent_token_hash` text;--> statement-breakpoint
ALTER TABLE `price_change_notices` ADD `accepted_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `price_change_notices_consent_token_hash_unique` ON `price_change_notices` (`consent_token_hash`);