/**
 * Paper letters: the address they go to, what they say, and which kinds there are. Plain data, no I/O; the postal
 * adapter (services/mail.server.ts) posts them and the letters model (models/people/letters.server.ts) records each.
 */

import { addCalendarDays } from './calendar'
import { formatLongDate } from './format'

/** A US postal address, as a letter is addressed. */
export type MailingAddress = { name: string; line1: string; line2: string | null; city: string; state: string; zip: string }

/**
 * What a letter says: a title, its date line and its paragraphs (plain text). A notice whose date counts from its
 * mailing (`countsFromMailing`) writes MAILING_END_DATE where that date goes; the letter is dated and the date filled in
 * when it is posted (`contentAtMailing`), so a letter held for an address still gives the whole notice period.
 */
export type LetterContent = {
  title: string
  date: string
  paragraphs: string[]
  countsFromMailing?: { days: number; zone: string; notBefore: string }
}

/** Where a notice's paragraphs name the date counted from the mailing. */
export const MAILING_END_DATE = '{end date}'

/** The day a notice counted from its mailing takes effect: `days` after the mailing, never before `notBefore`. */
export function dateAfterMailing(counts: NonNullable<LetterContent['countsFromMailing']>, mailedAt: Date): Date {
  const earliest = addCalendarDays(mailedAt, counts.days, counts.zone)
  const floor = new Date(counts.notBefore)
  return earliest > floor ? earliest : floor
}

/** The letter as it is posted at `mailedAt`: dated that day, its date counted from the mailing filled in. */
export function contentAtMailing(content: LetterContent, mailedAt: Date): LetterContent {
  const counts = content.countsFromMailing
  if (!counts) return content
  const endsOn = formatLongDate(dateAfterMailing(counts, mailedAt), '', counts.zone)
  return {
    ...content,
    date: formatLongDate(mailedAt, '', counts.zone),
    paragraphs: content.paragraphs.map((paragraph) => paragraph.replaceAll(MAILING_END_DATE, endsOn)),
  }
}

/** The kinds of letter, for the record and the outbox (one name per template, like the e-mail tags). */
export const LETTER_TEMPLATES = {
  'provider-cancellation': 'Notice that the provider cancels the plan',
  'renewal-notice': 'Notice of the coming renewal',
  'paper-copy': 'Paper copy of a notice (electronic delivery withdrawn)',
} as const
export type LetterTemplate = keyof typeof LETTER_TEMPLATES

/** A letter's progress (letters.status): waiting to be sent, sent, refused by the provider (retried), or held. */
export const LETTER_STATUSES = ['pending', 'sent', 'failed', 'held'] as const
export type LetterStatus = (typeof LETTER_STATUSES)[number]

/** How often the daily job tries a letter the provider refused before it waits for the operator alone. */
export const LETTER_MAX_ATTEMPTS = 8

/** A letter not posted, as its reason reads it: its status, its tries, the provider's last refusal. */
export type UnsentLetter = { status: LetterStatus; attempts: number; lastError: string | null }

/** Why a letter has not gone, in the operator's words (the customer's page and the held letters' list). */
export function letterHoldReason(letter: UnsentLetter): string {
  switch (letter.status) {
    case 'held':
      return 'No mailing address: the customer’s dashboard asks for it. It is posted as soon as they, or you, give one.'
    case 'failed':
      return letter.attempts >= LETTER_MAX_ATTEMPTS
        ? `Refused by the mail provider ${letter.attempts} times and no longer tried (${letter.lastError ?? 'no reason given'}): check the address and reach the customer another way.`
        : `Refused by the mail provider (${letter.lastError ?? 'no reason given'}); tried again daily, ${letter.attempts} of ${LETTER_MAX_ATTEMPTS} tries so far.`
    case 'pending':
      return 'Being posted: the mail provider has not answered yet.'
    case 'sent':
      return 'Posted.'
  }
}

export function addressLines(address: MailingAddress): string[] {
  return [address.name, address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.zip}`]
}

/** A stored address (JSON text), or null when none is stored or it is unusable. */
export function parseMailingAddress(stored: string | null | undefined): MailingAddress | null {
  if (!stored) return null
  try {
    const value = JSON.parse(stored) as Partial<MailingAddress>
    if (!value.name || !value.line1 || !value.city || !value.state || !value.zip) return null
    return { name: value.name, line1: value.line1, line2: value.line2 ?? null, city: value.city, state: value.state, zip: value.zip }
  } catch {
    return null
  }
}

/** The words of street addresses written more than one way (USPS's suffixes and unit words), in their short form. */
const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  circle: 'cir',
  terrace: 'ter',
  parkway: 'pkwy',
  highway: 'hwy',
  square: 'sq',
  trail: 'trl',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  apartment: '#',
  apt: '#',
  unit: '#',
  suite: '#',
  ste: '#',
  no: '#',
}

/** USPS's secondary unit designators (Publication 28, appendix C2), in their short form. */
const UNIT_WORDS: Record<string, string> = {
  apartment: 'Apt',
  apt: 'Apt',
  suite: 'Ste',
  ste: 'Ste',
  unit: 'Unit',
  building: 'Bldg',
  bldg: 'Bldg',
  floor: 'Fl',
  fl: 'Fl',
  room: 'Rm',
  rm: 'Rm',
  department: 'Dept',
  dept: 'Dept',
}

/** A street line as USPS writes it: single spaces, no trailing punctuation, suffixes, directions and units short. */
function uspsLine(line: string): string {
  return line
    .replace(/[.,]+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase()
      const unit = UNIT_WORDS[lower]
      if (unit) return unit
      const short = ADDRESS_WORDS[lower]
      if (!short || short === '#') return word
      // The directions are capitals (N, SW); the suffixes a capital and the rest (St, Blvd).
      return short.length <= 2 && /^[nsew]+$/.test(short) ? short.toUpperCase() : short[0]!.toUpperCase() + short.slice(1)
    })
    .join(' ')
}

/**
 * A US mailing address in USPS's form: the street lines with USPS's abbreviations (the same words `addressKey` reads),
 * the city in single spaces, the state's two capitals, the ZIP (ZIP+4 kept) as typed without spaces.
 */
export function normalizeMailingAddress(address: MailingAddress): MailingAddress {
  const spaced = (text: string) => text.trim().replace(/\s+/g, ' ')
  const line2 = address.line2 ? uspsLine(address.line2) : ''
  return {
    name: spaced(address.name),
    line1: uspsLine(address.line1),
    line2: line2 || null,
    city: spaced(address.city),
    state: address.state.trim().toUpperCase(),
    zip: address.zip.replace(/\s+/g, ''),
  }
}

/**
 * One key for one place, however it was typed: the street lines in lower case, without punctuation, with USPS's long
 * words in their short form and any unit word as '#', and the five-digit ZIP (which stands for the city and state).
 * The name is left out: it is the place that matters, whoever lives there. Null when there is no street or ZIP.
 */
export function addressKey(address: Pick<MailingAddress, 'line1' | 'line2' | 'zip'>): string | null {
  const zip = /^\s*(\d{5})/.exec(address.zip)?.[1]
  const words = [address.line1, address.line2 ?? '']
    .join(' ')
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9# ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ADDRESS_WORDS[word] ?? word)
    // "Apt #4" says the unit twice.
    .filter((word, index, all) => !(word === '#' && all[index + 1] === '#'))
  return zip && words.length ? `${zip} ${words.join(' ')}` : null
}
