ALTER TABLE `policies` ADD `setup_hold` text;--> statement-breakpoint
ALTER TABLE `policies` ADD `setup_held_at` text;