/**
 * What the audit log records: the kinds of record it names and every action it knows, each with the words the
 * operator's activity page shows for it. Writing goes through `recordAudit` (app/models/operations/audit.server.ts), which accepts
 * only an action from this list. Safe in the browser (the activity page's filter lists them).
 *
 * The action strings are stored as written here and rows are never rewritten: rename a label freely, never an action.
 */

/** The kinds of record the audit log names (its `entity_type`). */
export const AUDIT_ENTITY_TYPES = [
  'claim',
  'policy',
  'profile',
  'vehicle',
  'partner_group',
  'partner_location',
  'prices',
  'price_change',
  'refund',
  'service_credit',
  'sales_state',
  'payout',
  'decision_settings',
  'storm_event',
  'shop_application',
  'price_schedule',
  'shop_rating',
] as const
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number]

/** Every audit action, the record it is about, and how the operator's pages name it. */
export const AUDIT_ACTIONS = [
  // A claim, from filing to the shop's completion.
  { action: 'claim.submitted', entity: 'claim', label: 'Claim filed' },
  { action: 'claim.approved', entity: 'claim', label: 'Claim approved' },
  // The published decision rules (domain/decision-rules), run once as the claim is filed; the actor names their version.
  { action: 'claim.approved_by_rules', entity: 'claim', label: 'Claim approved at once by the decision rules' },
  { action: 'claim.left_for_review', entity: 'claim', label: 'Claim left for review: the decision rules did not all hold' },
  { action: 'claim.rules_approval_reversed', entity: 'claim', label: 'Automatic approval reversed by the operator' },
  { action: 'claim.denied', entity: 'claim', label: 'Claim denied' },
  { action: 'claim.appealed', entity: 'claim', label: 'Claim appealed' },
  { action: 'claim.shop_chosen', entity: 'claim', label: 'Shop and time chosen by the customer' },
  { action: 'claim.choice_reminded', entity: 'claim', label: 'Customer reminded to choose a shop and a time' },
  { action: 'claim.shop_emailed', entity: 'claim', label: 'Shop e-mailed about a claim' },
  { action: 'claim.shop_not_emailed', entity: 'claim', label: 'Shop not e-mailed about a claim' },
  { action: 'claim.appointment_confirmed', entity: 'claim', label: 'Appointment confirmed by the shop' },
  { action: 'claim.appointment_proposed', entity: 'claim', label: 'Other time proposed by the shop' },
  { action: 'claim.reschedule_requested', entity: 'claim', label: 'Customer asked the shop for another time' },
  { action: 'claim.completed', entity: 'claim', label: 'Claim completed by the shop' },
  { action: 'claim.invoice_held', entity: 'claim', label: 'Invoice held: above the ceiling for its service' },
  { action: 'claim.invoice_released', entity: 'claim', label: 'Held invoice released for payment' },
  { action: 'claim.payment_approved', entity: 'claim', label: 'Job approved for payment to the shop' },
  { action: 'claim.calibration_recorded', entity: 'claim', label: 'Calibration proof recorded by the shop' },
  // The operator's answer to the shop's invoice, the shop's correction, and its disputes.
  { action: 'claim.invoice_rejected', entity: 'claim', label: 'Invoice rejected, with a reason for the shop' },
  { action: 'claim.invoice_resubmitted', entity: 'claim', label: 'Invoice corrected and sent again by the shop' },
  { action: 'claim.invoice_short_paid', entity: 'claim', label: 'Invoice accepted for less than its total' },
  { action: 'claim.dispute_opened', entity: 'claim', label: 'Invoice disputed by the shop' },
  { action: 'claim.dispute_answered', entity: 'claim', label: 'Invoice dispute answered' },
  { action: 'claim.photos_requested', entity: 'claim', label: 'More photos asked for by the operator' },
  { action: 'claim.photos_added', entity: 'claim', label: 'Photos added through a photo-request link' },
  { action: 'claim.technician_on_the_way', entity: 'claim', label: 'Technician on the way (mobile appointment)' },
  // A policy: bought, set up, moved, renewed or ended. `policy.<status>` records a status Stripe reported.
  { action: 'policy.created', entity: 'policy', label: 'Policy bought' },
  { action: 'policy.activated', entity: 'policy', label: 'Policy set up and activated' },
  { action: 'policy.setup_updated', entity: 'policy', label: 'Policy setup updated' },
  { action: 'policy.setup_held', entity: 'policy', label: 'Policy setup held: VIN on another active policy' },
  { action: 'policy.setup_approved', entity: 'policy', label: 'Held setup approved by an operator' },
  { action: 'policy.setup_correction_asked', entity: 'policy', label: 'Held setup sent back for a correction by an operator' },
  { action: 'policy.transferred', entity: 'policy', label: 'Policy moved to another vehicle' },
  { action: 'policy.ownership_offered', entity: 'policy', label: 'Policy offered to the next owner' },
  { action: 'policy.ownership_offer_withdrawn', entity: 'policy', label: 'Offer to the next owner withdrawn' },
  { action: 'policy.ownership_offer_accepted', entity: 'policy', label: 'Offer accepted by the next owner' },
  { action: 'policy.ownership_transferred', entity: 'policy', label: 'Policy passed to the next owner' },
  { action: 'policy.incomplete', entity: 'policy', label: 'Policy waiting for setup (payment)' },
  { action: 'policy.active', entity: 'policy', label: 'Policy active (payment)' },
  { action: 'policy.past_due', entity: 'policy', label: 'Policy payment past due' },
  { action: 'policy.canceled', entity: 'policy', label: 'Policy cancelled' },
  { action: 'policy.renewal_on', entity: 'policy', label: 'Renewal turned on' },
  { action: 'policy.renewal_off', entity: 'policy', label: 'Renewal turned off' },
  { action: 'policy.renewal_notice', entity: 'policy', label: 'Renewal notice sent' },
  { action: 'policy.arbitration_opted_out', entity: 'policy', label: 'Opted out of arbitration' },
  { action: 'policy.price_change_notice', entity: 'policy', label: 'Price change notice sent' },
  { action: 'policy.price_changed', entity: 'policy', label: 'Policy moved to a new price' },
  { action: 'policy.price_change_accepted', entity: 'policy', label: 'Higher price accepted by the customer' },
  { action: 'policy.yearly_reminder', entity: 'policy', label: 'Yearly reminder sent' },
  { action: 'policy.yearly_switch_requested', entity: 'policy', label: 'Switch to yearly billing requested' },
  { action: 'policy.yearly_switch_applied', entity: 'policy', label: 'Switched to yearly billing' },
  // A refund a cancellation gives the customer under their state's rules, and its way through the payments provider.
  { action: 'refund.created', entity: 'refund', label: 'Refund due on cancellation' },
  { action: 'refund.succeeded', entity: 'refund', label: 'Refund paid' },
  { action: 'refund.failed', entity: 'refund', label: 'Refund failed (retried daily)' },
  { action: 'refund.settled', entity: 'refund', label: 'Refund worked out after a payments outage' },
  { action: 'refund.penalty_by_hand', entity: 'refund', label: 'Late penalty above the card payments: to pay by hand' },
  { action: 'refund.penalty_paid_by_hand', entity: 'refund', label: 'Late penalty paid by hand' },
  // Credits: one month's price for a missed service promise, or one the operator added.
  { action: 'service_credit.created', entity: 'service_credit', label: 'Credit due' },
  { action: 'service_credit.applied', entity: 'service_credit', label: 'Credit paid' },
  { action: 'service_credit.failed', entity: 'service_credit', label: 'Credit refused by the payments provider (retried daily)' },
  { action: 'service_credit.waived', entity: 'service_credit', label: 'Credit waived by the operator' },
  { action: 'policy.provider_cancel_noticed', entity: 'policy', label: 'Cancellation by the provider noticed' },
  { action: 'policy.provider_cancel_moved', entity: 'policy', label: 'Cancellation by the provider moved later (notice e-mailed late)' },
  { action: 'policy.governing_state_set', entity: 'policy', label: 'State of residence set' },
  { action: 'policy.governing_state_corrected', entity: 'policy', label: 'State of residence corrected by an operator' },
  // A payment to a partner group for its approved jobs, and the remittance e-mailed to it.
  { action: 'payout.created', entity: 'payout', label: 'Payout created' },
  { action: 'payout.paid', entity: 'payout', label: 'Payout marked paid' },
  { action: 'payout.remittance_sent', entity: 'payout', label: 'Remittance e-mailed to the shop' },
  { action: 'payout.remittance_not_sent', entity: 'payout', label: 'Remittance not e-mailed' },
  { action: 'payout.transfer_refused', entity: 'payout', label: 'Payout transfer refused by Stripe (retried by the daily job)' },
  { action: 'payout.transfer_reversed', entity: 'payout', label: 'Payout transfer reversed at Stripe' },
  { action: 'partner_group.connect_started', entity: 'partner_group', label: 'Stripe payouts account opened for the shop' },
  { action: 'partner_group.connect_ready', entity: 'partner_group', label: 'Stripe payouts account ready (or no longer)' },
  // A customer's account and their privacy requests.
  { action: 'profile.mailing_address_set', entity: 'profile', label: 'Mailing address for paper letters set' },
  { action: 'profile.details_corrected', entity: 'profile', label: 'Name or phone corrected' },
  { action: 'profile.email_change_requested', entity: 'profile', label: 'E-mail change requested' },
  { action: 'profile.email_changed', entity: 'profile', label: 'E-mail address changed' },
  { action: 'profile.email_resent', entity: 'profile', label: 'E-mail resent by an operator' },
  { action: 'privacy.data_exported', entity: 'profile', label: 'Data downloaded' },
  { action: 'profile.deletion_requested', entity: 'profile', label: 'Account deletion requested' },
  { action: 'profile.deleted', entity: 'profile', label: 'Account deleted' },
  { action: 'profile.kept_record_removed', entity: 'profile', label: 'A deleted account’s kept record removed on its day' },
  { action: 'profile.esign_withdrawn', entity: 'profile', label: 'Electronic delivery withdrawn (paper copies)' },
  { action: 'profile.texts_consented', entity: 'profile', label: 'Texts about claims agreed to (number to confirm)' },
  { action: 'profile.texts_confirmed', entity: 'profile', label: 'Number for texts about claims confirmed' },
  { action: 'profile.texts_stopped', entity: 'profile', label: 'Texts about claims ended' },
  { action: 'vehicle.corrected', entity: 'vehicle', label: 'Vehicle corrected by an operator' },
  // The operator's partner list.
  { action: 'partner_group.created', entity: 'partner_group', label: 'Partner group added' },
  { action: 'shop_application.received', entity: 'shop_application', label: 'Application to join the network received' },
  { action: 'shop_application.approved', entity: 'shop_application', label: 'Application to join the network approved' },
  { action: 'shop_application.declined', entity: 'shop_application', label: 'Application to join the network declined' },
  { action: 'partner_group.updated', entity: 'partner_group', label: 'Partner group edited' },
  { action: 'partner_group.activated', entity: 'partner_group', label: 'Partner group activated' },
  { action: 'partner_group.deactivated', entity: 'partner_group', label: 'Partner group deactivated' },
  { action: 'partner_group.staff_added', entity: 'partner_group', label: 'Shop staff added' },
  { action: 'partner_group.staff_removed', entity: 'partner_group', label: 'Shop staff removed' },
  { action: 'partner_location.created', entity: 'partner_location', label: 'Partner location added' },
  { action: 'partner_location.updated', entity: 'partner_location', label: 'Partner location edited' },
  { action: 'partner_location.activated', entity: 'partner_location', label: 'Partner location activated' },
  { action: 'partner_location.deactivated', entity: 'partner_location', label: 'Partner location deactivated' },
  // Prices: the local price list, and scheduled changes with notice.
  { action: 'prices.updated', entity: 'prices', label: 'Local prices updated' },
  { action: 'prices.household_discount_set', entity: 'prices', label: 'Household discount changed' },
  { action: 'price_change.scheduled', entity: 'price_change', label: 'Price change scheduled' },
  { action: 'price_change.cancelled', entity: 'price_change', label: 'Price change cancelled' },
  { action: 'price_change.published', entity: 'price_change', label: 'Price change published' },
  // Where the product is sold (/admin/states).
  { action: 'sales_state.opened', entity: 'sales_state', label: 'Sales opened in a state' },
  { action: 'sales_state.closed', entity: 'sales_state', label: 'Sales closed in a state' },
  // How far the decision rules may approve on their own (/admin/settings).
  { action: 'decision_settings.updated', entity: 'decision_settings', label: 'Automatic approval settings changed' },
  // Storm mode (/admin/storms) and the daily capacity each shop location sets on its pages.
  { action: 'storm_event.declared', entity: 'storm_event', label: 'Storm declared' },
  { action: 'storm_event.edited', entity: 'storm_event', label: 'Declared storm changed' },
  { action: 'partner_location.capacity_set', entity: 'partner_location', label: 'Daily capacity set by the shop' },
  // A customer's rating of the shop that did their job (app/domain/ratings.ts), the shop's answer, the operator's hiding.
  { action: 'shop_rating.given', entity: 'shop_rating', label: 'Shop rated by the customer' },
  { action: 'shop_rating.edited', entity: 'shop_rating', label: 'Shop rating changed by the customer' },
  { action: 'shop_rating.answered', entity: 'shop_rating', label: 'Rating answered by the shop' },
  { action: 'shop_rating.hidden', entity: 'shop_rating', label: 'Rating comment hidden by the operator, with a reason' },
  // The network's price schedule for shops (/admin/price-schedule), its notice, and each group's answer on /shop.
  { action: 'price_schedule.published', entity: 'price_schedule', label: 'Shop price schedule published' },
  { action: 'price_schedule.notice_sent', entity: 'price_schedule', label: 'Shop price schedule e-mailed to the shops' },
  { action: 'partner_group.schedule_accepted', entity: 'partner_group', label: 'Price schedule accepted by the shop' },
  { action: 'partner_group.schedule_refused', entity: 'partner_group', label: 'Price schedule refused by the shop' },
  { action: 'sales_state.facts_updated', entity: 'sales_state', label: 'Registration and insurer facts of a state updated' },
  { action: 'sales_state.form_filed', entity: 'sales_state', label: 'Terms version’s filing with a state’s regulator recorded' },
] as const satisfies readonly { action: string; entity: AuditEntityType; label: string }[]

