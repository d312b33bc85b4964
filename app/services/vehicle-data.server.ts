import { and, eq } from 'drizzle-orm'
import { z } from 'zod'

import { bundledModels } from '~/content/vehicle-models'
import { formMakeName } from '~/content/vehicles'
import { decodeVinOffline } from '~/content/vin-wmi'
import { db } from '~/db/client.server'
import { vehicleModelCache, vinDecodeCache } from '~/db/schema'
import type { VehicleType } from '~/domain/plans'
import { DAY_MS } from '~/domain/time'
import { env } from '~/env.server'
import { logger } from '~/logger.server'

/**
 * Vehicle models for a make and model year (docs/decisions/011-vehicle-models.md), and what a VIN decodes to
 * (docs/decisions/047-vin.md): NHTSA's vPIC service when it can be reached, with a timeout and a zod-checked answer,
 * cached in SQLite; otherwise (VPIC_URL=off, vPIC down or answering nonsense) the bundled data committed to the repo.
 */

export type ModelsResult = { models: string[]; source: 'vpic' | 'cache' | 'bundled' }

const TIMEOUT_MS = 4_000
const CACHE_DAYS = 30
/** The vehicles the plans cover: passenger cars, trucks and multipurpose vehicles (SUVs, vans); no motorcycles, trailers, buses. */
const VEHICLE_TYPES = ['car', 'truck', 'mpv'] as const

const VpicModelsSchema = z.object({
  Count: z.number().optional(),
  Message: z.string().optional(),
  Results: z.array(
    z.object({
      Make_ID: z.number().optional(),
      Make_Name: z.string(),
      Model_ID: z.number(),
      Model_Name: z.string(),
    }),
  ),
})

class VpicError extends Error {}

/** Compares make names ignoring case, spaces and punctuation ('MERCEDES-BENZ' = 'Mercedes Benz'). */
const makeKey = (make: string) => make.toLowerCase().replace(/[^a-z0-9]/g, '')
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0)

const inFlight = new Map<string, Promise<ModelsResult>>()

/**
 * After vPIC fails, the bundled data answers for a minute without asking vPIC again: while vPIC is down (or the
 * machine is offline) every model list would otherwise wait for the timeout.
 */
const RETRY_AFTER_FAILURE_MS = 60_000
let vpicSkippedUntil = 0

/** Model names for a make in a model year, sorted by name, without duplicates. Never throws for vPIC trouble. */
export async function modelsFor(make: string, year: number): Promise<ModelsResult> {
  const cacheKey = make.trim().toLowerCase()
  if (!cacheKey || !Number.isInteger(year)) return { models: [], source: 'bundled' }
  if (env().vehicleData === 'bundled') return { models: bundledModels(make, year), source: 'bundled' }

  const cached = readCache(cacheKey, year)
  if (cached) return { models: cached, source: 'cache' }

  const flightKey = `${cacheKey}|${year}`
  let pending = inFlight.get(flightKey)
  if (!pending) {
    pending = lookUp(make.trim(), cacheKey, year).finally(() => inFlight.delete(flightKey))
    inFlight.set(flightKey, pending)
  }
  return pending
}

async function lookUp(make: string, cacheKey: string, year: number): Promise<ModelsResult> {
  if (Date.now() < vpicSkippedUntil) return { models: bundledModels(make, year), source: 'bundled' }
  try {
    const models = await fetchFromVpic(make, year)
    // vPIC has gaps for some old makes/years; an empty answer falls back to the bundled list (and is not cached).
    if (models.length === 0) return { models: bundledModels(make, year), source: 'bundled' }
    writeCache(cacheKey, year, models)
    return { models, source: 'vpic' }
  } catch (error) {
    vpicSkippedUntil = Date.now() + RETRY_AFTER_FAILURE_MS
    logger.warn({ make, year, err: error }, 'vPIC unavailable; using the bundled data for a minute')
    return { models: bundledModels(make, year), source: 'bundled' }
  }
}

/** One vPIC request per vehicle type: the plain models-for-make-year answer does not say which type a model is. */
export async function fetchFromVpic(make: string, year: number): Promise<string[]> {
  const base = env().VPIC_URL.replace(/\/$/, '')
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  const answers = await Promise.all(
    VEHICLE_TYPES.map(async (type) => {
      const url = `${base}/GetModelsForMakeYear/make/${encodeURIComponent(make)}/modelyear/${year}/vehicletype/${type}?format=json`
      const response = await fetch(url, { signal, headers: { Accept: 'application/json' } })
      if (!response.ok) throw new VpicError(`HTTP error! status: ${response.status}`)
      const parsed = VpicModelsSchema.safeParse(await response.json())
      if (!parsed.success) throw new VpicError('unexpected answer from vPIC')
      return parsed.data.Results
    }),
  )
  // vPIC matches makes by substring ('Mini' also finds 'MINI COOPER ...'): keep the exact make only.
  const wanted = makeKey(make)
  const names = new Map<string, string>()
  for (const result of answers.flat()) {
    if (makeKey(result.Make_Name) !== wanted) continue
    const name = result.Model_Name.trim()
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name)
  }
  return [...names.values()].sort(byName)
}

