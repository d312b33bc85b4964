ALTER TABLE `claims` ADD `invoice_held_for` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `invoice_released_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `invoice_released_by` text;