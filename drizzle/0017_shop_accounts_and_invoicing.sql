CREATE TABLE `shop_staff` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_group_id` text NOT NULL,
	`email` text NOT NULL,
	`added_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_staff_email_unique` ON `shop_staff` (`email`);--> statement-breakpoint
CREATE INDEX `shop_staff_group_idx` ON `shop_staff` (`partner_group_id`,`email`);--> statement-breakpoint
ALTER TABLE `claims` ADD `appointment_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `appointment_confirmed_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `appointment_proposed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `claims` ADD `reschedule_requested_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `part_number` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `labor_hours` real;--> statement-breakpoint
ALTER TABLE `claims` ADD `kit_moulding` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `adas_calibration` text;