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
CREATE INDEX `shop_applications_status_idx` ON `shop_applications` (`status`,`created_at`);