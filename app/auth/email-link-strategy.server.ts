import { Strategy } from 'remix-auth/strategy'

import { countOf } from '~/domain/format'
import { consumeSignInCode, consumeSignInLink } from '~/models/people/sign-in-links.server'
import { codeDigits } from '~/validation/text'

export type EmailLinkVerifyParams = {
  email: string
  /** The local path stored when the link was issued, if any. */
  redirectTo: string | null
  method: 'link' | 'code'
}

export type SignInFailure = 'used' | 'expired' | 'invalid' | 'wrong' | 'void'

/** Why a link or code was refused; routes turn it into a message (see `signInFailureMessage`). */
export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly via: 'link' | 'code',
    readonly attemptsLeft = 0,
  ) {
    super(signInFailureMessage(reason, via, attemptsLeft))
    this.name = 'SignInError'
  }
}

export function signInFailureMessage(reason: SignInFailure, via: 'link' | 'code', attemptsLeft = 0) {
  if (via === 'code' && (reason === 'expired' || reason === 'used' || reason === 'invalid')) {
    return 'That code has expired or was already used. Codes work once, for 15 minutes; request a new login link.'
  }
  switch (reason) {
    case 'used':
      return 'This login link has already been used. Request a new one to sign in.'
    case 'expired':
      return 'This login link has expired. Links and codes work for 15 minutes; request a new one to sign in.'
    case 'invalid':
      return "This login link isn't valid. Request a new one to sign in."
    case 'wrong':
      return attemptsLeft > 0
        ? `That code isn't right. ${countOf(attemptsLeft, 'try', 'tries')} left.`
        : "That code isn't right, and it was the last try. Request a new login link."
    case 'void':
      return 'Too many wrong codes. That code no longer works; use the link in the e-mail, or request a new login link.'
  }
}

/**
 * Our remix-auth 4 strategy: the request's form carries either a link `token` (from the 'Sign in' button
 * on the link's landing page) or an `email` + typed `code`. Either is consumed atomically; on success the verify
 * callback turns the address into a user. Sending links is not the strategy's job (see app/models/people/sign-in-links.server.ts), so
 * links issued by checkout fulfilment sign in the same way. Why our own: docs/decisions/005-email-link-strategy.md.
 */
export class EmailLinkStrategy<User> extends Strategy<User, EmailLinkVerifyParams> {
  name = 'email-link'

  async authenticate(request: Request): Promise<User> {
    const form = await request.formData()
    const token = form.get('token')
    if (typeof token === 'string' && token) {
      const result = consumeSignInLink(token)
      if (!result.ok) throw new SignInError(result.reason, 'link')
      return this.verify({ email: result.email, redirectTo: result.redirectTo, method: 'link' })
    }
    const email = form.get('email')
    const code = form.get('code')
    if (typeof email !== 'string' || typeof code !== 'string' || !email || !code) throw new SignInError('invalid', 'code')
    // Typed or pasted as the e-mail groups it: the same digits the form's rule read (app/validation/text.ts).
    const result = consumeSignInCode(email, codeDigits(code))
    if (!result.ok) throw new SignInError(result.reason, 'code', result.reason === 'wrong' ? result.attemptsLeft : 0)
    return this.verify({ email: result.email, redirectTo: result.redirectTo, method: 'code' })
  }
}
