import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * A pointer to a decision record is how a newcomer learns why code is so: one that names a record that does not exist,
 * or a link whose number is not its file's, sends them to the wrong reason. Records are renumbered by merges, so every
 * reference in app/, tests/, docs/ and the README is checked here against docs/decisions/.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const DECISIONS = path.join(ROOT, 'docs/decisions')
const RECORDS = fs.readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name) && name !== '000-template.md')
const RECORD_NUMBERS = new Set(RECORDS.map((name) => name.slice(0, 3)))

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '__snapshots__' ? [] : files(full)
    return /\.(tsx?|js|mjs|md)$/.test(entry.name) ? [full] : []
  })
}

const SOURCES = [...files(path.join(ROOT, 'app')), ...files(path.join(ROOT, 'tests')), ...files(path.join(ROOT, 'docs'))]
  .concat(path.join(ROOT, 'README.md'))
  .map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }))

// `decisions/NNN-slug` (with or without .md), a link `[NNN](…decisions/MMM-…)` or `[NNN](MMM-…)` inside the folder,
// and `decision NNN` / `Decision NNN` in prose.
const FOLDER = ['decisions', ''].join('/')
const PATH = /decisions\/(\d{3}-[a-z0-9-]+?)(?:\.md)?(?=[)#\s`'",.]|$)/g
const LINK = /\[(\d{3})\]\((?:[^)]*decisions\/|\.?\/?)(\d{3})-/g
const PROSE = /\b[Dd]ecisions? (\d{3})\b/g

export function decisionReferenceProblems(sources: { file: string; text: string }[]) {
  const problems: string[] = []
  for (const { file, text } of sources) {
    for (const match of text.matchAll(PATH)) {
      if (!fs.existsSync(path.join(DECISIONS, `${match[1]}.md`))) problems.push(`${file}: decisions/${match[1]} is no record`)
    }
    for (const match of text.matchAll(LINK)) {
      if (match[1] !== match[2]) problems.push(`${file}: [${match[1]}] links to record ${match[2]}`)
    }
    for (const match of text.matchAll(PROSE)) {
      if (!RECORD_NUMBERS.has(match[1])) problems.push(`${file}: decision ${match[1]} is no record`)
    }
  }
  return problems
}

describe('references to decision records', () => {
  it('finds a missing record, a link labelled with another number and a prose number with no record', () => {
    expect(
      decisionReferenceProblems([
        // Spelled in pieces, so that this file itself names no record that does not exist.
        { file: 'a.md', text: `see [${FOLDER}070-texts-about-claims.md](x) and [064](docs/${FOLDER}068-state.md)` },
        { file: 'b.ts', text: '// (decision 999)' },
        { file: 'c.md', text: `[${RECORDS[0].slice(0, 3)}](${RECORDS[0]}) and decision ${RECORDS[0].slice(0, 3)}` },
      ]),
    ).toEqual([
      'a.md: decisions/070-texts-about-claims is no record',
      'a.md: decisions/068-state is no record',
      'a.md: [064] links to record 068',
      'b.ts: decision 999 is no record',
    ])
  })

  it('every reference in app/, tests/, docs/ and the README resolves to the record it names', () => {
    const own = path.relative(ROOT, import.meta.filename)
    expect(decisionReferenceProblems(SOURCES.filter(({ file }) => file !== own))).toEqual([])
  })

  it('every record is listed in the index with its own number', () => {
    const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8')
    const missing = RECORDS.filter((name) => !index.includes(`[${name.slice(0, 3)}](${name})`))
    expect(missing).toEqual([])
  })

  it('the records after 087 follow the template: a date, a status, and context, decision and consequences', () => {
    const late = RECORDS.filter((name) => Number(name.slice(0, 3)) > 87)
    const unlike = late.filter((name) => {
      const text = fs.readFileSync(path.join(DECISIONS, name), 'utf8')
      return !['\nDate: ', '\nStatus: ', '\n## Context', '\n## Decision', '\n## Consequences'].every((part) => text.includes(part))
    })
    expect(unlike).toEqual([])
  })
})
