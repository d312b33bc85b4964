import { importPKCS8, SignJWT } from 'jose'
import { PKPass } from 'passkit-generator'
import sharp from 'sharp'

import { WALLET_MESSAGES } from '~/domain/messages'
import { env, type WalletSigning } from '~/env.server'

import { swappableAdapter } from './swappable-adapter.server'
import {
  TEST_GOOGLE_ISSUER_ID,
  TEST_GOOGLE_SERVICE_ACCOUNT,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  walletTestCredentials,
} from './wallet-test-credentials.server'

/**
 * The plan card in Apple Wallet and Google Wallet. Both are signed here, with no call out: the Apple pass is a zip that
 * passkit-generator signs with the Pass Type ID certificate (PKCS#7 over its manifest), and "Save to Google Wallet" is
 * Google's save link carrying the card in a JWT signed RS256 by the issuer's service account (jose). The adapter is the
 * signing credentials: the operator's (APPLE_* and GOOGLE_WALLET_* in app/env.server.ts), or the local twin's test
 * set (./wallet-test-credentials.server.ts), whose every card says TEST PASS.
 * Why: docs/decisions/107-plan-card-in-a-wallet.md.
 */

/** What the card shows, in the words the model chose (app/models/policies/wallet-card.server.ts). */
export type WalletCard = {
  /** The policy's id: the same for every download, so a card added again replaces the one in the wallet. */
  serial: string
  policyNumber: string
  planName: string
  /** '2019 Toyota Camry'. */
  vehicle: string
  /** 'UT ABC123'; null when the vehicle has none on file. */
  plate: string | null
  status: { label: string; line: string; ended: boolean }
  /** When the plan stops covering the vehicle (renewal off, or ended); null while it renews. */
  endsAt: string | null
  claimUrl: string
  support: { phone: string; phoneHref: string; email: string }
  company: string
  /** The site's origin: the only page that may offer the Google link (the JWT's `origins`). */
  origin: string
}

export type AppleSigner = {
  passTypeId: string
  teamId: string
  wwdr: string
  signerCert: string
  signerKey: string
  signerKeyPassphrase?: string
  test: boolean
}

export type GoogleSigner = { issuerId: string; serviceAccountEmail: string; privateKey: string; test: boolean }

/** Who signs each wallet's card; null for a wallet this server offers no card in (env().appleWallet is 'off'). */
export type WalletSigners = { apple: AppleSigner | null; google: GoogleSigner | null }

/** A PEM given on one line with `\n` for its line breaks (as a secret store or a key file's JSON holds it) made whole. */
function pem(value: string) {
  return value.replace(/\\n/g, '\n')
}

const signers = swappableAdapter<WalletSigners>(async () => {
  const config = env()
  const test = (kind: WalletSigning) => (kind === 'test' ? walletTestCredentials(config.DATA_DIR) : null)
  const appleTest = test(config.appleWallet)
  const googleTest = test(config.googleWallet)
  return {
    apple:
      config.appleWallet === 'signed'
        ? {
            passTypeId: config.APPLE_PASS_TYPE_ID!,
            teamId: config.APPLE_TEAM_ID!,
            wwdr: pem(config.APPLE_WWDR_CERT!),
            signerCert: pem(config.APPLE_PASS_CERT!),
            signerKey: pem(config.APPLE_PASS_KEY!),
            signerKeyPassphrase: config.APPLE_PASS_KEY_PASSPHRASE,
            test: false,
          }
        : appleTest
          ? {
              passTypeId: TEST_PASS_TYPE_ID,
              teamId: TEST_TEAM_ID,
              wwdr: appleTest.wwdrCert,
              signerCert: appleTest.signerCert,
              signerKey: appleTest.signerKey,
              test: true,
            }
          : null,
    google:
      config.googleWallet === 'signed'
        ? {
            issuerId: config.GOOGLE_WALLET_ISSUER_ID!,
            serviceAccountEmail: config.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL!,
            privateKey: pem(config.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY!),
            test: false,
          }
        : googleTest
          ? {
              issuerId: TEST_GOOGLE_ISSUER_ID,
              serviceAccountEmail: TEST_GOOGLE_SERVICE_ACCOUNT,
              privateKey: googleTest.googleKey,
              test: true,
            }
          : null,
  }
})

export const walletSigners = signers.get
/** Tests may put in their own signers (an operator's certificate made by the test). */
export const setWalletSigners = signers.set

// The brand's colours (app/app.css: brand-600, the favicon's blue, with a light label on it).
const BACKGROUND = { hex: '#0b63c5', rgb: 'rgb(11, 99, 197)' }
const LABEL = 'rgb(224, 242, 254)'

/** The site's mark (public/favicon.svg), drawn at the sizes a pass carries. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b63c5"/><stop offset="1" stop-color="#38bdf8"/></linearGradient></defs><rect width="32" height="32" rx="7" fill="url(#g)"/><path d="M6 22c3-8 17-8 20 0" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>'

let images: Promise<Record<string, Buffer>> | undefined

/** The icon (29 pt) and logo (50 pt tall) at 1x, 2x and 3x, drawn once per process. */
function passImages() {
  images ??= (async () => {
    const draw = (size: number) =>
      sharp(Buffer.from(MARK_SVG), { density: 72 * (size / 32) * 2 })
        .resize(size, size)
        .png()
        .toBuffer()
    const sizes: [string, number][] = [
      ['icon.png', 29],
      ['icon@2x.png', 58],
      ['icon@3x.png', 87],
      ['logo.png', 50],
      ['logo@2x.png', 100],
      ['logo@3x.png', 150],
    ]
    const drawn = await Promise.all(sizes.map(async ([name, size]) => [name, await draw(size)] as const))
    return Object.fromEntries(drawn)
  })()
  return images
}

