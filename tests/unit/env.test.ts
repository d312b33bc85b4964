import { describe, expect, it } from 'vitest'

import { ConfigError, parseEnv } from '~/env.server'

import { tempDirForTest } from '../support/temp-dir'

function tempDir() {
  return tempDirForTest('glass-env-')
}

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const dataDir = tempDir()
    const config = parseEnv({ DATA_DIR: dataDir })
    expect(config.PORT).toBe(3000)
    expect(config.APP_URL).toBe('http://localhost:3000')
    expect(config.payments).toBe('local')
    expect(config.email).toBe('outbox')
    expect(config.vehicleData).toBe('vpic')
    expect(config.ADMIN_EMAILS).toEqual([])
    expect(config).toMatchObject({
      PROVIDER_NAME: 'Glass Plan LLC',
      PROVIDER_ADDRESS: '2150 South 1300 East, Suite 500, Salt Lake City, UT 84106',
    })
    expect(config.PROVIDER_INSURER).toBeUndefined()
    // The development session secret is generated once and then reused.
    expect(config.SESSION_SECRET).toHaveLength(64)
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(config.SESSION_SECRET)
  })

  it('takes the provider named in the contracts, and its insurer only when one is set', () => {
    const set = parseEnv({
      DATA_DIR: tempDir(),
      PROVIDER_NAME: ' Windshield Care LLC ',
      PROVIDER_ADDRESS: '100 Main Street, Austin, TX 78701',
      PROVIDER_INSURER: 'Example Casualty Company',
    })
    expect(set).toMatchObject({
      PROVIDER_NAME: 'Windshield Care LLC',
      PROVIDER_ADDRESS: '100 Main Street, Austin, TX 78701',
      PROVIDER_INSURER: 'Example Casualty Company',
    })
    expect(parseEnv({ DATA_DIR: tempDir(), PROVIDER_INSURER: ' ' }).PROVIDER_INSURER).toBeUndefined()
    expect(() => parseEnv({ DATA_DIR: tempDir(), PROVIDER_ADDRESS: 'Utah' })).toThrow(ConfigError)
  })

  it('reads where the product is sold from SALES_STATES: every state when unset, USPS codes otherwise', () => {
    expect(parseEnv({ DATA_DIR: tempDir() }).SALES_STATES).toBeNull()
    expect(parseEnv({ DATA_DIR: tempDir(), SALES_STATES: ' ' }).SALES_STATES).toBeNull()
    expect(parseEnv({ DATA_DIR: tempDir(), SALES_STATES: 'tx, CA,dc' }).SALES_STATES).toEqual(['TX', 'CA', 'DC'])
    expect(() => parseEnv({ DATA_DIR: tempDir(), SALES_STATES: 'TX,Texas' })).toThrow(
      'Configuration error: SALES_STATES must be comma-separated USPS state codes (e.g. TX,CA,DC) (got "TX,Texas")',
    )
  })

  it('takes the metrics token and port as optional settings', () => {
    const unset = parseEnv({ DATA_DIR: tempDir(), METRICS_TOKEN: '', METRICS_PORT: '' })
    expect(unset.METRICS_TOKEN).toBeUndefined()
    expect(unset.METRICS_PORT).toBeUndefined()
    const set = parseEnv({ DATA_DIR: tempDir(), METRICS_TOKEN: ` ${'t'.repeat(32)} `, METRICS_PORT: '9091' })
    expect(set.METRICS_TOKEN).toBe('t'.repeat(32))
    expect(set.METRICS_PORT).toBe(9091)
  })

  it('derives APP_URL from PORT and names live adapters', () => {
    const config = parseEnv({
      DATA_DIR: tempDir(),
      PORT: '8080',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      POSTMARK_SERVER_TOKEN: 'token',
      VPIC_URL: 'off',
      ADMIN_EMAILS: ' Ops@Example.com, boss@example.com ',
    })
    expect(config.APP_URL).toBe('http://localhost:8080')
    expect(config.payments).toBe('stripe')
    expect(config.email).toBe('postmark')
    expect(config.vehicleData).toBe('bundled')
    expect(config.ADMIN_EMAILS).toEqual(['ops@example.com', 'boss@example.com'])
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ APP_URL: 'not a url' }, /APP_URL/],
    [{ ADMIN_EMAILS: 'ops@example.com, nope' }, /ADMIN_EMAILS/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ STRIPE_SECRET_KEY: 'sk_test_123' }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/],
    [{ REQUIRE_LIVE_SERVICES: '1' }, /STRIPE_SECRET_KEY is required when REQUIRE_LIVE_SERVICES=1/],
    [{ METRICS_TOKEN: 'too-short-to-guard-the-figures' }, /METRICS_TOKEN must be at least 32 characters/],
    [{ METRICS_PORT: 'ninety' }, /METRICS_PORT/],
    [{ PORT: '9091', METRICS_PORT: '9091' }, /METRICS_PORT must differ from PORT/],
  ])('refuses %o with one clear line', (values, message) => {
    const run = () => parseEnv({ DATA_DIR: tempDir(), ...values })
    expect(run).toThrow(ConfigError)
    expect(run).toThrow(message)
    try {
      run()
    } catch (error) {
      expect((error as Error).message.split('\n')).toHaveLength(1)
    }
  })

  it('accepts a complete live configuration', () => {
    const config = parseEnv({
      DATA_DIR: tempDir(),
      REQUIRE_LIVE_SERVICES: '1',
      NODE_ENV: 'production',
      APP_URL: 'https://glass.example/',
      SESSION_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      POSTMARK_SERVER_TOKEN: 'pm',
      LITESTREAM_REPLICA_URL: 's3://glass-data/litestream/app.sqlite',
      UPLOADS_BUCKET: 'glass-data',
      AWS_ACCESS_KEY_ID: 'tid_1',
      AWS_SECRET_ACCESS_KEY: 'tsec_1',
      AWS_ENDPOINT_URL_S3: 'https://fly.storage.tigris.dev',
    })
    expect(config.REQUIRE_LIVE_SERVICES).toBe(true)
    expect(config.replication).toBe('litestream')
    expect(config.uploads).toBe('s3')
    expect(config.APP_URL).toBe('https://glass.example')
  })
})

