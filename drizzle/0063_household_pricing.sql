CREATE TABLE `household_pricing` (
	`id` integer PRIMARY KEY NOT NULL,
	`discount_percent` integer NOT NULL,
	`updated_by` text,
	`updated_at` text NOT NULL
);
