-- The daily jobs and the service figures read index ranges that hold their work, not every policy or claim
-- (tests/integration/daily-jobs-at-scale.test.ts; docs/benchmarks.md, "A quiet-machine run").
DROP INDEX `claims_group_completed_idx`;--> statement-breakpoint
CREATE INDEX `claims_group_completed_idx` ON `claims` (`assigned_partner_group_id`,`completed_at`,`reviewed_at`,`appointment_at`);--> statement-breakpoint
CREATE INDEX `policies_created_idx` ON `policies` (`created_at`,`status`,`governing_state`,`id`);--> statement-breakpoint
CREATE INDEX `policies_yearly_switch_idx` ON `policies` (`yearly_switch_at`) WHERE yearly_switch_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `policies_yearly_idx` ON `policies` (`status`) WHERE billing_interval = 'year';--> statement-breakpoint
CREATE INDEX `policies_notice_due_idx` ON `policies` (`initial_term_ends_at`) WHERE renewal_notice_sent_at IS NULL;--> statement-breakpoint
CREATE INDEX `policies_canceled_idx` ON `policies` (`canceled_at`) WHERE canceled_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);