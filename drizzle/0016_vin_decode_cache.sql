CREATE TABLE `vin_decode_cache` (
	`vin` text PRIMARY KEY NOT NULL,
	`decoded` text NOT NULL,
	`fetched_at` text NOT NULL
);
