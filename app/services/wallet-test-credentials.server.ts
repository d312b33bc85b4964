import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { addYears, subDays } from 'date-fns'
import forge from 'node-forge'

/**
 * The local twin's signing credentials, for a server without the operator's Apple and Google keys: a test "WWDR"
 * authority, a pass certificate it issued, and a key for the Google Wallet links. Made once, at the first start that
 * needs them (app/init.server.ts; a test's first card otherwise), and kept in DATA_DIR so every card of this machine is
 * signed alike. Nothing here is Apple's or Google's: a phone refuses these passes, which is why every card they sign
 * says TEST PASS (app/services/wallet.server.ts).
 */
export type WalletTestCredentials = {
  /** The test authority's certificate (PEM), standing where Apple's WWDR certificate stands. */
  wwdrCert: string
  /** The pass certificate and its RSA key (PEM), issued by the test authority. */
  signerCert: string
  signerKey: string
  /** The Google Wallet link's RSA key (PKCS#8 PEM), as a service account's key file holds it. */
  googleKey: string
}

export const TEST_PASS_TYPE_ID = 'pass.example.glassplan.test'
export const TEST_TEAM_ID = 'TESTTEAM00'
export const TEST_GOOGLE_ISSUER_ID = 'glassplan-test'
export const TEST_GOOGLE_SERVICE_ACCOUNT = 'test-passes@glassplan.invalid'

const FILE_NAME = 'wallet-test-credentials.json'

export function walletTestCredentialsFile(dataDir: string) {
  return path.join(dataDir, FILE_NAME)
}

/**
 * The credentials in `dataDir`, made on first use. Two processes starting together (the test workers) each make a
 * set and link it into place; the link fails for the second, which reads the first's, so both sign with one set.
 */
export function walletTestCredentials(dataDir: string): WalletTestCredentials {
  const file = walletTestCredentialsFile(dataDir)
  const kept = readCredentials(file)
  if (kept) return kept
  fs.mkdirSync(dataDir, { recursive: true })
  const draft = `${file}.${process.pid}.${crypto.randomUUID()}`
  fs.writeFileSync(draft, JSON.stringify(makeCredentials()), { mode: 0o600 })
  try {
    fs.linkSync(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.rmSync(draft, { force: true })
  }
  return readCredentials(file)!
}

function readCredentials(file: string): WalletTestCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as WalletTestCredentials
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** RSA keys from Node's crypto (native, milliseconds), certificates from node-forge (what passkit-generator reads). */
function makeCredentials(now = new Date()): WalletTestCredentials {
  const rsa = () =>
    crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    })
  const authority = rsa()
  const signer = rsa()
  const authorityName = [
    { name: 'commonName', value: 'Glass Plan test pass authority (not Apple)' },
    { name: 'organizationName', value: 'Glass Plan test' },
  ]
  const authorityKey = forge.pki.privateKeyFromPem(authority.privateKey)
  const wwdr = certificate({
    subject: authorityName,
    issuer: authorityName,
    publicKey: authority.publicKey,
    signingKey: authorityKey,
    serial: '01',
    now,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  })
  const pass = certificate({
    subject: [
      { name: 'commonName', value: `Pass Type ID: ${TEST_PASS_TYPE_ID}` },
      { name: 'organizationalUnitName', value: TEST_TEAM_ID },
      { name: 'organizationName', value: 'Glass Plan test' },
    ],
    issuer: authorityName,
    publicKey: signer.publicKey,
    signingKey: authorityKey,
    serial: '02',
    now,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
    ],
  })
  const google = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    wwdrCert: wwdr,
    signerCert: pass,
    signerKey: signer.privateKey,
    googleKey: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }
}

function certificate(options: {
  subject: forge.pki.CertificateField[]
  issuer: forge.pki.CertificateField[]
  publicKey: string
  signingKey: forge.pki.rsa.PrivateKey
  serial: string
  now: Date
  extensions: object[]
}): string {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicKey)
  cert.serialNumber = options.serial
  // A day back for a clock a little behind; twenty years ahead, as nobody renews a test certificate.
  cert.validity.notBefore = subDays(options.now, 1)
  cert.validity.notAfter = addYears(options.now, 20)
  cert.setSubject(options.subject)
  cert.setIssuer(options.issuer)
  cert.setExtensions(options.extensions)
  cert.sign(options.signingKey, forge.md.sha256.create())
  return forge.pki.certificateToPem(cert)
}
