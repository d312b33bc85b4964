import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { z } from 'zod'

import { normalizeEmail } from '~/domain/email'
import { isStateCode } from '~/domain/state-rules'
import { UNVETTED_BRAND_DAILY_TEXTS } from '~/domain/texts'

/** Thrown when the environment is unusable; its message is the one line the operator sees. */
export class ConfigError extends Error {}

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const emailAddress = z.string().trim().email()

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.string().trim().url().optional(),
  DATA_DIR: z.string().trim().min(1).default('./storage'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** The signing secret of the Connect webhook endpoint (the shops' accounts' events), when it is a separate one. */
  STRIPE_CONNECT_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: z.string().trim().url().optional(),
  POSTMARK_SERVER_TOKEN: optional,
  POSTMARK_API_URL: z.string().trim().url().optional(),
  EMAIL_FROM: z.string().trim().min(3).default('Glass Plan <hello@glassplan.example>'),
  SUPPORT_EMAIL: emailAddress.default('support@glassplan.example'),
  PARTNER_EMAIL: emailAddress.default('partners@glassplan.example'),
  SUPPORT_PHONE: z.string().trim().min(7).default('(801) 555-0142'),
  /** The provider every contract names, with its postal address (the states' disclosures: docs/selling-lawfully.md). */
  PROVIDER_NAME: z.string().trim().min(2).default('Glass Plan LLC'),
  PROVIDER_ADDRESS: z.string().trim().min(10).default('2150 South 1300 East, Suite 500, Salt Lake City, UT 84106'),
  /** The insurer that backs the provider's obligations; unset → the contract says the provider's full faith and credit does. */
  PROVIDER_INSURER: optional,
  /** Lob's API key: paper letters are posted through Lob; unset → rendered as PDFs into the local outbox. */
  LOB_API_KEY: optional,
  LOB_API_URL: z.string().trim().url().optional(),
  /**
   * Twilio's account, its auth token (also the webhook's signing key) and the number texts come from: claim texts go
   * through Twilio; unset → written to the local outbox. TWILIO_API_URL points the SDK elsewhere (the tests' fake).
   */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM_NUMBER: optional,
  TWILIO_API_URL: z.string().trim().url().optional(),
  /**
   * The 10DLC registration of the number texts come from: the brand's id and the campaign's (The Campaign Registry's
   * B…/C… ids, or Twilio's BN…/QE… ones). Carriers block texts from an unregistered number, so a production start
   * with Twilio set refuses to start without them.
   */
  TWILIO_BRAND_ID: z
    .string()
    .trim()
    .regex(/^(B[A-Z0-9]{6}|BN[0-9a-f]{32})$/, 'must be the brand id of the 10DLC registration (B + 6 letters or digits, or BN…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TWILIO_CAMPAIGN_ID: z
    .string()
    .trim()
    .regex(/^(C[A-Z0-9]{6}|QE[0-9a-f]{32})$/, 'must be the campaign id of the 10DLC registration (C + 6 letters or digits, or QE…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The texts sent in a Pacific-time day before the rest wait for the next (app/domain/texts.ts: carriers' cap). */
  TEXTS_DAILY_CAP: z.coerce.number().int().min(1).default(UNVETTED_BRAND_DAILY_TEXTS),
  /**
   * The Apple Wallet pass: the Pass Type ID, the team that owns it, its certificate and private key (PEM; a literal
   * `\n` reads as a line break, so a key fits on one line) and Apple's WWDR intermediate certificate. All five or none
   * (the passphrase only for an encrypted key); none → test passes signed by a certificate made locally
   * (app/services/wallet.server.ts).
   */
  APPLE_PASS_TYPE_ID: optional,
  APPLE_TEAM_ID: optional,
  APPLE_PASS_CERT: optional,
  APPLE_PASS_KEY: optional,
  APPLE_PASS_KEY_PASSPHRASE: optional,
  APPLE_WWDR_CERT: optional,
  /** Google Wallet: the issuer id and the service account whose key signs the "Save to Google Wallet" links. All or none. */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be the issuer id Google Pay & Wallet Console shows (digits)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: emailAddress.optional().or(z.literal('').transform(() => undefined)),
  GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: optional,
  VPIC_URL: z.union([z.literal('off'), z.string().trim().url()]).default('https://vpic.nhtsa.dot.gov/api/vehicles'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map(normalizeEmail).filter(Boolean))
    .pipe(z.array(emailAddress)),
  /**
   * The states where the product is sold from the start (comma-separated USPS codes); unset means every state. The
   * operator opens and closes states at /admin/states afterwards (docs/decisions/048).
   */
  SALES_STATES: z
    .string()
    .optional()
    .transform((list) => {
      const codes = (list ?? '')
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean)
      return codes.length ? codes : null
    })
    .refine((codes) => codes === null || codes.every(isStateCode), 'must be comma-separated USPS state codes (e.g. TX,CA,DC)'),
  REQUIRE_LIVE_SERVICES: z.enum(['0', '1', '']).optional(),
  /** Behind Fly's proxy the client address is in this header; unset means the socket address is used. */
  CLIENT_IP_HEADER: optional,
  /** Where Litestream replicates the database (s3://bucket/path, or file:///path for a second disk). */
  LITESTREAM_REPLICA_URL: z
    .string()
    .trim()
    .regex(/^(s3:\/\/[a-z0-9][a-z0-9.-]{1,62}(\/.*)?|file:\/\/\/.+)$/, 'must be s3://bucket/path or file:///absolute/path')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** /healthz fails when the replica is further behind than this (docs/operating.md). */
  REPLICATION_MAX_LAG_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Photos and documents in this bucket instead of DATA_DIR/uploads. */
  UPLOADS_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,62}$/, 'must be a bucket name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // S3-compatible credentials and endpoint, as `fly storage create` sets them for a Tigris bucket.
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  AWS_ENDPOINT_URL_S3: z
    .string()
    .trim()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AWS_REGION: z.string().trim().min(1).default('auto'),
  /** A scraper that sends `Authorization: Bearer <this>` may read /metrics from anywhere (docs/operating.md "Metrics"). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Error reports go to this Sentry project (docs/operating.md, "Error reports"); unset, none are sent and the SDK is
   * never loaded. A DSN names its key and project: https://<key>@<host>/<project>.
   */
  SENTRY_DSN: z
    .string()
    .trim()
    .url()
    .regex(/^https?:\/\/[^@/\s]+@[^/\s]+\/(.+\/)?\d+$/, 'must be a Sentry DSN (https://<key>@<host>/<project id>)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A second port that answers only GET /metrics, to whoever can reach it: Fly's scraper over the private network. */
  METRICS_PORT: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().min(1).max(65535)]).optional(),
})

