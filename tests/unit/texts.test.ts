import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { TEXTS_CONSENT_LABEL, TEXTS_CONSENT_VERSION, textsConsentText } from '~/content/texts-consent'
import { TEXT_MESSAGES } from '~/domain/messages'
import { checkTextPhone, textPhoneTypeRefusal, toE164TextPhone } from '~/domain/phones'
import { providerConfirmedStop, replyKeyword } from '~/domain/texts'
import { TextsSchema } from '~/validation/texts'

function parse(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return parseWithZod(form, { schema: TextsSchema })
}

describe('a mobile number for texts', () => {
  it('is stored in E.164 however it was typed', () => {
    for (const typed of ['(801) 555-0142', '801.555.0142', '+1 801 555 0142', '1-801-555-0142']) {
      expect(toE164TextPhone(typed)).toBe('+18015550142')
    }
  })

  it('refuses a number that cannot take texts: not a US number, an extension, or toll-free', () => {
    for (const typed of ['555-0142', '+44 20 7946 0958', '801 555 0142 ext. 9', '(800) 555-0142', '+1 888 555 0142', 'text me']) {
      expect(toE164TextPhone(typed), typed).toBeNull()
    }
  })
})

describe('the number type for texts (libphonenumber-js max metadata)', () => {
  it('refuses a premium-rate +1 900, a toll-free and a 5XX personal-service number, each with its own words', () => {
    expect(checkTextPhone('+1 900 555 0142')).toEqual({ refused: 'premium' })
    expect(checkTextPhone('(888) 555-0142')).toEqual({ refused: 'toll_free' })
    expect(checkTextPhone('500 555 0142')).toEqual({ refused: 'personal' })
    expect(checkTextPhone('555-0142')).toEqual({ refused: 'invalid' })
    expect(parse({ intent: 'texts-on', phone: '1-900-555-0142', consent: 'on' }).reply().error).toEqual({
      phone: [TEXT_MESSAGES.phoneRefused.premium],
    })
    expect(TEXT_MESSAGES.phoneRefused.premium).toContain('premium-rate')
  })

  it('takes a good mobile; a type the metadata names as a landline, VoIP or shared-cost is refused', () => {
    expect(checkTextPhone('(801) 555-0161')).toEqual({ e164: '+18015550161' })
    expect(textPhoneTypeRefusal('MOBILE')).toBeNull()
    // US numbers do not tell a mobile from a landline: the type is FIXED_LINE_OR_MOBILE, let through.
    expect(textPhoneTypeRefusal('FIXED_LINE_OR_MOBILE')).toBeNull()
    expect(textPhoneTypeRefusal('FIXED_LINE')).toBe('landline')
    expect(textPhoneTypeRefusal('VOIP')).toBe('voip')
    expect(textPhoneTypeRefusal('SHARED_COST')).toBe('shared_cost')
    expect(textPhoneTypeRefusal(undefined)).toBe('not_mobile')
  })
})

describe('the texts consent', () => {
  it('is versioned, and its words say what is sent, how often, the rates, that it is optional, STOP and HELP', () => {
    expect(TEXTS_CONSENT_VERSION).toMatch(/^texts-\d{4}-\d+$/)
    expect(TEXTS_CONSENT_LABEL).toBe('Text me about my claims')
    const text = textsConsentText('(801) 555-0142').join(' ')
    expect(text).toContain(
      'when your claim is decided, when your appointment is booked, when the technician is on the way and when the work is done',
    )
    expect(text).toContain('up to about five texts per claim')
    expect(text).toContain('Message and data rates may apply')
    expect(text).toContain('not a condition of buying')
    expect(text).toContain('Reply STOP to end texts')
    expect(text).toContain('HELP for help')
    expect(text).toContain('(801) 555-0142')
  })

  it('is refused without the ticked box, and the number is refused next to its field', () => {
    expect(parse({ intent: 'texts-on', phone: '801 555 0142' }).reply().error).toEqual({ consent: [TEXT_MESSAGES.consentRequired] })
    expect(parse({ intent: 'texts-on', phone: '(800) 555-0142', consent: 'on' }).reply().error).toEqual({
      phone: [TEXT_MESSAGES.phoneRefused.toll_free],
    })
    const accepted = parse({ intent: 'texts-on', phone: '801 555 0142', consent: 'on' })
    expect(accepted.status === 'success' && accepted.value).toEqual({ intent: 'texts-on', phone: '+18015550142', consent: true })
  })
})

describe('a reply', () => {
  // Every reasonable way of saying stop stops (47 CFR §64.1200(a)(10)), before anything else the reply says.
  const cases: Array<[string, ReturnType<typeof replyKeyword>]> = [
    ['stop', 'stop'],
    ['STOP', 'stop'],
    [' stop ', 'stop'],
    ['STOP.', 'stop'],
    ['Stop!!', 'stop'],
    ['Stop please', 'stop'],
    ['please stop texting me', 'stop'],
    ['STOPALL', 'stop'],
    ['opt out', 'stop'],
    ['Opt-out', 'stop'],
    ['OPTOUT', 'stop'],
    ['unsubscribe', 'stop'],
    ['Unsubscribe me', 'stop'],
    ['cancel', 'stop'],
    ['CANCEL.', 'stop'],
    ['end', 'stop'],
    ['END', 'stop'],
    ['quit', 'stop'],
    ['Quit it', 'stop'],
    ['revoke', 'stop'],
    ['I revoke my consent', 'stop'],
    ['remove me from this list', 'stop'],
    ["Don't text me", 'stop'],
    ['do not text this number', 'stop'],
    ['no more texts', 'stop'],
    ['help me stop these', 'stop'],
    // When in doubt a reply stops: a wrong stop costs one click on the dashboard, a missed one a text without consent.
    ['please stop by at 3', 'stop'],
    ['HELP', 'help'],
    ['help', 'help'],
    ['Help?', 'help'],
    ['Info', 'help'],
    ['I need help with my claim', 'help'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['Yes!', 'start'],
    ['yes', 'start'],
    ['Thanks!', 'other'],
    ['', 'other'],
    ['See you at 3', 'other'],
    ['Yes please call me', 'other'],
    ['weekend works', 'other'],
    ['unstoppable', 'other'],
  ]
  it.each(cases)('reads %j as %s', (body, keyword) => {
    expect(replyKeyword(body)).toBe(keyword)
  })

  it('leaves the confirmation to Twilio for its own single words, and for a stop its webhook says it handled', () => {
    for (const body of ['STOP', ' stop ', 'Unsubscribe', 'cancel', 'END', 'quit', 'revoke', 'optout', 'stopall']) {
      expect(providerConfirmedStop(body, undefined), body).toBe(true)
    }
    for (const body of ['STOP.', 'Stop please', 'opt out', "Don't text me"])
      expect(providerConfirmedStop(body, undefined), body).toBe(false)
    expect(providerConfirmedStop('Stop please', 'STOP')).toBe(true)
  })
})
