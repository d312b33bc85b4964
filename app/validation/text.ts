import { z } from 'zod'

/**
 * C0 control characters other than tab, line feed and carriage return, DEL, the C1 controls, and the bidirectional
 * overrides and isolates (which make text display in another order than it is stored: "Trojan Source"). They have no
 * place in anything a person types, and a lone NUL must not pass as a "required" answer.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

export function stripControlCharacters(value: string) {
  return value.replace(CONTROL_CHARACTERS, '')
}

/**
 * Every free-text field of our forms starts here: control characters are removed, then the text is trimmed, so a
 * field of only control characters is as empty as a blank one and fails `.min(1, …)` with the field's own message.
 * It stays a ZodString, so schemas chain `.min()`, `.max()`, `.regex()` as before.
 */
export function freeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripControlCharacters).trim()
}
