import type { RouteConfigEntry } from '@react-router/dev/routes'

import routeConfig from '~/routes'

/**
 * Stands in for the route table React Router's Vite plugin generates (vitest.config.ts aliases it here): the same
 * entries, built from app/routes.ts with each route's real module, so tests read the rules the routes declare.
 */
type Entry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: Record<string, unknown> }

export const routes: Record<string, Entry> = {}

async function add(entries: RouteConfigEntry[], parentId: string) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')
    const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as Record<string, unknown>
    routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module }
    if (entry.children) await add(entry.children, id)
  }
}

routes.root = { id: 'root', path: '', module: {} }
await add(await routeConfig, 'root')
