import { describe, expect, it } from 'vitest'

import { AUDIT_ACTIONS, auditActionLabel } from '~/domain/audit'

describe('the words for each audit action', () => {
  it.each(AUDIT_ACTIONS.map((entry) => [entry.action, entry.label]))('%s reads as words: "%s"', (action, label) => {
    // Words a person reads, not the stored name: a capital first, spaces between, no dots or underscores of a code.
    expect(label).toMatch(/^[A-Z]/)
    expect(label).toContain(' ')
    expect(label).not.toMatch(/[._]/)
    expect(auditActionLabel(action)).toBe(label)
  })

  it('gives each action its own words', () => {
    const labels = AUDIT_ACTIONS.map((entry) => entry.label)
    expect(new Set(labels).size).toBe(labels.length)
  })
})
