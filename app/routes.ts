import { type RouteConfig, index, route } from '@react-router/dev/routes'

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

  // --- signup and payments -----------------------------------------------------------------------
  // (signup routes)

  // --- policy setup ------------------------------------------------------------------------------
  // (policy-setup routes)
  route('files/*', 'routes/files.ts'),

  // --- claims ------------------------------------------------------------------------------------
  // (claims routes)

  // --- demo --------------------------------------------------------------------------------------
  // (demo routes)

  // --- operations --------------------------------------------------------------------------------
  route('admin/partners', 'routes/admin.partners.tsx'),
  route('healthz', 'routes/healthz.ts'),

  // Any other path: '404', 'Oops! Page not found'.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