/** The card as a signed .pkpass (a zip: pass.json, the images, manifest.json and its signature); null when not offered. */
export async function applePass(card: WalletCard): Promise<Buffer | null> {
  const signer = (await walletSigners()).apple
  if (!signer) return null
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeId,
    teamIdentifier: signer.teamId,
    serialNumber: card.serial,
    organizationName: card.company,
    description: signer.test ? `${WALLET_MESSAGES.testPass}: ${WALLET_MESSAGES.description}` : WALLET_MESSAGES.description,
    logoText: signer.test ? `Glass Plan · ${WALLET_MESSAGES.testPass}` : 'Glass Plan',
    backgroundColor: BACKGROUND.rgb,
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: LABEL,
    sharingProhibited: true,
    voided: card.status.ended,
    ...(card.endsAt ? { expirationDate: card.endsAt } : {}),
    barcodes: [{ format: 'PKBarcodeFormatQR', message: card.policyNumber, messageEncoding: 'iso-8859-1', altText: card.policyNumber }],
    generic: {
      headerFields: [{ key: 'status', label: 'STATUS', value: card.status.label }],
      primaryFields: [{ key: 'plan', label: 'PLAN', value: card.planName }],
      secondaryFields: [
        { key: 'vehicle', label: 'VEHICLE', value: card.vehicle },
        { key: 'plate', label: 'PLATE', value: card.plate ?? '—' },
      ],
      auxiliaryFields: [
        { key: 'policy', label: 'POLICY NUMBER', value: card.policyNumber },
        { key: 'support', label: 'SUPPORT', value: card.support.phone },
      ],
      backFields: [
        ...(signer.test ? [{ key: 'test', label: WALLET_MESSAGES.testPass, value: WALLET_MESSAGES.testPassLine }] : []),
        { key: 'status-line', label: 'Status', value: card.status.line },
        {
          key: 'claim',
          label: WALLET_MESSAGES.fileClaim,
          value: card.claimUrl,
          attributedValue: `<a href="${card.claimUrl}">${WALLET_MESSAGES.fileClaimLink}</a>`,
        },
        {
          key: 'support-line',
          label: WALLET_MESSAGES.support,
          value: `${card.support.phone} · ${card.support.email}`,
          dataDetectorTypes: ['PKDataDetectorTypePhoneNumber'],
        },
      ],
    },
  }
  const pass = new PKPass(
    { ...(await passImages()), 'pass.json': Buffer.from(JSON.stringify(passJson)) },
    {
      wwdr: signer.wwdr,
      signerCert: signer.signerCert,
      signerKey: signer.signerKey,
      signerKeyPassphrase: signer.signerKeyPassphrase,
    },
  )
  return pass.getAsBuffer()
}

/** Google's save link: `https://pay.google.com/gp/v/save/` and the JWT. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/'

const text = (value: string) => ({ defaultValue: { language: 'en-US', value } })

/** The card as Google's save link, its JWT signed now with the policy's status; null when not offered. */
export async function googleSaveUrl(card: WalletCard, now = new Date()): Promise<string | null> {
  const signer = (await walletSigners()).google
  if (!signer) return null
  // A generic pass: its class needs nothing but an id, so the JWT carries both and no API call comes first.
  const classId = `${signer.issuerId}.glass_plan_card`
  const object = {
    id: `${signer.issuerId}.${card.serial.replace(/[^\w.-]/g, '_')}`,
    classId,
    state: card.status.ended ? 'EXPIRED' : 'ACTIVE',
    cardTitle: text(signer.test ? `Glass Plan · ${WALLET_MESSAGES.testPass}` : 'Glass Plan'),
    subheader: text(card.status.label),
    header: text(card.planName),
    hexBackgroundColor: BACKGROUND.hex,
    barcode: { type: 'QR_CODE', value: card.policyNumber, alternateText: card.policyNumber },
    ...(card.endsAt ? { validTimeInterval: { end: { date: card.endsAt } } } : {}),
    textModulesData: [
      ...(signer.test ? [{ id: 'test', header: WALLET_MESSAGES.testPass, body: WALLET_MESSAGES.testPassLine }] : []),
      { id: 'vehicle', header: 'Vehicle', body: card.vehicle },
      { id: 'plate', header: 'Plate', body: card.plate ?? '—' },
      { id: 'policy', header: 'Policy number', body: card.policyNumber },
      { id: 'status', header: 'Status', body: card.status.line },
      { id: 'support', header: WALLET_MESSAGES.support, body: `${card.support.phone} · ${card.support.email}` },
    ],
    linksModuleData: {
      uris: [
        { id: 'claim', uri: card.claimUrl, description: WALLET_MESSAGES.fileClaimLink },
        { id: 'support', uri: card.support.phoneHref, description: `${WALLET_MESSAGES.support}: ${card.support.phone}` },
      ],
    },
  }
  const key = await importPKCS8(signer.privateKey, 'RS256')
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [card.origin],
    payload: { genericClasses: [{ id: classId }], genericObjects: [object] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(signer.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(now)
    .sign(key)
  return `${GOOGLE_SAVE_URL}${jwt}`
}
