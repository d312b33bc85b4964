import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { PRIVACY_MESSAGES } from '~/domain/messages'
import { formatPhone, phoneHref, reachInWords, toE164UsPhone } from '~/domain/phones'
import { phoneField } from '~/validation/privacy'

describe('customers’ phone numbers', () => {
  it('stores any common way of writing a US number in E.164', () => {
    for (const typed of ['(801) 555-0142', '801-555-0142', '801.555.0142', '+1 801 555 0142', '1 (801) 555-0142', '8015550142']) {
      expect(toE164UsPhone(typed)).toBe('+18015550142')
    }
  })

  it('refuses what is not a US number a shop can dial', () => {
    for (const typed of ['555-0142', '(123) 456-7890', '+44 20 7946 0958', '801 555 0142 ext. 12', 'call me', '']) {
      expect(toE164UsPhone(typed)).toBeNull()
    }
  })

  it('shows a stored number in the national format, and one saved before as it was typed', () => {
    expect(formatPhone('+18015550142')).toBe('(801) 555-0142')
    expect(formatPhone('801 555 0142')).toBe('(801) 555-0142')
    expect(formatPhone('call the office')).toBe('call the office')
    expect(phoneHref('+18015550142')).toBe('tel:+18015550142')
  })

  it('says how the shop reaches the customer: by phone when there is one, else by e-mail', () => {
    expect(reachInWords({ phone: '+18015550142', email: 'gina@example.com' })).toBe('by phone at (801) 555-0142')
    expect(reachInWords({ phone: null, email: 'gina@example.com' })).toBe('by e-mail at gina@example.com')
  })

  it('the form field: blank or absent is none, a number is E.164, anything else is the field’s message', () => {
    expect(phoneField().parse(undefined)).toBeNull()
    expect(phoneField().parse('  ')).toBeNull()
    expect(phoneField().parse(' (801) 555-0142\n')).toBe('+18015550142')
    const refused = phoneField().safeParse('(123) 456-7890')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PRIVACY_MESSAGES.phone])
  })
})

describe('tel: links', () => {
  it('dial E.164 however the number was stored, while the visible text stays readable', () => {
    expect(phoneHref('(512) 555-0190')).toBe('tel:+15125550190')
    expect(phoneHref('512 555 0190')).toBe('tel:+15125550190')
    expect(formatPhone('(512) 555-0190')).toBe('(512) 555-0190')
  })

  it('are built only by phoneHref (app/domain/phones.ts): no tel: href is written anywhere else in app/', () => {
    const root = path.resolve(__dirname, '../../app')
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.tsx?$/.test(entry.name) && !full.endsWith(path.join('domain', 'phones.ts'))) {
          if (/[`'"]tel:/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full))
        }
      }
    }
    walk(root)
    expect(offenders).toEqual([])
  })
})
