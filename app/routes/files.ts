import fs from 'node:fs'
import { Readable } from 'node:stream'

import { eq } from 'drizzle-orm'
import { data } from 'react-router'

import { getProfile, isAdmin } from '~/auth/session.server'
import { db } from '~/db/client.server'
import { claims, policies, type Profile } from '~/db/schema'
import { contentTypeFor, filesCacheControl, uploadsPath, verifySignedFile } from '~/services/storage.server'

import type { Route } from './+types/files'

/**
 * Stored uploads (DESIGN §6): served only to who may see them — the owner, the operator, or whoever holds a valid
 * signed link (a shop with the claim's code). Everyone else gets the same 404 as a missing file.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const relPath = params['*'] ?? ''
  const url = new URL(request.url)
  let absolute: string
  try {
    absolute = uploadsPath(relPath)
  } catch {
    throw notFound()
  }

  const signed = verifySignedFile(relPath, url.searchParams.get('exp'), url.searchParams.get('sig'))
  if (!signed) {
    const profile = await getProfile(request)
    if (!profile || !mayView(profile, relPath)) throw notFound()
  }

  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(absolute)
  } catch {
    throw notFound()
  }
  if (!stat.isFile()) throw notFound()

  const body = Readable.toWeb(fs.createReadStream(absolute)) as ReadableStream<Uint8Array>
  return new Response(body, {
    headers: {
      'Content-Type': contentTypeFor(relPath),
      'Content-Length': String(stat.size),
      'Cache-Control': filesCacheControl(signed ? url.searchParams.get('exp') : null),
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
      'Last-Modified': stat.mtime.toUTCString(),
    },
  })
}

/** Owner or operator: policy photos live under the profile's own folder, claim documents under their claim. */
function mayView(profile: Profile, relPath: string) {
  if (isAdmin(profile)) return true
  const [area, ownerKey] = relPath.split('/')
  if (!ownerKey) return false
  if (area === 'policy-photos') return ownerKey === profile.id
  if (area === 'claim-documents') {
    const owner = db()
      .select({ profileId: policies.profileId })
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .where(eq(claims.id, ownerKey))
      .get()
    return owner?.profileId === profile.id
  }
  return false
}

function notFound() {
  return data(null, { status: 404 })
}
