ALTER TABLE `claims` ADD `chosen_location_id` text REFERENCES partner_locations(id);--> statement-breakpoint
ALTER TABLE `claims` ADD `preferred_date` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `preferred_slot` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `service_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `service_address` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `shop_chosen_at` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `address` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `city` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `state` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `zip` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `hours` text;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `mobile_service` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `mobile_radius_miles` integer;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `offers_chip_repair` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `offers_replacement` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `partner_locations` ADD `offers_calibration` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `zip` text;