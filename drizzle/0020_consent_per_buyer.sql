DROP INDEX `consent_records_policy_id_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `consent_records_policy_buyer_unique` ON `consent_records` (`policy_id`,`profile_id`);