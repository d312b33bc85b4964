CREATE TABLE `claim_thread_reads` (
	`claim_id` text NOT NULL,
	`side` text NOT NULL,
	`emailed_at` text,
	`read_at` text,
	PRIMARY KEY(`claim_id`, `side`),
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
