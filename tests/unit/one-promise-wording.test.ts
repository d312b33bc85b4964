import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { firstTermEndLabel } from '~/content/contract'
import { commitmentWhere } from '~/content/renewal-consent'
import { ANSWER_PROMISE, RESPONSE_PROMISE_HOURS } from '~/domain/claims'
import { stateRules } from '~/domain/state-rules'

/**
 * One promise said one way, and the commitment said as the state table has it (the pages
 * had contradicted themselves). The signed terms (content/terms-1.0.*.ts) keep their words as published and are left out.
 */

const APP = path.resolve(import.meta.dirname, '../../app')

function sources(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [{ file: path.relative(APP, full), text: fs.readFileSync(full, 'utf8') }] : []
  })
}

const live = sources(APP).filter(({ file }) => !/^content\/terms-\d/.test(file))

describe('the answer promise', () => {
  it('is the 48 hours the claims queue holds us to, written in one place', () => {
    expect(ANSWER_PROMISE).toBe(`within ${RESPONSE_PROMISE_HOURS} hours (typically sooner)`)
    expect(
      live.filter(({ text }) => /working days? \(typically sooner\)|within 2 working days/.test(text)).map(({ file }) => file),
    ).toEqual([])
  })
})

describe('the commitment', () => {
  it('is said before a state is known as the table has it: only where it binds', () => {
    expect(commitmentWhere()).toBe('12-month commitment only in New York')
    expect(live.filter(({ text }) => text.includes('commitment where your state allows it')).map(({ file }) => file)).toEqual([])
  })

  it('ends as a commitment only where the state lets it bind; elsewhere it is a first term', () => {
    expect(firstTermEndLabel(stateRules('NY'))).toBe('Commitment ends')
    expect(firstTermEndLabel(stateRules('TX'))).toBe('First term ends')
    expect(live.filter(({ text }) => text.includes('label="Commitment ends"') || text.includes("fact('Commitment ends'"))).toEqual([])
  })
})
