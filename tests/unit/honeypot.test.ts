import { describe, expect, it } from 'vitest'

import { formPastHoneypot, honeypotProps, isHoneypotTripped } from '~/utils/honeypot.server'
import { HONEYPOT_FIELD, HONEYPOT_STAMP_FIELD } from '~/utils/honeypot-fields'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

describe('the honeypot', () => {
  const now = Date.parse('2026-03-02T12:00:00Z')
  const { stamp } = honeypotProps(now - 60_000)

  it("lets a person's post through: the trap empty, the stamp as the page made it", () => {
    expect(isHoneypotTripped(form({ email: 'a@b.co', [HONEYPOT_FIELD]: '', [HONEYPOT_STAMP_FIELD]: stamp }), now)).toBe(false)
  })

  it('catches a post without the stamp (a script that never loaded the page), except where people come by a link', () => {
    expect(isHoneypotTripped(form({ email: 'a@b.co' }), now)).toBe(true)
    expect(isHoneypotTripped(form({ email: 'a@b.co', [HONEYPOT_FIELD]: '' }), now)).toBe(true)
    // The shop's e-mailed lookup link carries the code alone.
    expect(isHoneypotTripped(new URLSearchParams({ code: 'CS-ABC123' }), now, { stampRequired: false })).toBe(false)
    expect(isHoneypotTripped(new URLSearchParams({ code: 'CS-ABC123', [HONEYPOT_FIELD]: 'x' }), now, { stampRequired: false })).toBe(true)
  })

  it('catches a filled trap, whatever is in it', () => {
    for (const value of ['https://spam.example', ' ', 'x']) {
      expect(isHoneypotTripped(form({ [HONEYPOT_FIELD]: value, [HONEYPOT_STAMP_FIELD]: stamp }), now)).toBe(true)
    }
    expect(isHoneypotTripped(form({ [HONEYPOT_FIELD]: 'x' }), now)).toBe(true)
  })

  it('catches a stamp that was overwritten, forged or made in the future', () => {
    const [ms, signature] = stamp.split('.')
    const future = honeypotProps(now + 60_000).stamp
    for (const bad of ['', 'hello', `${ms}`, `${Number(ms) + 1}.${signature}`, `${ms}.${signature}x`, `${ms}.${signature}.x`, future]) {
      expect(isHoneypotTripped(form({ [HONEYPOT_FIELD]: '', [HONEYPOT_STAMP_FIELD]: bad }), now), bad).toBe(true)
    }
    // A query string is read the same way (the shop's lookup is a GET form).
    expect(isHoneypotTripped(new URLSearchParams({ code: 'CS-ABC123', [HONEYPOT_STAMP_FIELD]: 'hello' }), now)).toBe(true)
    expect(isHoneypotTripped(new URLSearchParams({ code: 'CS-ABC123', [HONEYPOT_FIELD]: '', [HONEYPOT_STAMP_FIELD]: stamp }), now)).toBe(
      false,
    )
  })

  it("hands the action a bot's post as an empty form, keeping only what it is told to keep", () => {
    const bot = form({ intent: 'send', email: 'bot@spam.example', [HONEYPOT_FIELD]: 'https://spam.example' })
    const kept = formPastHoneypot(bot, ['intent'])
    expect([...kept.entries()]).toEqual([['intent', 'send']])
    const person = form({ intent: 'send', email: 'a@b.co', [HONEYPOT_FIELD]: '', [HONEYPOT_STAMP_FIELD]: honeypotProps().stamp })
    expect(formPastHoneypot(person, ['intent'])).toBe(person)
  })
})
