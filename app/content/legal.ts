/**
 * The shape shared by the legal texts (terms of service, privacy policy) and two small helpers
 * for rendering them. Plain data: no React, so pages, e-mails and tests can all use it.
 *
 * Rendering contract:
 * - `title` is the page's h1; `intro` paragraphs come before the first section.
 * - Each section renders as: heading (h2, anchored by `id`), then its `paragraphs` in order, then
 *   its `bullets` (if any) as a list. Headings carry no numbers; number them with an <ol> if wanted.
 * - Strings are plain text (no HTML, no Markdown). Site paths such as `/excluded-vehicles` or an
 *   e-mail address may appear inside a string; a renderer may turn them into links, see `linkify`.
 * - Section ids are stable, lower-case, hyphenated: safe to use as URL fragments (#arbitration).
 */
export type LegalSection = {
  /** Anchor id, unique within the document. */
  id: string
  heading: string
  paragraphs: string[]
  /** Rendered after the paragraphs, as an unordered list. */
  bullets?: string[]
  /**
   * Printed in bold type, no smaller than the text around it: language that excludes coverage or puts a duty on the
   * customer (California Insurance Code §12820(b)(2) asks for it; the state table, domain/state-rules.ts, cites it).
   */
  conspicuous?: boolean
}

export type LegalDocument = {
  title: string
  intro: string[]
  sections: LegalSection[]
}

/** The whole document as plain text (headings and bullets included): for e-mails, search and tests. */
export function legalDocumentText(doc: LegalDocument): string {
  const parts: string[] = [doc.title, ...doc.intro]
  for (const section of doc.sections) {
    parts.push(section.heading, ...section.paragraphs)
    for (const bullet of section.bullets ?? []) parts.push(`- ${bullet}`)
  }
  return parts.join('\n\n')
}

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

/**
 * Splits a legal string into text and links, so a renderer can show site paths (`/excluded-vehicles`,
 * `/privacy-policy`, ...) and e-mail addresses as links without parsing anything itself.
 * Only paths listed in `sitePaths` become links, so a stray slash in prose never does.
 */
export function linkify(
  text: string,
  sitePaths: readonly string[] = ['/excluded-vehicles', '/privacy-policy', '/terms-of-service', '/customer'],
): TextPiece[] {
  const escaped = sitePaths.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,})|(${escaped.join('|') || '(?!)'})(?![\\w/-])`, 'g')
  const pieces: TextPiece[] = []
  let last = 0
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0
    // An e-mail address may end with the sentence's full stop: keep that out of the link.
    let found = match[0]
    if (match[1] && found.endsWith('.')) found = found.slice(0, -1)
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) })
    pieces.push({ kind: 'link', text: found, href: match[1] ? `mailto:${found}` : found })
    last = start + found.length
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) })
  return pieces
}
