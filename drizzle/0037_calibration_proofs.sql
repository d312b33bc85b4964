CREATE TABLE `calibration_proofs` (
	`claim_id` text PRIMARY KEY NOT NULL,
	`method` text NOT NULL,
	`tool_make` text NOT NULL,
	`tool_serial` text NOT NULL,
	`technician_name` text NOT NULL,
	`result` text NOT NULL,
	`recorded_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
