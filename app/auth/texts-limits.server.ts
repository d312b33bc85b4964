import { RuleError } from '~/domain/errors'
import { TEXT_MESSAGES } from '~/domain/messages'
import { DAY_MS, HOUR_MS } from '~/domain/time'

import { describeWait, hit } from './rate-limit.server'

/**
 * The codes that confirm a number for claim texts (app/models/people/texts.server.ts). Each one is a text we pay for, to a
 * number the customer typed: a customer may ask a few (a mistyped number, a code that did not arrive), never a stream,
 * and one number gets a few a day whoever asks, so nobody can use the form to text a stranger over and over.
 */
export const CODES_SENT_PER_CUSTOMER = { limit: 5, windowMs: HOUR_MS }
export const CODES_SENT_PER_NUMBER = { limit: 5, windowMs: DAY_MS }
/**
 * Typed codes per customer, across their codes: each code also takes only MAX_NUMBER_CODE_TRIES wrong ones, and this
 * keeps a customer who asks for code after code from guessing through them.
 */
export const CODE_TRIES_PER_CUSTOMER = { limit: 15, windowMs: HOUR_MS }

/**
 * Counts one code texted for `profileId` to `phone` (E.164): null when allowed, else the refusal (429, next to the
 * field the customer pressed from), answered before anything is sent. The number's count only moves when the
 * customer's is within its limit.
 */
export function numberCodeSendLimited(profileId: string, phone: string, field: string): RuleError | null {
  const byCustomer = hit(`texts-code-send:profile:${profileId}`, CODES_SENT_PER_CUSTOMER)
  const result = byCustomer.allowed ? hit(`texts-code-send:number:${phone}`, CODES_SENT_PER_NUMBER) : byCustomer
  if (result.allowed) return null
  return RuleError.from(TEXT_MESSAGES.tooManyCodes(describeWait(result.retryAfterSeconds)), { field, status: 429 })
}

/** Counts one typed code by `profileId`: null when allowed, else the refusal (429, next to the code). */
export function numberCodeTryLimited(profileId: string): RuleError | null {
  const result = hit(`texts-code-try:profile:${profileId}`, CODE_TRIES_PER_CUSTOMER)
  if (result.allowed) return null
  return RuleError.from(TEXT_MESSAGES.tooManyTries(describeWait(result.retryAfterSeconds)), { field: 'code', status: 429 })
}
