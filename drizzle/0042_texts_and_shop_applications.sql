CREATE TABLE `shop_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`business_name` text NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`locations` text NOT NULL,
	`insurance_carrier` text NOT NULL,
	`insurance_policy_number` text NOT NULL,
	`insurance_expires_on` text NOT NULL,
	`certifications` text,
	`offers_chip_repair` integer DEFAULT false NOT NULL,
	`offers_replacement` integer DEFAULT false NOT NULL,
	`offers_calibration` integer DEFAULT false NOT NULL,
	`mobile_service` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_at` text,
	`decided_by` text,
	`decline_reason` text,
	`partner_group_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `shop_applications_status_idx` ON `shop_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `text_consents` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text,
	`phone` text NOT NULL,
	`wording_version` text NOT NULL,
	`consented_at` text NOT NULL,
	`client_ip` text,
	`user_agent` text,
	`stopped_at` text,
	`stopped_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `text_consents_profile_idx` ON `text_consents` (`profile_id`,`consented_at`);--> statement-breakpoint
CREATE INDEX `text_consents_phone_idx` ON `text_consents` (`phone`) WHERE stopped_at IS NULL;--> statement-breakpoint
CREATE TABLE `text_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text,
	`claim_id` text,
	`to_phone` text NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`transport` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`refusal_reason` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `text_messages_profile_idx` ON `text_messages` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `text_messages_claim_idx` ON `text_messages` (`claim_id`);--> statement-breakpoint
CREATE TABLE `text_replies` (
	`message_sid` text PRIMARY KEY NOT NULL,
	`from_phone` text NOT NULL,
	`keyword` text NOT NULL,
	`received_at` text NOT NULL
);
