DROP INDEX `policy_photos_slot_unique`;--> statement-breakpoint
ALTER TABLE `policy_photos` ADD `generation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `policy_photos_slot_unique` ON `policy_photos` (`policy_id`,`generation`,`photo_type`,`position`);--> statement-breakpoint
ALTER TABLE `claims` ADD `vehicle_id` text REFERENCES vehicles(id) ON DELETE set null;--> statement-breakpoint
-- Every claim filed so far is for the vehicle its policy covers now (no plan has been transferred before this).
UPDATE `claims` SET `vehicle_id` = (SELECT `vehicle_id` FROM `policies` WHERE `policies`.`id` = `claims`.`policy_id`);
