CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`detail` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `claim_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`document_type` text NOT NULL,
	`file_path` text NOT NULL,
	`thumb_path` text,
	`file_name` text NOT NULL,
	`uploaded_by_profile_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `claim_documents_claim_idx` ON `claim_documents` (`claim_id`,`document_type`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` text PRIMARY KEY NOT NULL,
	`policy_id` text NOT NULL,
	`damage_type` text DEFAULT 'chip' NOT NULL,
	`description` text NOT NULL,
	`damage_date` text,
	`filed_late` integer DEFAULT false NOT NULL,
	`lifecycle_status` text DEFAULT 'submitted' NOT NULL,
	`approval_status` text DEFAULT 'pending_review' NOT NULL,
	`confirmation_code` text NOT NULL,
	`assigned_partner_group_id` text,
	`reviewed_at` text,
	`reviewed_by` text,
	`denial_reason` text,
	`appeal_text` text,
	`appealed_at` text,
	`completed_at` text,
	`repair_type` text,
	`actual_cost_cents` integer,
	`partner_notes` text,
	`created_at` text NOT NULL,
	`submitted_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`assigned_partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_confirmation_code_unique` ON `claims` (`confirmation_code`);--> statement-breakpoint
CREATE INDEX `claims_policy_idx` ON `claims` (`policy_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_queue_idx` ON `claims` (`approval_status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `email_log` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`tag` text,
	`transport` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`error` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_log_created_idx` ON `email_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `local_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`lookup_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`partner_location_id` text,
	`profile_id` text,
	`tos_version` text NOT NULL,
	`tos_accepted_at` text NOT NULL,
	`cancel_path` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`email` text,
	`full_name` text,
	`created_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`partner_location_id`) REFERENCES `partner_locations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `partner_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `partner_locations` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_group_id` text,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`partner_group_id`) REFERENCES `partner_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_locations_slug_unique` ON `partner_locations` (`slug`);--> statement-breakpoint
CREATE INDEX `partner_locations_group_idx` ON `partner_locations` (`partner_group_id`);--> statement-breakpoint
CREATE TABLE `policies` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`status` text DEFAULT 'incomplete' NOT NULL,
	`plan_type` text NOT NULL,
	`vehicle_type` text,
	`has_adas` integer,
	`lookup_key` text NOT NULL,
	`monthly_price_cents` integer NOT NULL,
	`billing_interval` text DEFAULT 'month' NOT NULL,
	`windshield_photos_uploaded` integer DEFAULT false NOT NULL,
	`vehicle_id` text,
	`initial_term_ends_at` text NOT NULL,
	`coverage_start_date` text,
	`partner_location_id` text,
	`tos_version` text NOT NULL,
	`tos_accepted_at` text NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`stripe_checkout_session_id` text,
	`canceled_at` text,
	`cancel_at` text,
	`transfer_used_at` text,
	`renewal_notice_sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`partner_location_id`) REFERENCES `partner_locations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `policies_stripe_subscription_id_unique` ON `policies` (`stripe_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `policies_stripe_checkout_session_id_unique` ON `policies` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE INDEX `policies_profile_idx` ON `policies` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `policies_status_idx` ON `policies` (`status`,`initial_term_ends_at`);--> statement-breakpoint
CREATE TABLE `policy_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`policy_id` text NOT NULL,
	`photo_type` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`file_path` text NOT NULL,
	`thumb_path` text,
	`file_name` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `policies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `policy_photos_slot_unique` ON `policy_photos` (`policy_id`,`photo_type`,`position`);--> statement-breakpoint
CREATE TABLE `prices` (
	`lookup_key` text PRIMARY KEY NOT NULL,
	`amount_cents` integer NOT NULL,
	`stripe_price_id` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`full_name` text,
	`phone` text,
	`role` text DEFAULT 'customer' NOT NULL,
	`stripe_customer_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_email_unique` ON `profiles` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_stripe_customer_id_unique` ON `profiles` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_started_at` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`blocked_until` integer
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`user_agent` text,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_profile_idx` ON `sessions` (`profile_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`object_id` text,
	`processed_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vehicle_model_cache` (
	`make` text NOT NULL,
	`year` integer NOT NULL,
	`models` text NOT NULL,
	`fetched_at` text NOT NULL,
	PRIMARY KEY(`make`, `year`)
);
--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`license_plate` text NOT NULL,
	`license_plate_state` text NOT NULL,
	`vehicle_type` text,
	`has_adas` integer,
	`year` integer NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vehicles_profile_idx` ON `vehicles` (`profile_id`);--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`purpose` text DEFAULT 'sign_in' NOT NULL,
	`code_hash` text NOT NULL,
	`token_hash` text NOT NULL,
	`redirect_to` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`consumed_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifications_token_hash_unique` ON `verifications` (`token_hash`);--> statement-breakpoint
CREATE INDEX `verifications_email_idx` ON `verifications` (`email`,`created_at`);