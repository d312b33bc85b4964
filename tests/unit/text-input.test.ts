import { describe, expect, it } from 'vitest'

import { clientNetwork } from '~/auth/rate-limit.server'
import { MAX_STORED_FILE_NAME } from '~/domain/uploads'
import { storedFileName } from '~/services/storage.server'
import { AppealSchema, ReviewSchema, SubmitClaimSchema } from '~/validation/claims'
import { CompleteClaimSchema } from '~/validation/invoice'
import { PartnerConsoleSchema } from '~/validation/partners'
import { vehicleSchema } from '~/validation/policy-setup'
import { LocalPaySchema } from '~/validation/signup'
import { freeText, stripControlCharacters } from '~/validation/text'

describe('freeText', () => {
  it('removes C0 control characters and DEL, keeps tab, newline and carriage return, then trims', () => {
    expect(stripControlCharacters('a\u0000b\u0001c\u0008d\u000be\u000cf\u000eg\u001fh\u007fi')).toBe('abcdefghi')
    expect(stripControlCharacters('line\r\nnext\tcell')).toBe('line\r\nnext\tcell')
    expect(freeText().parse(' \u0000 Main\u0007 Street \u001b ')).toBe('Main Street')
  })

  it('removes C1 controls and the bidirectional overrides that make stored text display in another order', () => {
    expect(stripControlCharacters('pay\u202eKCOL\u202c to\u2066 shop\u2069\u0085')).toBe('payKCOL to shop')
    expect(freeText().min(1).safeParse('\u202e\u2066\u0085').success).toBe(false)
    // Letters of every script, accents and emoji stay.
    expect(stripControlCharacters('Zoë Ñúñez — 李 🚗')).toBe('Zoë Ñúñez — 李 🚗')
  })

  it('makes a field of only control characters as empty as a blank one, in every schema', () => {
    const nul = '\u0000'
    const failsOn = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }, field: string) =>
      !result.success && result.error!.issues.some((issue) => issue.path[0] === field)
    expect(failsOn(SubmitClaimSchema.safeParse({ policyId: 'p', description: nul, damageDate: '2026-01-01' }), 'description')).toBe(true)
    expect(failsOn(AppealSchema.safeParse({ appealText: `${nul}`.repeat(20) }), 'appealText')).toBe(true)
    expect(failsOn(ReviewSchema.safeParse({ intent: 'deny', reason: nul }), 'reason')).toBe(true)
    expect(failsOn(PartnerConsoleSchema.safeParse({ intent: 'create-group', name: `${nul}\u0001\u0002` }), 'name')).toBe(true)
    expect(failsOn(LocalPaySchema.safeParse({ email: 'a@example.com', fullName: nul }), 'fullName')).toBe(true)
    const vehicle = vehicleSchema('comprehensive').safeParse({
      licensePlate: 'ABC123',
      licensePlateState: 'UT',
      year: 2020,
      make: 'Toyota',
      model: nul,
    })
    expect(failsOn(vehicle, 'model')).toBe(true)
    expect(CompleteClaimSchema.parse({ code: 'CS-ABCDEF', partnerNotes: nul }).partnerNotes).toBeNull()
  })
})

describe('storedFileName', () => {
  it('keeps a short name as it is, without control characters', () => {
    expect(storedFileName('chip.jpg')).toBe('chip.jpg')
    expect(storedFileName('ch\u0000ip\u0007.jpg')).toBe('chip.jpg')
    expect(storedFileName('\u0000')).toBe('photo')
  })

  it('cuts a long name to 200 characters, keeping its extension', () => {
    const name = storedFileName(`${'a'.repeat(5000)}.JPEG`)
    expect(name).toHaveLength(MAX_STORED_FILE_NAME)
    expect(name.endsWith('….JPEG')).toBe(true)
    expect(storedFileName('b'.repeat(300))).toHaveLength(MAX_STORED_FILE_NAME)
  })

  it('never leaves half of a surrogate pair behind', () => {
    const name = storedFileName(`${'a'.repeat(194)}${'🙂'.repeat(50)}.jpg`)
    expect(name.length).toBeLessThanOrEqual(MAX_STORED_FILE_NAME)
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    expect(name.endsWith('….jpg')).toBe(true)
  })
})

describe('clientNetwork', () => {
  it('counts IPv6 by /64, IPv4 (and IPv4-mapped IPv6) by address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64')
    expect(clientNetwork('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientNetwork('[2001:db8:1:3::1]')).toBe('2001:db8:1:3::/64')
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientNetwork('local')).toBe('local')
  })
})
