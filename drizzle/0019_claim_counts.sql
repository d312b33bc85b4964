CREATE TABLE `claim_counts` (
	`approval_status` text NOT NULL,
	`appeal` integer NOT NULL,
	`claims` integer NOT NULL,
	PRIMARY KEY(`approval_status`, `appeal`)
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): the counts follow every claim in the same transaction.
CREATE TRIGGER `claims_counts_insert` AFTER INSERT ON `claims` BEGIN
  INSERT INTO `claim_counts` VALUES (NEW.`approval_status`, NEW.`appealed_at` IS NOT NULL, 1)
    ON CONFLICT DO UPDATE SET `claims` = `claims` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `claims_counts_update` AFTER UPDATE OF `approval_status`, `appealed_at` ON `claims`
  WHEN OLD.`approval_status` IS NOT NEW.`approval_status` OR (OLD.`appealed_at` IS NULL) IS NOT (NEW.`appealed_at` IS NULL) BEGIN
  UPDATE `claim_counts` SET `claims` = `claims` - 1
    WHERE `approval_status` = OLD.`approval_status` AND `appeal` = (OLD.`appealed_at` IS NOT NULL);
  INSERT INTO `claim_counts` VALUES (NEW.`approval_status`, NEW.`appealed_at` IS NOT NULL, 1)
    ON CONFLICT DO UPDATE SET `claims` = `claims` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `claims_counts_delete` AFTER DELETE ON `claims` BEGIN
  UPDATE `claim_counts` SET `claims` = `claims` - 1
    WHERE `approval_status` = OLD.`approval_status` AND `appeal` = (OLD.`appealed_at` IS NOT NULL);
END;--> statement-breakpoint
INSERT INTO `claim_counts` SELECT `approval_status`, `appealed_at` IS NOT NULL, count(*) FROM `claims` GROUP BY 1, 2;
