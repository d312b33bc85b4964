CREATE TABLE `price_schedule_notices` (
	`schedule_id` text NOT NULL,
	`shop_staff_id` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	PRIMARY KEY(`schedule_id`, `shop_staff_id`),
	FOREIGN KEY (`schedule_id`) REFERENCES `price_schedules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_staff_id`) REFERENCES `shop_staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_schedule_notices_unsent_idx` ON `price_schedule_notices` (`schedule_id`) WHERE sent_at IS NULL;--> statement-breakpoint
CREATE TABLE `provider_cancel_notices` (
	`policy_id` text PRIMARY KEY NOT NULL,
	`explanation` text NOT NULL,
	`by_email` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `provider_cancel_notices_unsent_idx` ON `provider_cancel_notices` (`attempts`) WHERE sent_at IS NULL;--> statement-breakpoint
-- Notices given before this migration: their e-mail was sent once and its outcome not kept, so each is taken as sent
-- when it was noticed (its dates stand as the customer was told them); the explanation comes from the notice's audit row.
INSERT INTO `provider_cancel_notices` (`policy_id`, `explanation`, `by_email`, `attempts`, `sent_at`, `created_at`)
	SELECT `p`.`id`,
		coalesce((SELECT json_extract(`a`.`detail`, '$.explanation') FROM `audit_log` `a`
			WHERE `a`.`action` = 'policy.provider_cancel_noticed' AND `a`.`entity_id` = `p`.`id` ORDER BY `a`.`id` DESC LIMIT 1), ''),
		0, 1, `p`.`provider_cancel_noticed_at`, `p`.`provider_cancel_noticed_at`
	FROM `policies` `p` WHERE `p`.`provider_cancel_noticed_at` IS NOT NULL;
