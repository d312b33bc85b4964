import { describe, expect, it } from 'vitest'

import { offerInWords } from '~/domain/operator'

const now = new Date('2026-11-26T12:00:00.000Z')
const base = {
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  acceptedAt: null,
  paidAt: null,
  canceledAt: null,
}

describe("an offer to the vehicle's next owner, in the operator's words", () => {
  it('says where each kind of offer stands', () => {
    expect(offerInWords({ ...base, status: 'offered' }, now)).toBe('Offered on November 20, 2026; the link works until December 4, 2026')
    expect(offerInWords({ ...base, status: 'accepted', acceptedAt: '2026-11-21T09:00:00.000Z' }, now)).toBe(
      "Accepted on November 21, 2026; waiting for the buyer's payment",
    )
    expect(offerInWords({ ...base, status: 'paid', paidAt: '2026-11-22T09:00:00.000Z' }, now)).toBe(
      'Paid on November 22, 2026: the policy moved to the buyer',
    )
    expect(offerInWords({ ...base, status: 'canceled', canceledAt: '2026-11-23T09:00:00.000Z' }, now)).toBe(
      'Withdrawn on November 23, 2026',
    )
    expect(offerInWords({ ...base, status: 'expired' }, now)).toBe('Expired on December 4, 2026, not accepted')
  })

  it('calls an offer whose link ran out expired before anything marks it so; an accepted one still waits for payment', () => {
    const later = new Date('2026-12-05T00:00:00.000Z')
    expect(offerInWords({ ...base, status: 'offered' }, later)).toBe('Expired on December 4, 2026, not accepted')
    expect(offerInWords({ ...base, status: 'accepted', acceptedAt: '2026-11-21T09:00:00.000Z' }, later)).toMatch(/^Accepted on/)
  })
})
