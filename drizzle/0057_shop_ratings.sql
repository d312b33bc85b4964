CREATE TABLE `shop_ratings` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`partner_location_id` text NOT NULL,
	`partner_group_id` text,
	`profile_id` text,
	`score` integer NOT NULL,
	`comment` text,
	`created_at` text NOT NULL,
	`edited_at` text,
	`answer` text,
	`answered_at` text,
	`answered_by` text,
	`hidden_reason` text,
	`hidden_at` text,
	`hidden_by` text,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_location_id`) REFERENCES `partner_locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "shop_ratings_score_range" CHECK("shop_ratings"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_ratings_claim_id_unique` ON `shop_ratings` (`claim_id`);--> statement-breakpoint
CREATE INDEX `shop_ratings_location_idx` ON `shop_ratings` (`partner_location_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shop_ratings_group_idx` ON `shop_ratings` (`partner_group_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shop_ratings_created_idx` ON `shop_ratings` (`created_at`,`score`);