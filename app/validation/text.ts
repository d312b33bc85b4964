import { z } from 'zod'

/**
 * C0 control characters other than tab, line feed and carriage return, DEL, the C1 controls, and the bidirectional
 * overrides and isolates (which make text display in another order than it is stored: "Trojan Source"). They have no
 * place in anything a person types, and a lone NUL must not pass as a "required" answer.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

/** A line break with the spaces around it: CR, LF (so CRLF) and Unicode's line and paragraph separators. */
const LINE_BREAK = /\s*[\r\n\u2028\u2029]+\s*/g

export function stripControlCharacters(value: string) {
  return value.replace(CONTROL_CHARACTERS, '')
}

/**
 * A value that must stay on one line (a name, a phone, an address, an id): control characters removed and every line
 * break folded into one space. Folded rather than refused, so a pasted trailing newline still works, and a name can
 * never start a new line of its own in a plain-text e-mail (where it could pose as a "Plan:" or "Vehicle:" line).
 * Used by every single-line field, by the values that come back from the payment provider, and again when names are
 * written into e-mails (rows stored before this rule).
 */
export function foldLines(value: string) {
  return stripControlCharacters(value).replace(LINE_BREAK, ' ')
}

/**
 * Every free-text field of our forms starts here: control characters are removed, then the text is trimmed, so a
 * field of only control characters is as empty as a blank one and fails `.min(1, …)` with the field's own message.
 * It stays a ZodString, so schemas chain `.min()`, `.max()`, `.regex()` as before. Line breaks stay: this is for text
 * that may run over several lines (descriptions, notes, reasons); everything else uses `singleLineText`.
 */
export function freeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripControlCharacters).trim()
}

/** `freeText` for a one-line field: line breaks are folded into spaces (see `foldLines`). */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(foldLines).trim()
}

/** A typed or pasted code without the spaces and dashes a grouped code carries ("123 456", "123-456"). */
export function codeDigits(value: string): string {
  return value.replace(/[\s-]+/g, '')
}

/**
 * A six-digit code from an e-mail or a text, typed or pasted: the spaces and dashes a grouped or pasted code carries
 * are taken out first, so pasting always works (WCAG 2.2, 3.3.8: no memory test at sign-in). Checked by a refinement,
 * not a regex, so the field gets no HTML pattern that would refuse the grouped paste before the server reads it.
 */
export function sixDigitCode(message: string) {
  return singleLineText({ error: message })
    .overwrite(codeDigits)
    .refine((value) => /^\d{6}$/.test(value), message)
}
