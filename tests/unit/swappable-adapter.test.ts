import { describe, expect, it } from 'vitest'

import { swappableAdapter } from '~/services/swappable-adapter.server'

describe('swappableAdapter', () => {
  it('chooses the adapter on first use and keeps it; a test’s adapter replaces it, and undefined chooses again', async () => {
    let choices = 0
    const adapter = swappableAdapter(async () => ({ name: `chosen-${++choices}` }))
    expect(choices).toBe(0)
    expect(await adapter.get()).toEqual({ name: 'chosen-1' })
    expect(await adapter.get()).toEqual({ name: 'chosen-1' })
    expect(choices).toBe(1)

    adapter.set({ name: 'fake' })
    expect(await adapter.get()).toEqual({ name: 'fake' })
    expect(choices).toBe(1)

    adapter.set(undefined)
    expect(await adapter.get()).toEqual({ name: 'chosen-2' })
  })
})
