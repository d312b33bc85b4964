ALTER TABLE `text_messages` ADD `sent_at` text;--> statement-breakpoint
CREATE INDEX `text_messages_sent_idx` ON `text_messages` (`sent_at`);--> statement-breakpoint
CREATE INDEX `text_messages_queued_idx` ON `text_messages` (`created_at`) WHERE "text_messages"."status" = 'queued';--> statement-breakpoint
UPDATE `text_messages` SET `sent_at` = `created_at` WHERE `status` = 'sent';