import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// One "not found" (docs/decisions/031-one-refusal-for-a-policy-not-yours.md): models return nothing or call
// `notFound()`, routes never compare a status with 404 themselves, `isNotFound` and `notFound` live in one file
// (app/utils/refusal.ts), and a JSON route's refusal is built by `jsonError` / `jsonNotFound` there.

const HOME = 'app/utils/refusal.ts'

/** Every source file under `dir`, with its text. */
function sources(dir: string): { file: string; source: string }[] {
  return fs
    .readdirSync(path.resolve(dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name))
    .map((entry) => {
      const file = path.relative(path.resolve('.'), path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      return { file, source: fs.readFileSync(file, 'utf8') }
    })
}

const COMPARES_404 = /[!=]==?\s*404\b|\b404\s*[!=]==?/
const DECLARES_NOT_FOUND = /(?:function|const|let)\s+(?:isNotFound|notFound)\b/
const OWN_JSON_ERROR = /Response\.json\(\s*\{\s*error\b/

describe('one "not found"', () => {
  it('the checks below catch what they look for', () => {
    expect(COMPARES_404.test('if (error.status === 404) notFound()')).toBe(true)
    expect(COMPARES_404.test('status !== 404')).toBe(true)
    expect(COMPARES_404.test('404 == status')).toBe(true)
    expect(COMPARES_404.test('{ status: 404 }')).toBe(false)
    expect(DECLARES_NOT_FOUND.test('const notFound = () => RuleError.from(POLICY_NOT_FOUND, { status: 404 })')).toBe(true)
    expect(DECLARES_NOT_FOUND.test('export function isNotFound(error: unknown) {')).toBe(true)
    expect(OWN_JSON_ERROR.test("return Response.json({ error: 'Not Found' }, { status: 404 })")).toBe(true)
    expect(OWN_JSON_ERROR.test('Response.json(\n  { error: message },\n  { status })')).toBe(true)
    expect(OWN_JSON_ERROR.test('Response.json({ models, source })')).toBe(false)
  })

  it('no route or component compares a status with 404: isNotFound does', () => {
    const files = [...sources('app/routes'), ...sources('app/components')]
    expect(files.length).toBeGreaterThan(100)
    expect(files.filter(({ source }) => COMPARES_404.test(source)).map(({ file }) => file)).toEqual([])
  })

  it('isNotFound and notFound are declared once, in app/utils/refusal.ts', () => {
    const declaring = sources('app')
      .filter(({ source }) => DECLARES_NOT_FOUND.test(source))
      .map(({ file }) => file)
    expect(declaring).toEqual([HOME])
  })

  it('no route writes its own JSON error body: jsonError builds the one shape', () => {
    const routes = sources('app/routes')
    expect(routes.filter(({ source }) => OWN_JSON_ERROR.test(source)).map(({ file }) => file)).toEqual([])
    // The JSON routes use the builder (each answers at least one refusal).
    for (const file of [
      'app/routes/api.cancel-policy.ts',
      'app/routes/api.create-checkout.ts',
      'app/routes/api.get-claim-by-code.ts',
      'app/routes/api.complete-partner-claim.ts',
      'app/routes/api.notify-claim-submission.ts',
      'app/routes/customer.vin.$vin.ts',
      'app/routes/customer.vehicle-models.ts',
      'app/routes/customer.policy-photos.ts',
      'app/routes/demo.vehicle-models.ts',
    ])
      expect(routes.find((route) => route.file === file)?.source, file).toMatch(/\bjson(Error|NotFound)\(/)
  })
})