describe('local adapters outside this machine', () => {
  it('refuses to start in production with a public APP_URL and the local checkout or outbox, naming what is missing', () => {
    const base = { DATA_DIR: tempDir(), NODE_ENV: 'production', APP_URL: 'https://glass.example', SESSION_SECRET: 'x'.repeat(40) }
    expect(() => parseEnv(base)).toThrow(
      /^Configuration error: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, POSTMARK_SERVER_TOKEN required in production/,
    )
    expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      /^Configuration error: POSTMARK_SERVER_TOKEN required/,
    )
    expect(() => parseEnv({ ...base, POSTMARK_SERVER_TOKEN: 'pm' })).toThrow(
      /^Configuration error: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET required/,
    )
    expect(parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', POSTMARK_SERVER_TOKEN: 'pm' }).payments).toBe(
      'stripe',
    )
  })

  it('refuses a production start with Twilio until the 10DLC brand and campaign ids are recorded', () => {
    const live = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      APP_URL: 'https://glass.example',
      SESSION_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      POSTMARK_SERVER_TOKEN: 'pm',
    }
    const twilio = { TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM_NUMBER: '+18015550100' }
    expect(() => parseEnv({ ...live, ...twilio })).toThrow(
      /^Configuration error: TWILIO_BRAND_ID and TWILIO_CAMPAIGN_ID required in production with Twilio/,
    )
    expect(() => parseEnv({ ...live, ...twilio, TWILIO_BRAND_ID: 'BA1B2C3' })).toThrow(/^Configuration error: TWILIO_CAMPAIGN_ID required/)
    expect(() => parseEnv({ ...live, ...twilio, TWILIO_BRAND_ID: 'not-an-id', TWILIO_CAMPAIGN_ID: 'CX9Y8Z7' })).toThrow(
      /^Configuration error: TWILIO_BRAND_ID must be the brand id/,
    )
    const registered = parseEnv({ ...live, ...twilio, TWILIO_BRAND_ID: 'BA1B2C3', TWILIO_CAMPAIGN_ID: 'CX9Y8Z7' })
    expect(registered.sms).toBe('twilio')
    // Twilio's own ids for the same registration are taken too.
    expect(parseEnv({ ...live, ...twilio, TWILIO_BRAND_ID: `BN${'a'.repeat(32)}`, TWILIO_CAMPAIGN_ID: `QE${'b'.repeat(32)}` }).sms).toBe(
      'twilio',
    )
    // Without Twilio nothing is texted live, and locally the outbox or a test number needs no registration.
    expect(parseEnv(live).sms).toBe('outbox')
    expect(parseEnv({ ...twilio, DATA_DIR: tempDir(), NODE_ENV: 'production' }).sms).toBe('twilio')
  })

  it("caps the texts of a day at the carriers' figure for an unvetted brand unless TEXTS_DAILY_CAP says otherwise", () => {
    expect(parseEnv({ DATA_DIR: tempDir() }).TEXTS_DAILY_CAP).toBe(2_000)
    expect(parseEnv({ DATA_DIR: tempDir(), TEXTS_DAILY_CAP: '6000' }).TEXTS_DAILY_CAP).toBe(6_000)
    expect(() => parseEnv({ DATA_DIR: tempDir(), TEXTS_DAILY_CAP: '0' })).toThrow(/^Configuration error: TEXTS_DAILY_CAP/)
  })

  it('keeps the embedded default working on a loopback APP_URL, in production mode too', () => {
    for (const APP_URL of [undefined, 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      const config = parseEnv({ DATA_DIR: tempDir(), NODE_ENV: 'production', ...(APP_URL ? { APP_URL } : {}) })
      expect(config.payments).toBe('local')
      expect(config.email).toBe('outbox')
    }
    // Outside production a LAN address may still use the local adapters (their tools answer only on localhost).
    expect(parseEnv({ DATA_DIR: tempDir(), APP_URL: 'http://192.168.1.20:3000' }).email).toBe('outbox')
  })
})

describe('served over HTTPS', () => {
  it('follows APP_URL, so a local http start can still keep its session cookie', async () => {
    const { resetEnvForTests, servedOverHttps } = await import('~/env.server')
    const before = process.env.APP_URL
    try {
      process.env.APP_URL = 'https://glass.example'
      resetEnvForTests()
      expect(servedOverHttps()).toBe(true)
      process.env.APP_URL = 'http://192.168.1.20:3000'
      resetEnvForTests()
      expect(servedOverHttps()).toBe(false)
    } finally {
      process.env.APP_URL = before
      resetEnvForTests()
    }
  })
})
