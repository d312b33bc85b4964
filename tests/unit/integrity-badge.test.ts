import { describe, expect, it } from 'vitest'

import { integrityBadge } from '~/domain/photo-integrity'

describe('the claim heading’s integrity badge', () => {
  it('says held only while a flagged claim waits for the operator', () => {
    expect(integrityBadge('pending_review', 2)).toBe('held')
  })
  it('says flagged, in the past, once the claim is decided', () => {
    for (const status of ['approved', 'denied', 'completed'] as const) expect(integrityBadge(status, 1)).toBe('flagged')
  })
  it('says nothing of a claim without flags', () => {
    expect(integrityBadge('pending_review', 0)).toBeNull()
    expect(integrityBadge('completed', 0)).toBeNull()
  })
})
