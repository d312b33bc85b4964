ALTER TABLE `claims` ADD `damage_size` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `in_line_of_sight` integer;--> statement-breakpoint
ALTER TABLE `claims` ADD `chip_count` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `damage_zone` text;