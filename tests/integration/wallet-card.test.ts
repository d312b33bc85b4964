import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { unzipSync } from 'fflate'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import forge from 'node-forge'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { hasWalletCard, offersWalletCard } from '~/domain/policies'
import { env, parseEnv, resetEnvForTests } from '~/env.server'
import { loader as dashboardLoader } from '~/routes/customer'
import { loader as contractLoader } from '~/routes/customer.policies.$policyId.contract'
import { loader as googleLoader } from '~/routes/customer.policies.$policyId.google-wallet'
import { loader as appleLoader } from '~/routes/customer.policies.$policyId.wallet[.pkpass]'
import { GOOGLE_SAVE_URL, setWalletSigners } from '~/services/wallet.server'
import { type WalletTestCredentials, walletTestCredentials } from '~/services/wallet-test-credentials.server'

import { createActivePolicy, createPolicy, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { transferPolicy } from '../support/ownership-transfer'
import { makeRequest, routeArgs, settle } from '../support/requests'

// The plan card in Apple Wallet and Google Wallet (app/services/wallet.server.ts): the .pkpass opened as the phone
// opens it (a zip, its manifest's SHA-1s, the PKCS#7 signature over the manifest), the Google JWT decoded and checked
// against the key that signed it, the card re-made with the policy's status, and anyone else's policy a 404.

type PassJson = {
  passTypeIdentifier: string
  teamIdentifier: string
  serialNumber: string
  organizationName: string
  description: string
  logoText: string
  voided: boolean
  expirationDate?: string
  barcodes: { message: string }[]
  generic: Record<'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields', { key: string; value: string }[]>
}

async function applePass(profileId: string, policyId: string) {
  const cookie = await sessionCookieFor(profileId)
  return (await appleLoader(routeArgs(makeRequest(`/customer/policies/${policyId}/wallet.pkpass`, { cookie }), { policyId }))) as Response
}

async function googleLink(profileId: string, policyId: string) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => googleLoader(routeArgs(makeRequest(`/customer/policies/${policyId}/google-wallet`, { cookie }), { policyId })))
}

/** The pass's files by name, as Wallet unpacks them. */
async function openPass(response: Response) {
  return unzipSync(new Uint8Array(await response.arrayBuffer()))
}

function fields(pass: PassJson) {
  const all = Object.values(pass.generic).flat()
  return Object.fromEntries(all.map((field) => [field.key, field.value]))
}

/**
 * Checks a detached PKCS#7 signature over `content` as Wallet does: the signed attributes' message digest is the
 * content's SHA-1, the signature over those attributes verifies with the signer's certificate, and that certificate
 * was issued by `wwdrPem`. Node's crypto checks the signatures; node-forge only reads the ASN.1.
 */
function verifySignature(signature: Uint8Array, content: Uint8Array, wwdrPem: string) {
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(signature).toString('binary'))),
  ) as forge.pkcs7.PkcsSignedData & { rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string } }
  const attributes = message.rawCapture.authenticatedAttributes
  const digestAttribute = attributes.find(
    (attribute) => forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest!,
  )!
  const digest = ((digestAttribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string
  // The attributes are signed as a DER SET (tag 0x31), not as the [0] IMPLICIT field they are stored in.
  const signed = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)).getBytes()
  const signerPem = forge.pki.certificateToPem(message.certificates.at(-1)!)
  const signer = new crypto.X509Certificate(signerPem)
  return {
    digestMatches: Buffer.from(digest, 'binary').equals(crypto.createHash('sha1').update(content).digest()),
    signatureVerifies: crypto.verify(
      'sha1',
      Buffer.from(signed, 'binary'),
      signer.publicKey,
      Buffer.from(message.rawCapture.signature, 'binary'),
    ),
    issuedByWwdr: signer.verify(new crypto.X509Certificate(wwdrPem).publicKey),
  }
}

ensureSeeded()

let credentials: WalletTestCredentials

beforeAll(() => {
  credentials = walletTestCredentials(env().DATA_DIR)
})

