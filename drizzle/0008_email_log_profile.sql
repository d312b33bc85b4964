ALTER TABLE `email_log` ADD `profile_id` text REFERENCES profiles(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `email_log_profile_idx` ON `email_log` (`profile_id`,`created_at`);--> statement-breakpoint
-- Hand-written below. The e-mails already sent get their account where the address tells it without doubt: the addresses an account has
-- now or had (its e-mail changes, in the audit log), each held by exactly one account. An address two accounts have
-- held (changed away from, then signed up with again) stays unattributed: its history then belongs to no account's
-- data export, rather than to the wrong one.
WITH `holders` (`address`, `profile_id`) AS (
	SELECT lower(`email`), `id` FROM `profiles`
	UNION
	SELECT lower(json_extract(`detail`, '$.from')), `entity_id` FROM `audit_log`
	WHERE `action` = 'profile.email_changed' AND `entity_type` = 'profile' AND json_valid(`detail`)
		AND json_extract(`detail`, '$.from') IS NOT NULL AND `entity_id` IN (SELECT `id` FROM `profiles`)
	UNION
	SELECT lower(json_extract(`detail`, '$.to')), `entity_id` FROM `audit_log`
	WHERE `action` = 'profile.email_changed' AND `entity_type` = 'profile' AND json_valid(`detail`)
		AND json_extract(`detail`, '$.to') IS NOT NULL AND `entity_id` IN (SELECT `id` FROM `profiles`)
),
`sole_holders` AS (
	SELECT `address`, min(`profile_id`) AS `profile_id` FROM `holders` GROUP BY `address` HAVING count(DISTINCT `profile_id`) = 1
)
UPDATE `email_log`
SET `profile_id` = (SELECT `profile_id` FROM `sole_holders` WHERE `sole_holders`.`address` = lower(`email_log`.`to`))
WHERE `profile_id` IS NULL;
