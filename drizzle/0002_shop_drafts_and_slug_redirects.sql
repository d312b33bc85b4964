CREATE TABLE `claim_document_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`document_type` text NOT NULL,
	`file_path` text NOT NULL,
	`thumb_path` text,
	`file_name` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claim_document_drafts_claim_idx` ON `claim_document_drafts` (`claim_id`,`document_type`);--> statement-breakpoint
CREATE TABLE `partner_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`partner_location_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`partner_location_id`) REFERENCES `partner_locations`(`id`) ON UPDATE no action ON DELETE cascade
);
