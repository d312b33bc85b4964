import { describe, expect, it } from 'vitest'

import { CODE_ALPHABET } from '~/domain/claims'
import { generatePolicyNumber, normalizePolicyNumber, POLICY_NUMBER_PATTERN } from '~/domain/policies'

describe('policy numbers', () => {
  it("are 'GP-' and six characters of the codes' alphabet, which has no 0/O, 1/I or L", () => {
    expect(CODE_ALPHABET).toHaveLength(31)
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/)
    const seen = new Set<string>()
    for (let i = 0; i < 5000; i++) {
      const number = generatePolicyNumber()
      expect(number).toMatch(POLICY_NUMBER_PATTERN)
      for (const character of number.slice(3)) seen.add(character)
    }
    // Every character of the alphabet turns up, and nothing else.
    expect([...seen].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''))
  })

  it('reads a number as people type or say it; anything else is not one', () => {
    for (const typed of ['GP-7KQ4MX', 'gp-7kq4mx', ' GP 7KQ 4MX ', 'gp7kq4mx', '7KQ4MX'])
      expect(normalizePolicyNumber(typed)).toBe('GP-7KQ4MX')
    // A number may itself start with the letters G and P.
    expect(normalizePolicyNumber('GPGPXYZ2')).toBe('GP-GPXYZ2')
    expect(normalizePolicyNumber('GPXYZ2')).toBe('GP-GPXYZ2')
    for (const typed of ['GP-7KQ4M0', 'GP-7KQ4MI', 'GP-7KQ4M', 'CS-7KQ4MX', 'GP-7KQ4MXX', ''])
      expect(normalizePolicyNumber(typed)).toBeNull()
  })
})
