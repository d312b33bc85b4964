ALTER TABLE `claim_document_drafts` ADD `oriented_hashes` text;--> statement-breakpoint
ALTER TABLE `claim_documents` ADD `oriented_hashes` text;--> statement-breakpoint
ALTER TABLE `policy_photos` ADD `oriented_hashes` text;--> statement-breakpoint
-- A database with no photo in the hash index yet has nothing for the backfill to give oriented hashes to, so the
-- lookup needs no probe of the plain hashes there (app/models/photo-integrity.server.ts plainIndexInUse).
INSERT INTO `photo_hash_backfill` (`table_name`, `last_id`, `updated_at`)
SELECT 'oriented_hashes', 'complete', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE NOT EXISTS (SELECT 1 FROM `photo_hashes`);