afterEach(() => {
  for (const name of Object.keys(process.env)) if (/^(APPLE_|GOOGLE_WALLET_)/.test(name)) delete process.env[name]
  process.env.APP_URL = 'http://localhost:3999'
  resetEnvForTests()
  setWalletSigners(undefined)
})

describe('Add to Apple Wallet', () => {
  it('is a zip whose manifest lists the SHA-1 of every file, signed over the manifest by the test certificate, with the card', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const response = await applePass(customer.id, policy.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/vnd.apple.pkpass')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="glass-plan-${policy.policyNumber}.pkpass"`)

    const files = await openPass(response)
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'logo@2x.png',
        'logo@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    )
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString()) as Record<string, string>
    const signedFiles = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature')
    expect(Object.keys(manifest).sort()).toEqual(signedFiles.sort())
    for (const name of signedFiles) expect(manifest[name], name).toBe(crypto.createHash('sha1').update(files[name]!).digest('hex'))

    expect(verifySignature(files['signature']!, files['manifest.json']!, credentials.wwdrCert)).toEqual({
      digestMatches: true,
      signatureVerifies: true,
      issuedByWwdr: true,
    })
    // The same signature over a manifest changed by one byte does not verify.
    const altered = Buffer.from(files['manifest.json']!)
    altered[altered.length - 3] ^= 1
    expect(verifySignature(files['signature']!, altered, credentials.wwdrCert).digestMatches).toBe(false)

    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString()) as PassJson
    expect(pass).toMatchObject({
      passTypeIdentifier: 'pass.example.glassplan.test',
      teamIdentifier: 'TESTTEAM00',
      serialNumber: policy.id,
      organizationName: 'Glass Plan LLC',
      voided: false,
      barcodes: [{ message: policy.policyNumber }],
    })
    expect(pass.logoText).toContain('TEST PASS')
    expect(pass.description).toContain('TEST PASS')
    const card = fields(pass)
    expect(card).toMatchObject({
      status: 'Active',
      plan: 'Comprehensive — Car',
      vehicle: '2019 Toyota Camry',
      plate: expect.stringMatching(/^UT T[A-Z0-9]{5}$/),
      policy: policy.policyNumber,
      support: '(801) 555-0142',
      claim: `http://localhost:3999/customer/submit-claim?policy_id=${policy.id}`,
      'status-line': 'Your plan is active: file a claim online at any time.',
    })
    expect(card['test']).toContain('test pass')
  })

  it('is made again with the policy’s status: renewal off says until when, an ended plan says it ended and is void', async () => {
    const customer = createProfile()
    const { policy: ending } = createActivePolicy(customer.id, { cancelAt: '2027-03-15T17:00:00.000Z' })
    const { policy: ended } = createActivePolicy(customer.id, { status: 'canceled', canceledAt: '2026-11-20T17:00:00.000Z' })

    const endingPass = JSON.parse(
      Buffer.from((await openPass(await applePass(customer.id, ending.id)))['pass.json']!).toString(),
    ) as PassJson
    expect(fields(endingPass)['status-line']).toBe('Your plan is active until March 15, 2027: renewal is turned off.')
    expect(endingPass.expirationDate).toBe('2027-03-15T17:00:00.000Z')
    expect(endingPass.voided).toBe(false)

    const endedPass = JSON.parse(Buffer.from((await openPass(await applePass(customer.id, ended.id)))['pass.json']!).toString()) as PassJson
    expect(fields(endedPass)).toMatchObject({
      status: 'Ended',
      'status-line': 'This plan ended on November 20, 2026 and no longer covers the vehicle.',
    })
    expect(endedPass.voided).toBe(true)
  })

  it('is signed with the operator’s certificate when APPLE_* is set (PEMs on one line), and marked as no test pass', async () => {
    const operator = walletTestCredentials(fs.mkdtempSync(path.join(os.tmpdir(), 'glass-wallet-operator-')))
    const oneLine = (pemText: string) => pemText.trim().replace(/\r?\n/g, '\\n')
    Object.assign(process.env, {
      APPLE_PASS_TYPE_ID: 'pass.com.glassplan.plan',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_PASS_CERT: oneLine(operator.signerCert),
      APPLE_PASS_KEY: oneLine(operator.signerKey),
      APPLE_WWDR_CERT: oneLine(operator.wwdrCert),
    })
    resetEnvForTests()
    setWalletSigners(undefined)
    expect(env().appleWallet).toBe('signed')

    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const files = await openPass(await applePass(customer.id, policy.id))
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString()) as PassJson
    expect(pass).toMatchObject({ passTypeIdentifier: 'pass.com.glassplan.plan', teamIdentifier: 'ABCDE12345', logoText: 'Glass Plan' })
    expect(fields(pass)['test']).toBeUndefined()
    expect(verifySignature(files['signature']!, files['manifest.json']!, operator.wwdrCert)).toMatchObject({
      signatureVerifies: true,
      issuedByWwdr: true,
    })
    // Not the local twin's authority: the operator's pass does not chain to it.
    expect(verifySignature(files['signature']!, files['manifest.json']!, credentials.wwdrCert).issuedByWwdr).toBe(false)
  })
})

