CREATE TABLE `letters` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text,
	`policy_id` text,
	`template` text NOT NULL,
	`recipient` text,
	`content` text NOT NULL,
	`certified` integer NOT NULL,
	`provider` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`provider_letter_id` text,
	`tracking_number` text,
	`cost_cents` integer,
	`late` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `letters_profile_idx` ON `letters` (`profile_id`);--> statement-breakpoint
CREATE INDEX `letters_unsent_idx` ON `letters` (`status`) WHERE status != 'sent';--> statement-breakpoint
CREATE TABLE `state_facts` (
	`code` text PRIMARY KEY NOT NULL,
	`registration_number` text,
	`insurer_name` text,
	`insurer_address` text,
	`insurer_phone` text,
	`administrator_name` text,
	`administrator_registration` text,
	`updated_by` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `policies` ADD `provider_cancel_ground` text;--> statement-breakpoint
ALTER TABLE `policies` ADD `provider_cancel_noticed_at` text;--> statement-breakpoint
ALTER TABLE `policies` ADD `provider_cancel_at` text;--> statement-breakpoint
CREATE INDEX `policies_provider_cancel_idx` ON `policies` (`provider_cancel_at`) WHERE provider_cancel_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `mailing_address` text;