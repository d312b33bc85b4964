import { redirect } from 'react-router'

import type { LookupKey } from '~/domain/plans'
import { currentSlugFor, findActiveLocationBySlug } from '~/models/shops/partners.server'

// The signup page's server side (routes/signup.tsx).

/** The partner location of a /signup/{slug} link, or null on plain /signup. */
export function partnerFor(slug: string | undefined) {
  if (!slug) return null
  const location = findActiveLocationBySlug(slug)
  if (!location) {
    // A location's earlier link (its slug was changed) goes to its current one.
    const moved = currentSlugFor(slug)
    if (moved) throw redirect(`/signup/${moved}`, 301)
    // An unknown or inactive partner link silently becomes the plain signup page.
    throw redirect('/signup')
  }
  return { id: location.id, name: location.name, slug: location.slug }
}

/**
 * The price the page showed for the chosen plan. The page sends the whole map it showed (it can't know, without
 * JavaScript, which one the buyer will pick); a key it did not show counts as -1, which never matches a real price.
 */
export function shownPriceFor(shown: string | undefined, key: LookupKey) {
  if (shown === undefined) return undefined
  try {
    const map = JSON.parse(shown) as Record<string, unknown>
    const cents = map?.[key]
    return typeof cents === 'number' && Number.isInteger(cents) ? cents : -1
  } catch {
    return -1
  }
}
