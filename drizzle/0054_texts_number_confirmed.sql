ALTER TABLE `text_consents` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `text_consents` ADD `confirmed_by` text;--> statement-breakpoint
ALTER TABLE `text_consents` ADD `code_hash` text;--> statement-breakpoint
ALTER TABLE `text_consents` ADD `code_expires_at` text;--> statement-breakpoint
ALTER TABLE `text_consents` ADD `code_attempts` integer DEFAULT 0 NOT NULL;