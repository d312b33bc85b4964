ALTER TABLE `letters` ADD `mailed_at` text;--> statement-breakpoint
ALTER TABLE `provider_cancel_notices` ADD `letter_id` text REFERENCES letters(id);--> statement-breakpoint
-- A letter already posted was mailed when it was posted (the twin's day; Lob's send date was not kept).
UPDATE `letters` SET `mailed_at` = `sent_at` WHERE `status` = 'sent' AND `mailed_at` IS NULL;--> statement-breakpoint
-- A notice given by letter names its letter: the policy's first provider-cancellation or paper-copy letter since the notice.
UPDATE `provider_cancel_notices` SET `letter_id` = (SELECT `id` FROM `letters` WHERE `letters`.`policy_id` = `provider_cancel_notices`.`policy_id` AND `letters`.`template` IN ('provider-cancellation', 'paper-copy') AND `letters`.`created_at` >= `provider_cancel_notices`.`created_at` ORDER BY `letters`.`created_at` LIMIT 1) WHERE `by_email` = 0;
