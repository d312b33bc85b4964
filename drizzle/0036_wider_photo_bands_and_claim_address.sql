ALTER TABLE `claims` ADD `filed_from_address` text;--> statement-breakpoint
CREATE INDEX `claims_address_idx` ON `claims` (`filed_from_address`,`submitted_at`) WHERE filed_from_address IS NOT NULL;--> statement-breakpoint
-- The band index moves from four 16-bit bands to three of 21, 21 and 22 bits (app/domain/photo-integrity.ts,
-- docs/decisions/071-wider-photo-hash-bands.md). Its rows are rebuilt from the hashes already indexed, each photo once,
-- its key computed here from the hash's hex digits exactly as bandKeys() does (band × 2^22 + the band's bits), and
-- written in key order. Photos hashed later are filed by the code; the backfill (npm run photos:backfill) is unchanged.
CREATE TABLE `__new_photo_hash_bands` (
	`band_key` integer NOT NULL,
	`photo_id` text NOT NULL,
	`policy_id` text NOT NULL,
	`source` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`band_key`, `photo_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `__new_photo_hash_bands` (`band_key`, `photo_id`, `policy_id`, `source`, `hash`)
WITH `photos` AS (
	SELECT DISTINCT `photo_id`, `policy_id`, `source`, `hash` FROM `photo_hash_bands`
), `digits` AS (
	SELECT `photo_id`, `policy_id`, `source`, `hash`,
		instr('0123456789abcdef', substr(`hash`, 1, 1)) - 1 AS d1,
		instr('0123456789abcdef', substr(`hash`, 2, 1)) - 1 AS d2,
		instr('0123456789abcdef', substr(`hash`, 3, 1)) - 1 AS d3,
		instr('0123456789abcdef', substr(`hash`, 4, 1)) - 1 AS d4,
		instr('0123456789abcdef', substr(`hash`, 5, 1)) - 1 AS d5,
		instr('0123456789abcdef', substr(`hash`, 6, 1)) - 1 AS d6,
		instr('0123456789abcdef', substr(`hash`, 7, 1)) - 1 AS d7,
		instr('0123456789abcdef', substr(`hash`, 8, 1)) - 1 AS d8,
		instr('0123456789abcdef', substr(`hash`, 9, 1)) - 1 AS d9,
		instr('0123456789abcdef', substr(`hash`, 10, 1)) - 1 AS d10,
		instr('0123456789abcdef', substr(`hash`, 11, 1)) - 1 AS d11,
		instr('0123456789abcdef', substr(`hash`, 12, 1)) - 1 AS d12,
		instr('0123456789abcdef', substr(`hash`, 13, 1)) - 1 AS d13,
		instr('0123456789abcdef', substr(`hash`, 14, 1)) - 1 AS d14,
		instr('0123456789abcdef', substr(`hash`, 15, 1)) - 1 AS d15,
		instr('0123456789abcdef', substr(`hash`, 16, 1)) - 1 AS d16
	FROM `photos`
), `keyed` AS (
	-- Bits 63–43, then 42–22, then 21–0.
	SELECT (d1 << 17) | (d2 << 13) | (d3 << 9) | (d4 << 5) | (d5 << 1) | (d6 >> 3) AS `band_key`,
		`photo_id`, `policy_id`, `source`, `hash` FROM `digits`
	UNION ALL
	SELECT 4194304 + (((d6 & 7) << 18) | (d7 << 14) | (d8 << 10) | (d9 << 6) | (d10 << 2) | (d11 >> 2)),
		`photo_id`, `policy_id`, `source`, `hash` FROM `digits`
	UNION ALL
	SELECT 8388608 + (((d11 & 3) << 20) | (d12 << 16) | (d13 << 12) | (d14 << 8) | (d15 << 4) | d16),
		`photo_id`, `policy_id`, `source`, `hash` FROM `digits`
)
SELECT `band_key`, `photo_id`, `policy_id`, `source`, `hash` FROM `keyed` ORDER BY `band_key`, `photo_id`;
--> statement-breakpoint
DROP TABLE `photo_hash_bands`;
--> statement-breakpoint
ALTER TABLE `__new_photo_hash_bands` RENAME TO `photo_hash_bands`;
