import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { NOT_FOUND_META, operatorMeta, pageMeta } from '~/utils/meta'

describe('page meta', () => {
  it('builds "Page — Glass Plan" and the description, noindex on request', () => {
    expect(pageMeta('Sign in', 'Sign in with a link.')).toEqual([
      { title: 'Sign in — Glass Plan' },
      { name: 'description', content: 'Sign in with a link.' },
    ])
    expect(pageMeta('Outbox', 'Local e-mails.', { noindex: true })).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(operatorMeta('Prices')[0]).toEqual({ title: 'Prices — Operator — Glass Plan' })
    expect(operatorMeta('Prices')).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(NOT_FOUND_META[0]).toEqual({ title: 'Page not found — Glass Plan' })
    expect(NOT_FOUND_META.find((tag) => 'name' in tag && tag.name === 'description')).toBeDefined()
  })

  // A new page cannot slip past the one form: every route that renders a page builds its meta with the helper.
  it('is what every page route uses, with no title written by hand', () => {
    const dir = path.resolve('app/routes')
    const pageRoutes = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => ({ file, source: fs.readFileSync(path.join(dir, file), 'utf8') }))
      // A layout (its children set the meta) or a route that only redirects renders no page of its own.
      .filter(({ source }) => /export default function/.test(source) && !/<Outlet \/>/.test(source))
    expect(pageRoutes.length).toBeGreaterThan(30)
    const offenders = pageRoutes
      .filter(({ source }) => {
        const meta = /export const meta[^]*?\n\n/.exec(source)?.[0] ?? ''
        return !/pageMeta\(|operatorMeta\(|NOT_FOUND_META/.test(meta) || /title:/.test(meta)
      })
      .map(({ file }) => file)
    expect(offenders).toEqual([])
  })
})
