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
ALTER TABLE `partner_locations` ADD `offers_calibration` integer DEFAULT false NOT NULL;