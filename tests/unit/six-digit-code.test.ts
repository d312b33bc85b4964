import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { CODE_FORMAT } from '~/domain/messages'
import { SignInCodeSchema } from '~/validation/auth'
import { MAX_LENGTH } from '~/validation/lengths'
import { DeleteAccountSchema } from '~/validation/privacy'
import { sixDigitCode } from '~/validation/text'
import { TextsSchema } from '~/validation/texts'

// A code is pasted as often as typed (WCAG 2.2, 3.3.8): from an e-mail, a text or a password manager, often grouped.
describe('sixDigitCode', () => {
  const code = sixDigitCode(CODE_FORMAT)

  it.each(['123456', ' 123456 ', '123 456', '123-456', '12 34 56', '123\u00a0456'])('takes %j as 123456', (typed) => {
    expect(code.parse(typed)).toBe('123456')
  })

  it.each(['12345', '1234567', '12a456', 'abcdef', '', '123 45'])('refuses %j with the field message', (typed) => {
    const result = code.safeParse(typed)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(CODE_FORMAT)
  })

  it("every code field takes a grouped paste, and each input's length leaves room for it", () => {
    expect(SignInCodeSchema.parse({ intent: 'code', email: 'a@example.com', code: '123 456' }).code).toBe('123456')
    expect(DeleteAccountSchema.parse({ intent: 'delete-account', code: '123-456' }).code).toBe('123456')
    expect(TextsSchema.parse({ intent: 'texts-confirm', code: '123 456' })).toMatchObject({ code: '123456' })
    expect(MAX_LENGTH.emailCode).toBeGreaterThanOrEqual('123 - 456'.length)
    expect(MAX_LENGTH.numberCode).toBeGreaterThanOrEqual('123 - 456'.length)
  })

  it('gives the field no HTML pattern, which would refuse a grouped paste in the browser before the server forgives it', () => {
    expect(getZodConstraint(SignInCodeSchema).code).toEqual({ required: true })
    expect(getZodConstraint(DeleteAccountSchema).code).toEqual({ required: true })
  })
})
