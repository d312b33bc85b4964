import crypto from 'node:crypto'

const ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789'

/** Random, URL-safe, non-sequential ids (ids appear in URLs, so they must not be guessable or countable). */
export function createId(length = 16) {
  const bytes = crypto.randomBytes(length)
  let id = ''
  for (let i = 0; i < length; i++) id += ALPHABET[bytes[i]! % ALPHABET.length]
  return id
}
