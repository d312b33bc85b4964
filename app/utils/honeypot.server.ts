import crypto from 'node:crypto'

import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { HONEYPOT_FIELD, HONEYPOT_STAMP_FIELD, type HoneypotProps } from '~/utils/honeypot-fields'

// The honeypot's server side (app/utils/honeypot-fields.ts says what it is).

function signature(ms: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(`honeypot:${ms}`).digest('base64url').slice(0, 22)
}

/** For a page's loader: the stamp its form carries back. */
export function honeypotProps(now = Date.now()): HoneypotProps {
  const ms = String(now)
  return { stamp: `${ms}.${signature(ms)}` }
}

/** A few seconds' grace for a stamp from a moment ahead (the clock stepped back since the page was made). */
const CLOCK_SKEW_MS = 5_000

/**
 * True when the post is a bot's: the hidden field has anything in it, or the stamp is missing (a script posting to the
 * form's address without the page: as if the form were posted before it was made) or was changed (not one we signed,
 * or from the future). `stampRequired: false` only where people arrive without the page: a shop's e-mailed lookup link.
 */
export function isHoneypotTripped(fields: Pick<FormData, 'get'>, now = Date.now(), { stampRequired = true } = {}) {
  const trap = fields.get(HONEYPOT_FIELD)
  if (trap !== null && (typeof trap !== 'string' || trap !== '')) return true
  const stamp = fields.get(HONEYPOT_STAMP_FIELD)
  if (stamp === null) return stampRequired
  if (typeof stamp !== 'string') return true
  const [ms, signed, ...rest] = stamp.split('.')
  if (!ms || !signed || rest.length || !/^\d{1,15}$/.test(ms)) return true
  const expected = Buffer.from(signature(ms))
  const given = Buffer.from(signed)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return true
  return Number(ms) > now + CLOCK_SKEW_MS
}

/**
 * The form as the action should read it: a bot's post (isHoneypotTripped) keeps only the `keep` fields, so the action
 * answers it exactly as it answers a person's empty form, with the same status and the same message, and nothing tells
 * the bot what gave it away. A person's post is returned as it came.
 */
export function formPastHoneypot(formData: FormData, keep: string[] = []): FormData {
  if (!isHoneypotTripped(formData)) return formData
  logger.warn('refused a form post: the honeypot was filled in')
  const kept = new FormData()
  for (const name of keep) for (const value of formData.getAll(name)) kept.append(name, value)
  return kept
}
