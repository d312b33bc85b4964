import { index, route, type RouteConfig } from '@react-router/dev/routes'

// Reads like SPEC §2's route table. Each section belongs to one capability; keep additions in their section.
export default [
  // --- public site -------------------------------------------------------------------------------
  // (public-site routes)
  index('routes/home.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('excluded-vehicles', 'routes/excluded-vehicles.tsx'),

  // --- accounts ----------------------------------------------------------------------------------
  // (accounts routes)
  route('auth', 'routes/auth.tsx'),
  route('auth/verify', 'routes/auth.verify.tsx'),
  route('auth/sign-out', 'routes/auth.sign-out.tsx'),
  route('auth/sign-out-others', 'routes/auth.sign-out-others.tsx'),
  route('customer', 'routes/customer.tsx'),
  route('dev/outbox', 'routes/dev.outbox.tsx'),

  // --- signup and payments -----------------------------------------------------------------------
  // (signup routes)
  route('api/stripe-webhook', 'routes/api.stripe-webhook.ts'),
  route('signup', 'routes/signup.tsx', { id: 'signup' }),
  route('signup/:slug', 'routes/signup.tsx', { id: 'signup-partner' }),
  route('checkout-success', 'routes/checkout-success.tsx'),
  route('dev/checkout/:id', 'routes/dev.checkout.tsx'),
  route('customer/policies/:policyId/cancel', 'routes/customer.policy-cancel.tsx'),
  route('api/get-pricing', 'routes/api.get-pricing.ts'),
  route('api/create-checkout', 'routes/api.create-checkout.ts'),
  route('api/cancel-policy', 'routes/api.cancel-policy.ts'),

  // --- policy setup ------------------------------------------------------------------------------
  // (policy-setup routes)
  route('customer/complete-policy', 'routes/customer.complete-policy.tsx'),
  route('customer/policy-photos', 'routes/customer.policy-photos.ts'),
  route('customer/vehicle-models', 'routes/customer.vehicle-models.ts'),
  route('customer/policy-complete', 'routes/customer.policy-complete.tsx'),
  route('files/*', 'routes/files.ts'),

  // --- claims ------------------------------------------------------------------------------------
  // (claims routes)
  route('customer/submit-claim', 'routes/customer.submit-claim.tsx'),
  route('customer/claims/:claimId/appeal', 'routes/customer.claim-appeal.tsx'),
  route('partner/complete-claim', 'routes/partner.complete-claim.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('admin/claims', 'routes/admin.claims.tsx'),
  route('admin/claims/:claimId', 'routes/admin.claims.$claimId.tsx'),
  route('api/get-claim-by-code', 'routes/api.get-claim-by-code.ts'),
  route('api/complete-partner-claim', 'routes/api.complete-partner-claim.ts'),
  route('api/notify-claim-submission', 'routes/api.notify-claim-submission.ts'),

  // --- demo --------------------------------------------------------------------------------------
  // (demo routes)
  route('demo', 'routes/demo.layout.tsx', [
    index('routes/demo.index.tsx'),
    route('customer', 'routes/demo.customer.tsx'),
    route('complete-policy', 'routes/demo.complete-policy.tsx'),
    route('policy-complete', 'routes/demo.policy-complete.tsx'),
    route('submit-claim', 'routes/demo.submit-claim.tsx'),
  ]),
  route('demo/vehicle-models', 'routes/demo.vehicle-models.ts'),

  // --- operations --------------------------------------------------------------------------------
  route('admin/partners', 'routes/admin.partners.tsx'),
  route('admin/policies', 'routes/admin.policies.tsx'),
  route('admin/activity', 'routes/admin.activity.tsx'),
  route('admin/prices', 'routes/admin.prices.tsx'),
  route('healthz', 'routes/healthz.ts'),

  // Any other path: '404', 'Oops! Page not found'.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
