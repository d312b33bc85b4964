-- The band index keeps one small row per distinct hash and band: the band's key and the hash's other bits as one
-- integer (app/domain/photo-integrity.ts bandRows), and the photos behind each hash move to photo_hashes
-- (docs/decisions/083-photo-hash-index-of-small-rows.md). Both are rebuilt here from the hashes already indexed, each
-- photo once; the keys and rests are computed from the hash's hex digits exactly as bandRows() does, and written in
-- key order. Photos hashed later are filed by the code; the backfill (npm run photos:backfill) is unchanged.
CREATE TABLE `photo_hashes` (
	`hash` text NOT NULL,
	`photo_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`source` text NOT NULL,
	PRIMARY KEY(`hash`, `photo_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `photo_hashes` (`hash`, `photo_id`, `policy_id`, `source`)
SELECT DISTINCT `hash`, `photo_id`, `policy_id`, `source` FROM `photo_hash_bands` ORDER BY `hash`, `photo_id`;
--> statement-breakpoint
CREATE TABLE `__new_photo_hash_bands` (
	`band_key` integer NOT NULL,
	`rest` integer NOT NULL,
	PRIMARY KEY(`band_key`, `rest`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `__new_photo_hash_bands` (`band_key`, `rest`)
WITH `hashes` AS (
	SELECT DISTINCT `hash` FROM `photo_hashes`
), `valued` AS (
	-- The hash as one signed 64-bit integer: shifts and ORs are bitwise in SQLite and never overflow to a real.
	SELECT
		((instr('0123456789abcdef', substr(`hash`, 1, 1)) - 1) << 60) |
		((instr('0123456789abcdef', substr(`hash`, 2, 1)) - 1) << 56) |
		((instr('0123456789abcdef', substr(`hash`, 3, 1)) - 1) << 52) |
		((instr('0123456789abcdef', substr(`hash`, 4, 1)) - 1) << 48) |
		((instr('0123456789abcdef', substr(`hash`, 5, 1)) - 1) << 44) |
		((instr('0123456789abcdef', substr(`hash`, 6, 1)) - 1) << 40) |
		((instr('0123456789abcdef', substr(`hash`, 7, 1)) - 1) << 36) |
		((instr('0123456789abcdef', substr(`hash`, 8, 1)) - 1) << 32) |
		((instr('0123456789abcdef', substr(`hash`, 9, 1)) - 1) << 28) |
		((instr('0123456789abcdef', substr(`hash`, 10, 1)) - 1) << 24) |
		((instr('0123456789abcdef', substr(`hash`, 11, 1)) - 1) << 20) |
		((instr('0123456789abcdef', substr(`hash`, 12, 1)) - 1) << 16) |
		((instr('0123456789abcdef', substr(`hash`, 13, 1)) - 1) << 12) |
		((instr('0123456789abcdef', substr(`hash`, 14, 1)) - 1) << 8) |
		((instr('0123456789abcdef', substr(`hash`, 15, 1)) - 1) << 4) |
		(instr('0123456789abcdef', substr(`hash`, 16, 1)) - 1) AS v
	FROM `hashes`
), `keyed` AS (
	-- Bits 63–43 (the rest: bits 42–0), then 42–22 (the rest: 63–43 above 21–0), then 21–0 (the rest: 63–22).
	SELECT (v >> 43) & 2097151 AS `band_key`, v & 8796093022207 AS `rest` FROM `valued`
	UNION ALL
	SELECT 4194304 + ((v >> 22) & 2097151), (((v >> 43) & 2097151) << 22) | (v & 4194303) FROM `valued`
	UNION ALL
	SELECT 8388608 + (v & 4194303), (v >> 22) & 4398046511103 FROM `valued`
)
SELECT `band_key`, `rest` FROM `keyed` ORDER BY `band_key`, `rest`;
--> statement-breakpoint
DROP TABLE `photo_hash_bands`;
--> statement-breakpoint
ALTER TABLE `__new_photo_hash_bands` RENAME TO `photo_hash_bands`;