export type AuditActionEntry = (typeof AUDIT_ACTIONS)[number]
export type AuditAction = AuditActionEntry['action']

const BY_ACTION = new Map<string, AuditActionEntry>(AUDIT_ACTIONS.map((entry) => [entry.action, entry]))

/** The list's entry for a stored action string, or undefined for one it does not know (a row older than the list). */
export function auditActionEntry(action: string): AuditActionEntry | undefined {
  return BY_ACTION.get(action)
}

/** How the operator's pages name a stored action: its label, or the stored string itself when the list lacks it. */
export function auditActionLabel(action: string): string {
  return BY_ACTION.get(action)?.label ?? action
}

/**
 * Every kind of e-mail the product sends: its Postmark tag, the `tag` of its e-mail log row and the `tag` label of the
 * e-mails metric (app/server/metrics.server.ts). `sendEmail` accepts only a tag from this list, so a new e-mail adds its
 * tag here; tests/unit/email-tags.test.ts fails on a tag no sender uses. Like the audit actions, the strings are stored
 * as written: never rename one.
 */
export const EMAIL_TAGS = [
  // Signing in, buying and setting up a plan.
  'sign-in',
  'finish-setup',
  'policy-activated',
  'payment-failed',
  // A policy's life: moved, passed on, renewed, repriced, ended.
  'plan-transferred',
  'ownership-offer',
  'ownership-transferred-buyer',
  'ownership-transferred-seller',
  'renewal-notice',
  'yearly-reminder',
  'price-change',
  'arbitration-opt-out',
  'policy-ended-by-operator',
  'provider-cancellation',
  'refund',
  'service-credit',
  // A claim, to the customer, the operator and the shop.
  'claim-received',
  'claim-choice-reminder',
  'claim-submitted-operator',
  'claim-approved',
  'claim-denied',
  'claim-appeal-received',
  'claim-appeal-operator',
  'claim-assigned-shop',
  'claim-appointment',
  'claim-reschedule-requested',
  'claim-completed',
  'claim-text-by-email',
  'claim-message',
  'claim-message-operator',
  'claim-message-shop',
  'claim-photo-request',
  'shop-rating-request',
  // The account and its privacy requests.
  'email-change',
  'email-changed',
  'account-deletion',
  'account-deleted',
  'esign-withdrawn-operator',
  // The shop network: applications, payouts, the price schedule, and the answers to invoices and disputes.
  'shop-application-received',
  'shop-application-approved',
  'shop-application-declined',
  'payout-remittance',
  'price-schedule-notice',
  'invoice-rejected',
  'invoice-dispute-operator',
  'invoice-dispute-answered',
] as const

export type EmailTag = (typeof EMAIL_TAGS)[number]
