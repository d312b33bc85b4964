import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { EMAIL_TAGS } from '~/domain/audit'
import { registry } from '~/server/metrics.server'

/**
 * E-mail tags have one home, EMAIL_TAGS beside the audit actions: sendEmail's type accepts nothing else, and this test
 * reads the senders' source so the list neither misses a tag written as a plain string nor keeps one no sender uses.
 */

const APP = path.resolve(import.meta.dirname, '../../app')

function sources(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [{ file: path.relative(APP, full), text: fs.readFileSync(full, 'utf8') }] : []
  })
}

const senders = sources(APP).filter(({ file }) => file.startsWith('models/') || file.startsWith('services/'))

/** Every tag the senders write: `tag: 'x'` (or a choice of two), and the third argument of the shop applications' `mail`. */
const written = senders.flatMap(({ file, text }) => [
  ...[...text.matchAll(/\btag: (?:[^,\n]*\? )?'([^']*)'(?: as const)?(?: : '([^']*)')?/g)].flatMap((match) =>
    [match[1], match[2]].filter((tag) => tag !== undefined).map((tag) => ({ file, tag })),
  ),
  ...[...text.matchAll(/\bawait mail\([^;]*?'([^']*)',\s*\)/g)].map((match) => ({ file, tag: match[1]! })),
])

describe('e-mail tags: one typed list', () => {
  it('every tag an e-mail is sent with is in the list', () => {
    // The senders write their tags this way; if none were found the patterns above stopped matching.
    expect(written.length).toBeGreaterThan(30)
    expect(written.filter(({ tag }) => !(EMAIL_TAGS as readonly string[]).includes(tag))).toEqual([])
  })

  it('the list has no entry no sender uses, and none twice', () => {
    expect(new Set(EMAIL_TAGS).size).toBe(EMAIL_TAGS.length)
    const used = new Set(written.map(({ tag }) => tag))
    expect(EMAIL_TAGS.filter((tag) => !used.has(tag))).toEqual([])
  })

  it('the e-mails metric has a series for every tag and outcome from the start, and for nothing else', async () => {
    const metric = await registry.getSingleMetric('glass_emails_total')!.get()
    const tags = new Set(metric.values.map((value) => String(value.labels.tag)))
    expect([...tags].sort()).toEqual([...EMAIL_TAGS].sort())
    expect(metric.values).toHaveLength(EMAIL_TAGS.length * 2)
  })
})
