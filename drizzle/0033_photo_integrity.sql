CREATE TABLE `photo_hash_backfill` (
	`table_name` text PRIMARY KEY NOT NULL,
	`last_id` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `photo_hash_bands` (
	`band_key` integer NOT NULL,
	`photo_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`source` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`band_key`, `photo_id`)
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `policy_photos` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `policy_photos` ADD `captured_at` text;--> statement-breakpoint
ALTER TABLE `policy_photos` ADD `camera` text;--> statement-breakpoint
ALTER TABLE `claim_documents` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `claim_documents` ADD `captured_at` text;--> statement-breakpoint
ALTER TABLE `claim_documents` ADD `camera` text;--> statement-breakpoint
ALTER TABLE `claim_document_drafts` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `claim_document_drafts` ADD `captured_at` text;--> statement-breakpoint
ALTER TABLE `claim_document_drafts` ADD `camera` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `filed_from_network` text;--> statement-breakpoint
CREATE INDEX `claims_network_idx` ON `claims` (`filed_from_network`,`submitted_at`) WHERE filed_from_network IS NOT NULL;--> statement-breakpoint
CREATE INDEX `vehicles_vin_idx` ON `vehicles` (`vin`) WHERE vin IS NOT NULL;
