CREATE TABLE `kept_records` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`kind` text NOT NULL,
	`statute` text NOT NULL,
	`holder_name` text,
	`holder_address` text,
	`coverage_ended_on` text NOT NULL,
	`may_go_on` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kept_records_policy_kind_unique` ON `kept_records` (`policy_id`,`kind`,`profile_id`);--> statement-breakpoint
CREATE INDEX `kept_records_may_go_idx` ON `kept_records` (`may_go_on`);--> statement-breakpoint
CREATE TABLE `state_form_filings` (
	`code` text NOT NULL,
	`tos_version` text NOT NULL,
	`filed_on` text NOT NULL,
	`reference` text,
	`recorded_by` text NOT NULL,
	`recorded_at` text NOT NULL,
	PRIMARY KEY(`code`, `tos_version`)
);
--> statement-breakpoint
ALTER TABLE `state_facts` ADD `financial_security_kind` text;--> statement-breakpoint
ALTER TABLE `state_facts` ADD `financial_security_detail` text;