import { normalizeEmail } from '~/domain/email'
import { HOUR_MS } from '~/domain/time'

import { clientNetwork, describeWait, hit } from './rate-limit.server'

/** Sign-in e-mails: 5 an hour per address and 20 an hour per client address. */
export const EMAILS_PER_ADDRESS = { limit: 5, windowMs: HOUR_MS }
export const EMAILS_PER_IP = { limit: 20, windowMs: HOUR_MS }
/**
 * Typed codes are counted twice, separately: per client address (IPv6 by /64), across all e-mail addresses, and per
 * e-mail address, across all client addresses, so guessing from many addresses gets nowhere either. Each open
 * verification also stops taking codes after MAX_CODE_ATTEMPTS wrong ones. None of these touch the e-mailed link: a
 * stranger who knows someone's address can make them wait for the code, never lock them out of the link.
 */
export const CODES_PER_IP = { limit: 30, windowMs: HOUR_MS }
export const CODES_PER_ADDRESS = { limit: 10, windowMs: HOUR_MS }

export type LimitVerdict = { allowed: true } | { allowed: false; message: string; retryAfterSeconds: number }

/** Counts one sign-in e-mail request; the per-address count only moves when the client address is within its limit. */
export function allowSignInEmail(email: string, ip: string): LimitVerdict {
  const byIp = hit(`sign-in-email:ip:${ip}`, EMAILS_PER_IP)
  if (!byIp.allowed) {
    return {
      allowed: false,
      retryAfterSeconds: byIp.retryAfterSeconds,
      message: `Too many login links were requested from your network. Please try again in ${describeWait(byIp.retryAfterSeconds)}.`,
    }
  }
  const byAddress = hit(`sign-in-email:address:${normalizeEmail(email)}`, EMAILS_PER_ADDRESS)
  if (!byAddress.allowed) {
    return {
      allowed: false,
      retryAfterSeconds: byAddress.retryAfterSeconds,
      message: `Too many login links were requested for this email address. Please check your inbox for the last one, or try again in ${describeWait(byAddress.retryAfterSeconds)}.`,
    }
  }
  return { allowed: true }
}

/** Counts one typed code; the per-address count only moves when the client address is within its limit. */
export function allowCodeAttempt(email: string, ip: string): LimitVerdict {
  const byIp = hit(`sign-in-code:ip:${clientNetwork(ip)}`, CODES_PER_IP)
  if (!byIp.allowed) {
    return {
      allowed: false,
      retryAfterSeconds: byIp.retryAfterSeconds,
      message: `Too many codes were tried from your network. Please try again in ${describeWait(byIp.retryAfterSeconds)}.`,
    }
  }
  const byAddress = hit(`sign-in-code:address:${normalizeEmail(email)}`, CODES_PER_ADDRESS)
  if (!byAddress.allowed) {
    return {
      allowed: false,
      retryAfterSeconds: byAddress.retryAfterSeconds,
      message: `Too many codes were tried for this email address. Please use the link in the e-mail, or try a code again in ${describeWait(byAddress.retryAfterSeconds)}.`,
    }
  }
  return { allowed: true }
}
