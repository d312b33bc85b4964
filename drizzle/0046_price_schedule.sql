CREATE TABLE `price_schedule_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_group_id` text NOT NULL,
	`schedule_id` text NOT NULL,
	`accepted` integer NOT NULL,
	`answered_at` text NOT NULL,
	`answered_by` text,
	FOREIGN KEY (`partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`schedule_id`) REFERENCES `price_schedules`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`answered_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_schedule_answers_group_schedule_idx` ON `price_schedule_answers` (`partner_group_id`,`schedule_id`);--> statement-breakpoint
CREATE INDEX `price_schedule_answers_schedule_idx` ON `price_schedule_answers` (`schedule_id`,`accepted`);--> statement-breakpoint
CREATE TABLE `price_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`effective_at` text NOT NULL,
	`chip_repair_cents` integer NOT NULL,
	`replacement_car_cents` integer NOT NULL,
	`replacement_car_adas_cents` integer NOT NULL,
	`replacement_trucksuv_cents` integer NOT NULL,
	`replacement_trucksuv_adas_cents` integer NOT NULL,
	`calibration_static_cents` integer NOT NULL,
	`calibration_dynamic_cents` integer NOT NULL,
	`mobile_surcharge_cents` integer NOT NULL,
	`published_at` text NOT NULL,
	`published_by` text,
	`notice_sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_schedules_version_unique` ON `price_schedules` (`version`);--> statement-breakpoint
ALTER TABLE `claims` ADD `price_schedule_id` text REFERENCES price_schedules(id);--> statement-breakpoint
ALTER TABLE `claims` ADD `scheduled_price_cents` integer;