import tzLookup from '@photostructure/tz-lookup'
import zipTable from 'zipcodes/lib/codes.js'

import type { LatLng } from '~/domain/shops'

/**
 * Where a US ZIP code is: its centroid, city and state, from the `zipcodes` package's bundled table (~42,000 US ZIPs,
 * BSD licence). Offline on purpose: nothing about a customer's address leaves the machine, and no maps service is
 * needed. Why this data set: docs/decisions/043-shops-placed-by-zip-centroid.md.
 */
export type ZipPlace = LatLng & { zip: string; city: string; state: string }

export function zipPlace(zip: string | null | undefined): ZipPlace | null {
  if (!zip || !/^\d{5}$/.test(zip)) return null
  const row = zipTable.codes[zip]
  if (!row || row.country !== 'US') return null
  return { zip, latitude: row.latitude, longitude: row.longitude, city: row.city, state: row.state }
}

/**
 * The time zone a ZIP's centroid lies in ('America/Denver'), for reading a shop's wall-clock appointment with its zone's
 * name. A ZIP on a zone's border may be read in its neighbour's zone; null for a ZIP the table lacks.
 */
export function zoneOfZip(zip: string | null | undefined): string | null {
  const place = zipPlace(zip)
  return place ? tzLookup(place.latitude, place.longitude) : null
}

let prefixes: Set<string> | null = null

/** Whether any US ZIP of the table starts with these three digits (a storm's area may name a region by its prefix). */
export function zipPrefixExists(prefix: string): boolean {
  if (!/^\d{3}$/.test(prefix)) return false
  prefixes ??= new Set(
    Object.values(zipTable.codes)
      .filter((row) => row.country === 'US' && /^\d{5}$/.test(row.zip))
      .map((row) => row.zip.slice(0, 3)),
  )
  return prefixes.has(prefix)
}
