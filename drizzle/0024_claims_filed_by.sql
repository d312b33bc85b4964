ALTER TABLE `claims` ADD `filed_by_profile_id` text REFERENCES profiles(id);--> statement-breakpoint
CREATE INDEX `claims_filed_by_idx` ON `claims` (`filed_by_profile_id`);--> statement-breakpoint
-- The claimant of each existing claim: the policy's owner when it was filed. A claim filed before the policy passed to
-- its next owner is the seller's of the first paid transfer after it; with no such record, nobody's (never the buyer's).
UPDATE `claims` SET `filed_by_profile_id` = (
  SELECT CASE
    WHEN p.`owned_since` IS NULL OR `claims`.`submitted_at` >= p.`owned_since` THEN p.`profile_id`
    ELSE (
      SELECT t.`seller_profile_id` FROM `ownership_transfers` t
      WHERE t.`policy_id` = p.`id` AND t.`status` = 'paid' AND t.`paid_at` > `claims`.`submitted_at`
      ORDER BY t.`paid_at` ASC LIMIT 1
    )
  END
  FROM `policies` p WHERE p.`id` = `claims`.`policy_id`
);
