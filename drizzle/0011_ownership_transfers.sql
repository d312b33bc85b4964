CREATE TABLE `ownership_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`policy_id` text NOT NULL,
	`seller_profile_id` text NOT NULL,
	`buyer_email` text NOT NULL,
	`buyer_profile_id` text,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'offered' NOT NULL,
	`expires_at` text NOT NULL,
	`governing_state` text,
	`tos_version` text,
	`tos_accepted_at` text,
	`accepted_at` text,
	`checkout_session_id` text,
	`seller_subscription_id` text,
	`seller_subscription_ended_at` text,
	`paid_at` text,
	`canceled_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ownership_transfers_token_hash_unique` ON `ownership_transfers` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `ownership_transfers_checkout_session_id_unique` ON `ownership_transfers` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `ownership_transfers_policy_idx` ON `ownership_transfers` (`policy_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ownership_transfers_seller_sub_idx` ON `ownership_transfers` (`seller_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ownership_transfers_open_unique` ON `ownership_transfers` (`policy_id`) WHERE status IN ('offered', 'accepted');--> statement-breakpoint
ALTER TABLE `local_checkouts` ADD `ownership_transfer_id` text REFERENCES ownership_transfers(id);--> statement-breakpoint
ALTER TABLE `policies` ADD `owned_since` text;