describe('Save to Google Wallet', () => {
  async function savedJwt(profileId: string, policyId: string) {
    const result = await googleLink(profileId, policyId)
    expect(result.status).toBe(302)
    expect(result.headers.get('Cache-Control')).toBe('private, no-store')
    const location = result.headers.get('Location')!
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true)
    return location.slice(GOOGLE_SAVE_URL.length)
  }

  it('redirects to Google’s save link with a JWT signed RS256 by the service account, carrying the card', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const jwt = await savedJwt(customer.id, policy.id)
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT' })
    const publicKey = crypto.createPublicKey(credentials.googleKey)
    const { payload } = await jwtVerify(jwt, publicKey, { issuer: 'test-passes@glassplan.invalid', audience: 'google' })
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3999'] })
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60)

    const { genericClasses, genericObjects } = payload.payload as {
      genericClasses: { id: string }[]
      genericObjects: {
        id: string
        classId: string
        state: string
        cardTitle: { defaultValue: { value: string } }
        header: { defaultValue: { value: string } }
        barcode: { value: string }
        textModulesData: { id: string; body: string }[]
        linksModuleData: { uris: { id: string; uri: string }[] }
      }[]
    }
    const object = genericObjects[0]!
    expect(genericClasses).toEqual([{ id: object.classId }])
    expect(object).toMatchObject({ id: `glassplan-test.${policy.id}`, state: 'ACTIVE', barcode: { value: policy.policyNumber } })
    expect(object.header.defaultValue.value).toBe('Comprehensive — Car')
    expect(object.cardTitle.defaultValue.value).toContain('TEST PASS')
    const modules = Object.fromEntries(object.textModulesData.map((module) => [module.id, module.body]))
    expect(modules).toMatchObject({
      vehicle: '2019 Toyota Camry',
      policy: policy.policyNumber,
      support: expect.stringContaining('(801) 555-0142'),
    })
    expect(modules['plate']).toMatch(/^UT T[A-Z0-9]{5}$/)
    expect(object.linksModuleData.uris).toEqual([
      expect.objectContaining({ id: 'claim', uri: `http://localhost:3999/customer/submit-claim?policy_id=${policy.id}` }),
      expect.objectContaining({ id: 'support', uri: 'tel:+18015550142' }),
    ])

    // Another key did not sign it.
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey
    await expect(jwtVerify(jwt, other)).rejects.toThrow()
  })

  it('signs the card of an ended plan as expired', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { status: 'canceled', canceledAt: '2026-11-20T17:00:00.000Z' })
    const { payload } = await jwtVerify(await savedJwt(customer.id, policy.id), crypto.createPublicKey(credentials.googleKey))
    const object = (payload.payload as { genericObjects: { state: string; subheader: { defaultValue: { value: string } } }[] })
      .genericObjects[0]!
    expect(object.state).toBe('EXPIRED')
    expect(object.subheader.defaultValue.value).toBe('Ended')
  })
})

