import path from 'node:path'

/**
 * Where the Stripe-mode e2e server and its fake Stripe live, shared by playwright.config.ts, the server script and
 * the spec. Ports are offset by 100/200 from E2E_PORT (not +1): engineers and CI run several e2e servers on
 * neighbouring ports, and every webServer of the config starts on every run.
 */
export function stripeE2eSettings(e2ePort = Number(process.env.E2E_PORT ?? 4173)) {
  const appPort = e2ePort + 100
  const fakePort = e2ePort + 200
  return {
    appPort,
    fakePort,
    appUrl: `http://localhost:${appPort}`,
    fakeUrl: `http://127.0.0.1:${fakePort}`,
    dataDir: path.resolve(`test-results/e2e-stripe-data-${e2ePort}`),
    secretKey: 'sk_test_e2e_fake_stripe',
    webhookSecret: 'whsec_e2e_fake_stripe_secret',
  }
}
