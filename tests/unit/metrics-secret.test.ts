import crypto from 'node:crypto'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { sameSecret } from '~/server/metrics.server'

describe('the metrics token comparison', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('accepts only the same token', () => {
    const token = 'a-metrics-token-that-is-long-enough-0123456789'
    expect(sameSecret(token, token)).toBe(true)
    expect(sameSecret(`${token}x`, token)).toBe(false)
    expect(sameSecret(token.slice(0, -1), token)).toBe(false)
    expect(sameSecret(token.replace(/^a/, 'b'), token)).toBe(false)
    expect(sameSecret('', token)).toBe(false)
  })

  it('compares in constant time: two digests of the same length, by crypto.timingSafeEqual, whatever the lengths given', () => {
    const compare = vi.spyOn(crypto, 'timingSafeEqual')
    sameSecret('short', 'a-metrics-token-that-is-long-enough-0123456789')
    sameSecret('a-metrics-token-that-is-long-enough-0123456789', 'a-metrics-token-that-is-long-enough-0123456789')
    expect(compare).toHaveBeenCalledTimes(2)
    for (const [a, b] of compare.mock.calls) {
      expect((a as Buffer).length).toBe(32)
      expect((b as Buffer).length).toBe(32)
    }
  })
})
