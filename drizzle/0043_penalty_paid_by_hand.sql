ALTER TABLE `refunds` ADD `penalty_by_hand_paid_at` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `penalty_by_hand_reference` text;