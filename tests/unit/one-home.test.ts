import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * Two "one home" rules a lint selector cannot hold cheaply, held by reading app/'s source: a parameterised link is built
 * by a helper in app/domain/paths.ts, and a rate limit (its numbers and its `hit`) lives in app/auth/*-limits.server.ts.
 */

const APP = path.resolve(import.meta.dirname, '../../app')

function sources(dir: string): { file: string; lines: string[] }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    if (!/\.(tsx?|js)$/.test(entry.name)) return []
    return [{ file: path.relative(path.dirname(APP), full), lines: fs.readFileSync(full, 'utf8').split('\n') }]
  })
}

const APP_SOURCES = sources(APP)

/** Each line of app/ that matches, as `file:line: text`, outside the files named. */
function linesMatching(pattern: RegExp, except: (file: string) => boolean) {
  return APP_SOURCES.filter(({ file }) => !except(file)).flatMap(({ file, lines }) =>
    lines.flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  )
}

// A template literal opening on a customer, shop or operator path that takes a value after a slash.
const INLINE_LINK = /`\/(customer|shop|admin)(\/[\w.-]+)*\/\$\{/

describe('one home for links and rate limits', () => {
  it('the pattern finds an inline link', () => {
    expect(INLINE_LINK.test('<a href={`/admin/claims/${claim.id}`}>')).toBe(true)
    expect(INLINE_LINK.test('redirect(`/customer/claims/${code}/appeal`)')).toBe(true)
    expect(INLINE_LINK.test('`/shop/jobs/${id}`')).toBe(true)
    expect(INLINE_LINK.test('`${APP_URL}${adminClaimPath(claim.id)}`')).toBe(false)
    expect(INLINE_LINK.test('`/admin/payouts${search}`')).toBe(false)
  })

  it('no file in app/ builds a customer, shop or operator link with a value inline: paths.ts has a helper for each', () => {
    // The e-mail samples are made-up examples, written out as a reader sees them.
    expect(linesMatching(INLINE_LINK, (file) => file === 'app/domain/paths.ts' || file === 'app/emails/samples.ts')).toEqual([])
  })

  it('rate limits live in app/auth/*-limits.server.ts: nothing else counts with hit() or declares a window', () => {
    const home = (file: string) => /^app\/auth\/([\w-]+-limits|rate-limit)\.server\.ts$/.test(file)
    expect(linesMatching(/\bhit\(/, home)).toEqual([])
    expect(linesMatching(/\bwindowMs:/, home)).toEqual([])
  })
})
