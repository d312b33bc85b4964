ALTER TABLE `refunds` ADD `profile_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `balance_credit_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `netted_cents` integer DEFAULT 0 NOT NULL;