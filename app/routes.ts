import { index, route, type RouteConfig } from '@react-router/dev/routes'

// Every route, grouped by who uses it; keep additions in their group. A file is named after its URL as React Router's
// file-route convention would name it (`/customer/policies/:policyId/cancel` is `customer.policies.$policyId.cancel.tsx`,
// `[.pdf]` a literal dot, `_index` a layout's index, `$` the rest of the path), so a URL leads to its file.
export default [
  // --- public: anyone, signed in or not -----------------------------------------------------------------------------
  index('routes/_index.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/verify', 'routes/auth.verify.tsx'),
  route('auth/sign-out', 'routes/auth.sign-out.tsx'),
  route('signup', 'routes/signup.tsx', { id: 'signup' }),
  route('signup/:slug', 'routes/signup.tsx', { id: 'signup-partner' }),
  route('checkout-success', 'routes/checkout-success.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx', { id: 'privacy-current' }),
  route('privacy-policy/:revised', 'routes/privacy-policy.tsx', { id: 'privacy-revision' }),
  route('terms-of-service', 'routes/terms-of-service.tsx', { id: 'terms-current' }),
  route('terms-of-service/:version', 'routes/terms-of-service.tsx', { id: 'terms-version' }),
  route('excluded-vehicles', 'routes/excluded-vehicles.tsx'),
  route('how-claims-are-decided', 'routes/how-claims-are-decided.tsx'),
  route('accessibility', 'routes/accessibility.tsx'),
  // The electronic-delivery disclosure as a PDF, with the code the signup's consent asks for (the PDF opens).
  route('esign-disclosure.pdf', 'routes/esign-disclosure[.pdf].ts'),
  // The public service record: the daily job's figures, and the same as CSV.
  route('service-record', 'routes/service-record.tsx'),
  route('service-record.csv', 'routes/service-record[.csv].ts'),
  // A glass shop applies to join the network; the operator reviews it at /admin/applications.
  route('join-the-network', 'routes/join-the-network.tsx'),
  // An offer of a policy from the vehicle's owner: the e-mailed token is the key; accepting needs the invited account.
  route('next-owner/:token', 'routes/next-owner.$token.tsx'),

  // --- customer: signed in, their own policies and claims ------------------------------------------------------------
  route('customer', 'routes/customer.tsx'),
  route('customer/complete-policy', 'routes/customer.complete-policy.tsx'),
  route('customer/policy-photos', 'routes/customer.policy-photos.ts'),
  route('customer/vehicle-models', 'routes/customer.vehicle-models.ts'),
  route('customer/vin/:vin', 'routes/customer.vin.$vin.ts'),
  route('customer/policy-complete', 'routes/customer.policy-complete.tsx'),
  route('customer/submit-claim', 'routes/customer.submit-claim.tsx'),
  // One claim's page and its appointment's calendar file, named by the confirmation code (the customer's name for it).
  route('customer/claims/:code', 'routes/customer.claims.$code.tsx'),
  route('customer/claims/:code/appointment.ics', 'routes/customer.claims.$code.appointment[.ics].ts'),
  route('customer/claims/:claimId/appeal', 'routes/customer.claims.$claimId.appeal.tsx'),
  route('customer/claims/:claimId/shop', 'routes/customer.claims.$claimId.shop.tsx'),
  route('customer/claims/:claimId/reschedule', 'routes/customer.claims.$claimId.reschedule.tsx'),
  route('customer/claims/:claimId/repair-failed', 'routes/customer.claims.$claimId.repair-failed.tsx'),
  // The customer rates the shop of a finished job, once, and may change it for 30 days.
  route('customer/claims/:claimId/rating', 'routes/customer.claims.$claimId.rating.tsx'),
  route('customer/policies/:policyId/cancel', 'routes/customer.policies.$policyId.cancel.tsx'),
  route('customer/policies/:policyId/contract', 'routes/customer.policies.$policyId.contract.tsx'),
  route('customer/policies/:policyId/transfer', 'routes/customer.policies.$policyId.transfer.tsx'),
  route('customer/policies/:policyId/next-owner', 'routes/customer.policies.$policyId.next-owner.tsx'),
  route('customer/policies/:policyId/billing', 'routes/customer.policies.$policyId.billing.tsx'),
  route('customer/policies/:policyId/contract.pdf', 'routes/customer.policies.$policyId.contract[.pdf].ts'),
  route('customer/policies/:policyId/wallet.pkpass', 'routes/customer.policies.$policyId.wallet[.pkpass].ts'),
  route('customer/policies/:policyId/google-wallet', 'routes/customer.policies.$policyId.google-wallet.ts'),
  route('customer/claims/:claimId/calibration-certificate', 'routes/customer.claims.$claimId.calibration-certificate.tsx'),
  route('customer/claims/:claimId/calibration-certificate.pdf', 'routes/customer.claims.$claimId.calibration-certificate[.pdf].ts'),
  route('customer/vehicles/:vehicleId/glass-record', 'routes/customer.vehicles.$vehicleId.glass-record.tsx'),
  route('customer/vehicles/:vehicleId/glass-record.pdf', 'routes/customer.vehicles.$vehicleId.glass-record[.pdf].ts'),
  route('customer/privacy', 'routes/customer.privacy.tsx'),
  route('customer/texts', 'routes/customer.texts.tsx'),
  route('customer/mailing-address', 'routes/customer.mailing-address.tsx'),
  route('customer/privacy/export', 'routes/customer.privacy.export.ts'),
  route('customer/privacy/confirm-email', 'routes/customer.privacy.confirm-email.tsx'),
  // A higher price the customer's state lets reach them only with their consent: the notice's link, for its owner.
  route('price-change/:token', 'routes/price-change.$token.tsx'),
  route('auth/sign-out-others', 'routes/auth.sign-out-others.tsx'),
  // Stored uploads: to their owner, the operator, or a shop holding a signed link.
  route('files/*', 'routes/files.$.ts'),

  // --- partner shops: no sign-in, the claim's code is the key -------------------------------------------------------
  route('partner/complete-claim', 'routes/partner.complete-claim.tsx'),
  // A group's signed-in staff: its jobs only (another group's job is a 404), no React sent.
  route('shop', 'routes/shop.tsx'),
  route('shop/jobs/:claimId', 'routes/shop.jobs.$claimId.tsx'),
  route('shop/jobs/:claimId/calibration', 'routes/shop.jobs.$claimId.calibration.tsx'),
  // The group's ratings by its customers, each answered once, publicly.
  route('shop/ratings', 'routes/shop.ratings.tsx'),
  // The operator's request for more photos: no sign-in, the signed link is the key, once, for that claim only.
  route('photo-requests/done', 'routes/photo-requests.done.tsx'),
  route('photo-requests/:code/:requestId', 'routes/photo-requests.$code.$requestId.tsx'),

  // --- operator: ADMIN_EMAILS only, a 404 for everyone else ---------------------------------------------------------
  // One layout whose middleware is the guard (routes/admin.tsx): every route inside it is guarded.
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    route('claims', 'routes/admin.claims.tsx'),
    route('claims/:claimId', 'routes/admin.claims.$claimId.tsx'),
    route('partners', 'routes/admin.partners.tsx'),
    route('applications', 'routes/admin.applications.tsx'),
    route('scorecards', 'routes/admin.scorecards.tsx'),
    route('ratings', 'routes/admin.ratings.tsx'),
    route('policies', 'routes/admin.policies.tsx'),
    route('setups', 'routes/admin.setups.tsx'),
    route('letters', 'routes/admin.letters.tsx'),
    route('customers/:profileId', 'routes/admin.customers.$profileId.tsx'),
    route('statements', 'routes/admin.statements.tsx'),
    route('statements/download', 'routes/admin.statements.download.ts'),
    route('payouts', 'routes/admin.payouts.tsx'),
    route('activity', 'routes/admin.activity.tsx'),
    route('prices', 'routes/admin.prices.tsx'),
    route('price-schedule', 'routes/admin.price-schedule.tsx'),
    route('states', 'routes/admin.states.tsx'),
    route('states/consents.csv', 'routes/admin.states.consents[.csv].ts'),
    route('states/:code', 'routes/admin.states.$code.tsx'),
    route('settings', 'routes/admin.settings.tsx'),
    route('storms', 'routes/admin.storms.tsx'),
  ]),

  // --- demo: the customer screens with sample data, no sign-in ------------------------------------------------------
  route('demo', 'routes/demo.tsx', [
    index('routes/demo._index.tsx'),
    route('customer', 'routes/demo.customer.tsx'),
    route('complete-policy', 'routes/demo.complete-policy.tsx'),
    route('policy-complete', 'routes/demo.policy-complete.tsx'),
    route('submit-claim', 'routes/demo.submit-claim.tsx'),
  ]),
  route('demo/vehicle-models', 'routes/demo.vehicle-models.ts'),

  // --- integrations: Stripe's webhook and the JSON calls -------------------------------------------------------------
  route('api/stripe-webhook', 'routes/api.stripe-webhook.ts'),
  // Replies to our texts (STOP, HELP), signed by Twilio.
  route('api/twilio-webhook', 'routes/api.twilio-webhook.ts'),
  route('api/get-pricing', 'routes/api.get-pricing.ts'),
  route('api/create-checkout', 'routes/api.create-checkout.ts'),
  route('api/cancel-policy', 'routes/api.cancel-policy.ts'),
  route('api/notify-claim-submission', 'routes/api.notify-claim-submission.ts'),
  route('api/get-claim-by-code', 'routes/api.get-claim-by-code.ts'),
  route('api/complete-partner-claim', 'routes/api.complete-partner-claim.ts'),

  // --- tooling: the local stand-ins for Postmark and Stripe (this machine only), and Fly's health check -------------
  route('dev/outbox', 'routes/dev.outbox.tsx'),
  route('dev/outbox/letters/:file', 'routes/dev.outbox.letters.$file.ts'),
  route('dev/emails', 'routes/dev.emails.tsx'),
  route('dev/emails/:template', 'routes/dev.emails.$template.ts'),
  route('dev/checkout/:id', 'routes/dev.checkout.$id.tsx'),
  route('healthz', 'routes/healthz.ts'),
  // The operator's figures for Prometheus: a bearer token, or this machine only.
  route('metrics', 'routes/metrics.ts'),

  // Any other path: '404', 'Oops! Page not found'. Stays last.
  route('*', 'routes/$.tsx'),
] satisfies RouteConfig
