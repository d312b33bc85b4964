CREATE TABLE `storm_events` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`area` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`filing_days` integer NOT NULL,
	`declared_by` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `storm_events_days_idx` ON `storm_events` (`ends_on`,`starts_on`);--> statement-breakpoint
ALTER TABLE `claims` ADD `vehicle_zip` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `storm_event_id` text REFERENCES storm_events(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `claims_location_day_idx` ON `claims` (`chosen_location_id`,`preferred_date`,`approval_status`) WHERE chosen_location_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `claims_storm_idx` ON `claims` (`storm_event_id`) WHERE storm_event_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `daily_capacity` integer;