/** Every setting's name, for the logger's redaction list test (tests/unit/logger.test.ts). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape)

export type Env = Omit<z.infer<typeof EnvSchema>, 'APP_URL' | 'SESSION_SECRET' | 'DATA_DIR' | 'REQUIRE_LIVE_SERVICES'> & {
  APP_URL: string
  SESSION_SECRET: string
  DATA_DIR: string
  REQUIRE_LIVE_SERVICES: boolean
  payments: 'stripe' | 'local'
  email: 'postmark' | 'outbox'
  mail: 'lob' | 'outbox'
  sms: 'twilio' | 'outbox'
  /**
   * Where a state's registration and insurer facts come from: the operator ('required', a production start — a
   * non-loopback APP_URL — opens only the states SALES_STATES names whose facts are filled in), or made-up samples for
   * the facts not filled in ('sample', the embedded local default, which sells everywhere).
   */
  stateFacts: 'required' | 'sample'
  vehicleData: 'vpic' | 'bundled'
  /** Litestream replicates the database, or nothing does. */
  replication: 'litestream' | 'off'
  uploads: 's3' | 'local'
  /**
   * Who signs the plan card in each wallet: the operator's credentials ('signed'), a test certificate made locally
   * ('test', the embedded local default: a loopback APP_URL), or nobody ('off': a server others reach without the
   * credentials offers no card rather than one the phone refuses).
   */
  appleWallet: WalletSigning
  googleWallet: WalletSigning
}