describe('whose card', () => {
  it('is a 404 for another customer’s policy, a previous owner’s after the transfer, an unknown one and one not set up', async () => {
    const me = createProfile()
    const stranger = createProfile()
    const { policy: strangers } = createActivePolicy(stranger.id)
    const notSetUp = createPolicy(me.id)
    const seller = createProfile()
    const buyer = createProfile()
    const { policy: sold } = createActivePolicy(seller.id, {
      initialTermEndsAt: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString(),
      governingState: 'UT',
    })
    await transferPolicy(seller.id, sold.id, buyer)

    for (const [who, policyId] of [
      [me.id, strangers.id],
      [seller.id, sold.id],
      [me.id, 'no-such-policy'],
      [me.id, notSetUp.id],
    ] as const) {
      expect((await settle(() => applePass(who, policyId))).status, policyId).toBe(404)
      expect((await googleLink(who, policyId)).status, policyId).toBe(404)
    }
    // The buyer, who owns it now, gets its card.
    expect((await applePass(buyer.id, sold.id)).status).toBe(200)
  })
})

describe('which policies offer the card', () => {
  it('a policy in force with its vehicle offers it; an ended one is fetched again but not offered; one not set up has none', () => {
    const vehicle = {}
    expect(offersWalletCard({ status: 'active', vehicle })).toBe(true)
    expect(offersWalletCard({ status: 'past_due', vehicle })).toBe(true)
    expect(offersWalletCard({ status: 'canceled', vehicle })).toBe(false)
    expect(offersWalletCard({ status: 'active', vehicle: null })).toBe(false)
    expect(hasWalletCard({ status: 'canceled', vehicle })).toBe(true)
    expect(hasWalletCard({ status: 'incomplete', vehicle })).toBe(false)
  })

  it('a server others reach without the credentials offers none: no link on the pages, and the routes are a 404', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const cookie = await sessionCookieFor(customer.id)
    const contractPage = async () =>
      (
        await settle(() =>
          contractLoader(routeArgs(makeRequest(`/customer/policies/${policy.id}/contract`, { cookie }), { policyId: policy.id })),
        )
      ).data as { wallets: { apple: boolean; google: boolean } }
    expect((await contractPage()).wallets).toEqual({ apple: true, google: true })

    process.env.APP_URL = 'https://glassplan.example'
    resetEnvForTests()
    setWalletSigners(undefined)
    expect((await contractPage()).wallets).toEqual({ apple: false, google: false })
    expect((await settle(() => dashboardLoader(routeArgs(makeRequest('/customer', { cookie }))))).data).toMatchObject({
      wallets: { apple: false, google: false },
    })
    expect((await settle(() => applePass(customer.id, policy.id))).status).toBe(404)
    expect((await googleLink(customer.id, policy.id)).status).toBe(404)
  })
})

describe('the wallet settings', () => {
  const base = { NODE_ENV: 'development', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: os.tmpdir() } as const

  it('signs test passes on a loopback server without credentials, and offers none on a server others reach', () => {
    expect(parseEnv({ ...base, APP_URL: 'http://localhost:3000' })).toMatchObject({ appleWallet: 'test', googleWallet: 'test' })
    expect(parseEnv({ ...base, APP_URL: 'https://glassplan.example' })).toMatchObject({ appleWallet: 'off', googleWallet: 'off' })
  })

  it('takes each wallet’s credentials all together or not at all', () => {
    expect(() => parseEnv({ ...base, APPLE_PASS_TYPE_ID: 'pass.com.glassplan.plan' })).toThrow(
      /APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT must be set together/,
    )
    expect(() => parseEnv({ ...base, GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toThrow(/must be set together/)
    expect(() => parseEnv({ ...base, GOOGLE_WALLET_ISSUER_ID: 'abc' })).toThrow(/GOOGLE_WALLET_ISSUER_ID must be the issuer id/)
    expect(
      parseEnv({
        ...base,
        APP_URL: 'https://glassplan.example',
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
        GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@glassplan.iam.gserviceaccount.com',
        GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: '-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----',
      }),
    ).toMatchObject({ googleWallet: 'signed', appleWallet: 'off' })
  })
})
