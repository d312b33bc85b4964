import { describe, expect, it } from 'vitest'

import { countOf } from '~/domain/format'

describe('countOf', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(countOf(1, 'claim')).toBe('1 claim')
    expect(countOf(0, 'claim')).toBe('0 claims')
    expect(countOf(1200, 'claim')).toBe('1,200 claims')
    expect(countOf(2, 'policy', 'policies')).toBe('2 policies')
  })
})