export type WalletSigning = 'signed' | 'test' | 'off'

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const name = issue.path.join('.') || 'environment'
    throw new ConfigError(
      `Configuration error: ${name} ${issue.message.replace(/^Invalid input: /, '')} (got ${JSON.stringify(source[name] ?? '')})`,
    )
  }
  const parsed = result.data
  const requireLive = parsed.REQUIRE_LIVE_SERVICES === '1'
  const dataDir = path.resolve(parsed.DATA_DIR)

  if (Boolean(parsed.STRIPE_SECRET_KEY) !== Boolean(parsed.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Configuration error: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together')
  }
  if (requireLive) {
    // A live deployment keeps its records off the volume: the database replicated, uploads in a bucket.
    for (const name of [
      'STRIPE_SECRET_KEY',
      'POSTMARK_SERVER_TOKEN',
      'SESSION_SECRET',
      'APP_URL',
      'LITESTREAM_REPLICA_URL',
      'UPLOADS_BUCKET',
    ] as const) {
      if (!parsed[name]) throw new ConfigError(`Configuration error: ${name} is required when REQUIRE_LIVE_SERVICES=1`)
    }
  }

  const usesS3 = Boolean(parsed.UPLOADS_BUCKET) || Boolean(parsed.LITESTREAM_REPLICA_URL?.startsWith('s3://'))
  if (usesS3 && (!parsed.AWS_ACCESS_KEY_ID || !parsed.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Configuration error: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required with UPLOADS_BUCKET or an s3:// LITESTREAM_REPLICA_URL',
    )
  }

  const twilio = [parsed.TWILIO_ACCOUNT_SID, parsed.TWILIO_AUTH_TOKEN, parsed.TWILIO_FROM_NUMBER]
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new ConfigError('Configuration error: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER must be set together')
  }

  const apple = [parsed.APPLE_PASS_TYPE_ID, parsed.APPLE_TEAM_ID, parsed.APPLE_PASS_CERT, parsed.APPLE_PASS_KEY, parsed.APPLE_WWDR_CERT]
  if (apple.some(Boolean) && !apple.every(Boolean)) {
    throw new ConfigError(
      'Configuration error: APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT must be set together',
    )
  }
  const google = [parsed.GOOGLE_WALLET_ISSUER_ID, parsed.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, parsed.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY]
  if (google.some(Boolean) && !google.every(Boolean)) {
    throw new ConfigError(
      'Configuration error: GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_SERVICE_ACCOUNT_KEY must be set together',
    )
  }

  if (parsed.METRICS_PORT !== undefined && parsed.METRICS_PORT === parsed.PORT) {
    throw new ConfigError('Configuration error: METRICS_PORT must differ from PORT (the metrics port is never the public one)')
  }

  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '')
  // The local adapters' tools (/dev/outbox, /dev/checkout) answer only on this machine; a production server that
  // others can reach must not run on them: it could take no payment and deliver no e-mail.
  if (parsed.NODE_ENV === 'production' && !isLoopbackOrigin(appUrl)) {
    const missing = [
      ...(parsed.STRIPE_SECRET_KEY ? [] : ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
      ...(parsed.POSTMARK_SERVER_TOKEN ? [] : ['POSTMARK_SERVER_TOKEN']),
    ]
    if (missing.length) {
      throw new ConfigError(
        `Configuration error: ${missing.join(', ')} required in production when APP_URL (${appUrl}) is not a loopback address; the local test checkout and outbox only run on localhost`,
      )
    }
  }
  // Texts live only from a registered number: a carrier drops an unregistered number's texts, or blocks the number.
  if (parsed.NODE_ENV === 'production' && !isLoopbackOrigin(appUrl) && parsed.TWILIO_AUTH_TOKEN) {
    const missing = (['TWILIO_BRAND_ID', 'TWILIO_CAMPAIGN_ID'] as const).filter((name) => !parsed[name])
    if (missing.length) {
      throw new ConfigError(
        `Configuration error: ${missing.join(' and ')} required in production with Twilio: texts go live only from a number whose 10DLC brand and campaign are registered`,
      )
    }
  }

  return {
    ...parsed,
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.SESSION_SECRET ?? developmentSecret(dataDir),
    REQUIRE_LIVE_SERVICES: requireLive,
    payments: parsed.STRIPE_SECRET_KEY ? 'stripe' : 'local',
    email: parsed.POSTMARK_SERVER_TOKEN ? 'postmark' : 'outbox',
    mail: parsed.LOB_API_KEY ? 'lob' : 'outbox',
    sms: parsed.TWILIO_AUTH_TOKEN ? 'twilio' : 'outbox',
    stateFacts: isLoopbackOrigin(appUrl) ? 'sample' : 'required',
    vehicleData: parsed.VPIC_URL === 'off' ? 'bundled' : 'vpic',
    replication: parsed.LITESTREAM_REPLICA_URL ? 'litestream' : 'off',
    uploads: parsed.UPLOADS_BUCKET ? 's3' : 'local',
    appleWallet: parsed.APPLE_PASS_CERT ? 'signed' : isLoopbackOrigin(appUrl) ? 'test' : 'off',
    googleWallet: parsed.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY ? 'signed' : isLoopbackOrigin(appUrl) ? 'test' : 'off',
  }
}

/** Outside production a secret is generated once and kept beside the database, so sessions survive restarts. */
function developmentSecret(dataDir: string) {
  const file = path.join(dataDir, '.session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/** An origin on this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackOrigin(origin: string) {
  try {
    return LOOPBACK_HOSTS.test(new URL(origin).hostname)
  } catch {
    return false
  }
}

let cached: Env | undefined

/** The validated configuration; read lazily so tests can set variables first. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/**
 * Served over HTTPS (production behind Fly's TLS): cookies are marked Secure and HSTS is sent. Going by APP_URL rather
 * than NODE_ENV keeps a local `npm start` on http://127.0.0.1 or a LAN address able to sign in.
 */
export function servedOverHttps() {
  return env().APP_URL.startsWith('https://')
}

/** For tests that change variables between cases. */
export function resetEnvForTests() {
  cached = undefined
}
