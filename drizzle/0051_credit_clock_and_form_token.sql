ALTER TABLE `claims` ADD `choice_reminded_at` text;--> statement-breakpoint
ALTER TABLE `service_credits` ADD `form_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `service_credits_form_token_unique` ON `service_credits` (`form_token`) WHERE form_token IS NOT NULL;