CREATE TABLE `partner_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`partner_location_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`partner_location_id`) REFERENCES `partner_locations`(`id`) ON UPDATE no action ON DELETE cascade
);
