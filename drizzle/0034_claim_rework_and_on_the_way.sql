ALTER TABLE `claims` ADD `technician_on_the_way_at` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `repair_failure_of_claim_id` text REFERENCES claims(id);--> statement-breakpoint
CREATE INDEX `claims_repair_failure_idx` ON `claims` (`repair_failure_of_claim_id`) WHERE repair_failure_of_claim_id IS NOT NULL;