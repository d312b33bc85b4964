/**
 * The reasons a claim is held for a person because its photos or its circumstances look reused or suspicious. A claim
 * with any flag is never approved automatically; the customer is only told the claim is being reviewed.
 */
export const INTEGRITY_FLAG_KINDS = [
  'photo_matches_other_account',
  'photo_matches_setup_photo',
  'captured_before_setup',
  'captured_far_from_damage_date',
  'vin_on_other_active_policy',
  'many_claims_from_one_address',
  'many_claims_from_one_network',
] as const
export type IntegrityFlagKind = (typeof INTEGRITY_FLAG_KINDS)[number]
