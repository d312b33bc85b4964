import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'

/**
 * Dependencies run one way (issue 14). Over the import graph of app/:
 * - app/domain imports only app/domain and the few packages in DOMAIN_PACKAGES: it must run in the browser, so no
 *   node:* or other Node built-in modules, no *.server module, nothing else from the app;
 * - a model never imports a component or a route;
 * - a component never imports a *.server module (it would pull server code toward the browser bundle);
 * - content (copy and reference data) never imports a component;
 * - models take plain values, never a Fetch `Request` (rate limits and cookies belong to the route layer);
 * - Stripe is reached only through the payments adapter: outside app/services nothing imports the Stripe service
 *   (its types excepted).
 * Checked by tests/unit/dependencies.test.ts; `npx tsx tests/support/dependencies.ts [appDir]` prints the violations.
 */

export type SourceFile = { file: string; source: string }
export type Violation = { file: string; imports: string; rule: string }

/** Packages app/domain may import: each one known to run in the browser. Add one here when domain needs it. */
export const DOMAIN_PACKAGES = ['zod']

// `import x from 'y'`, `import 'y'`, `import type { x } from 'y'`, `export { x } from 'y'`, `export * from 'y'`, and
// dynamic `import('y')` with a literal specifier.
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0]!]))

/** Each import's specifier, in source order, and whether it imports types only (`import type`, `export type`). */
export function importsOf(source: string) {
  return [...source.matchAll(STATIC_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)]
    .sort((a, b) => a.index - b.index)
    .map((match) => ({ specifier: match[1]!, typeOnly: /^\s*(import|export)\s+type\b/.test(match[0]) }))
}

/** The app-relative path an import points to ('~/x' and './x' resolved), or the package name as written. */
function target(fromFile: string, specifier: string) {
  if (specifier.startsWith('~/')) return { internal: true, path: specifier.slice(2) }
  if (specifier.startsWith('.'))
    return { internal: true, path: path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier)) }
  return { internal: false, path: specifier }
}

/** The package an import names: 'zod/v4' → 'zod', '@conform-to/zod' → '@conform-to/zod'. */
function packageName(specifier: string) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

function isNodeBuiltin(specifier: string) {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(packageName(specifier))
}

export function dependencyViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = []
  for (const { file, source } of files) {
    if (file.startsWith('models/') && /[(,]\s*\w+\??:\s*Request\b/.test(source)) {
      violations.push({ file, imports: 'Request', rule: 'models are free of Request' })
    }
    for (const { specifier, typeOnly } of importsOf(source)) {
      const to = target(file, specifier)
      const add = (rule: string) => violations.push({ file, imports: specifier, rule })
      const isServer = /\.server(\.tsx?)?$/.test(to.path) || /(^|\/)[^/]*\.server\//.test(to.path)
      if (file.startsWith('domain/')) {
        if (to.internal && !to.path.startsWith('domain/')) add('app/domain imports only app/domain')
        else if (isServer) add('app/domain imports no *.server module')
        if (!to.internal && isNodeBuiltin(specifier)) add('app/domain runs in the browser: no Node built-in modules')
        else if (!to.internal && !DOMAIN_PACKAGES.includes(packageName(specifier))) {
          add(`app/domain imports only browser-safe packages (${DOMAIN_PACKAGES.join(', ')})`)
        }
      }
      if (file.startsWith('models/') && to.internal && (to.path.startsWith('components/') || to.path.startsWith('routes/'))) {
        add('a model never imports a component or a route')
      }
      if (file.startsWith('components/') && to.internal && isServer) add('a component never imports a *.server module')
      if (file.startsWith('content/') && to.internal && to.path.startsWith('components/')) add('content never imports a component')
      if (!file.startsWith('services/') && to.internal && /services\/stripe\.server$/.test(to.path) && !typeOnly) {
        add('Stripe only through the payments adapter')
      }
    }
  }
  return violations
}

/** Every .ts/.tsx file under `appDir` (React Router's generated +types excluded), with paths relative to it. */
export function appSources(appDir = path.resolve('app')): SourceFile[] {
  return (fs.readdirSync(appDir, { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('+types'))
    .map((file) => ({ file: file.split(path.sep).join('/'), source: fs.readFileSync(path.join(appDir, file), 'utf8') }))
}

export function describeViolation(violation: Violation) {
  return `app/${violation.file} → ${violation.imports} (${violation.rule})`
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  const violations = dependencyViolations(appSources(path.resolve(process.argv[2] ?? 'app')))
  for (const violation of violations) console.log(describeViolation(violation))
  console.log(`${violations.length} dependency violation(s)`)
  process.exitCode = violations.length > 0 ? 1 : 0
}