function readCache(make: string, year: number): string[] | null {
  const row = db()
    .select()
    .from(vehicleModelCache)
    .where(and(eq(vehicleModelCache.make, make), eq(vehicleModelCache.year, year)))
    .get()
  if (!row) return null
  if (Date.now() - Date.parse(row.fetchedAt) > CACHE_DAYS * DAY_MS) return null
  return row.models
}

function writeCache(make: string, year: number, models: string[]) {
  const fetchedAt = new Date().toISOString()
  db()
    .insert(vehicleModelCache)
    .values({ make, year, models, fetchedAt })
    .onConflictDoUpdate({ target: [vehicleModelCache.make, vehicleModelCache.year], set: { models, fetchedAt } })
    .run()
}

/** For tests: forget cached vPIC answers, and any recent vPIC failure. */
export function clearModelCache() {
  vpicSkippedUntil = 0
  db().delete(vehicleModelCache).run()
  db().delete(vinDecodeCache).run()
}

// --- VINs ------------------------------------------------------------------------------------------------------------

/**
 * What a VIN decodes to. vPIC gives the model year, make, model and class; the bundled tables (content/vin-wmi) give
 * the model year and class, and the make and model where vPIC's patterns for the VIN agree on them (`makes` lists the
 * maker code's makes). Makes are spelled as the form's make list spells them.
 */
export type VinDecoded = {
  year: number | null
  make: string | null
  makes: string[]
  model: string | null
  vehicleType: VehicleType | null
  source: 'vpic' | 'cache' | 'bundled'
}

const VpicDecodeSchema = z.object({
  Results: z
    .array(
      z.object({
        Make: z.string().nullish(),
        Model: z.string().nullish(),
        ModelYear: z.string().nullish(),
        VehicleType: z.string().nullish(),
      }),
    )
    .min(1),
})

/** vPIC's vehicle types as the plans' classes; motorcycles, buses, trailers and the like are no class of ours. */
function vpicClass(type: string | null | undefined): VehicleType | null {
  const name = (type ?? '').trim().toUpperCase()
  if (name === 'PASSENGER CAR') return 'car'
  if (name === 'TRUCK' || name.startsWith('MULTIPURPOSE PASSENGER VEHICLE')) return 'trucksuv'
  return null
}

type CachedDecode = (typeof vinDecodeCache.$inferSelect)['decoded']

/**
 * Decodes a valid, normalised VIN (domain/vin's checkVin first). Null when neither vPIC nor the bundled table knows its
 * maker. Never throws for vPIC trouble.
 */
export async function decodeVin(vin: string, now = new Date()): Promise<VinDecoded | null> {
  const offline = () => {
    const decoded = decodeVinOffline(vin, now)
    if (!decoded) return null
    const makes = decoded.makes.map(formMakeName)
    return { ...decoded, make: decoded.make && formMakeName(decoded.make), makes, source: 'bundled' as const }
  }
  if (env().vehicleData === 'bundled' || Date.now() < vpicSkippedUntil) return offline()

  const cached = db().select().from(vinDecodeCache).where(eq(vinDecodeCache.vin, vin)).get()
  if (cached && Date.now() - Date.parse(cached.fetchedAt) <= CACHE_DAYS * DAY_MS) return online(cached.decoded, 'cache')

  try {
    const decoded = await fetchVinFromVpic(vin)
    // vPIC knows nothing of this VIN's maker: the bundled table may still (and an empty answer is not cached).
    if (!decoded.make) return offline()
    const fetchedAt = new Date().toISOString()
    db()
      .insert(vinDecodeCache)
      .values({ vin, decoded, fetchedAt })
      .onConflictDoUpdate({ target: vinDecodeCache.vin, set: { decoded, fetchedAt } })
      .run()
    return online(decoded, 'vpic')
  } catch (error) {
    vpicSkippedUntil = Date.now() + RETRY_AFTER_FAILURE_MS
    logger.warn({ err: error }, 'vPIC unavailable; decoding VINs with the bundled data for a minute')
    return offline()
  }
}

function online(decoded: CachedDecode, source: 'vpic' | 'cache'): VinDecoded {
  return { ...decoded, makes: decoded.make ? [decoded.make] : [], source }
}

export async function fetchVinFromVpic(vin: string): Promise<CachedDecode> {
  const base = env().VPIC_URL.replace(/\/$/, '')
  const url = `${base}/DecodeVinValues/${encodeURIComponent(vin)}?format=json`
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'application/json' } })
  if (!response.ok) throw new VpicError(`HTTP error! status: ${response.status}`)
  const parsed = VpicDecodeSchema.safeParse(await response.json())
  if (!parsed.success) throw new VpicError('unexpected answer from vPIC')
  const result = parsed.data.Results[0]!
  const year = Number(result.ModelYear)
  const make = result.Make?.trim()
  const model = result.Model?.trim()
  return {
    year: Number.isInteger(year) && year > 0 ? year : null,
    make: make ? formMakeName(make) : null,
    model: model || null,
    vehicleType: vpicClass(result.VehicleType),
  }
}
