import fs from 'node:fs'
import { Readable } from 'node:stream'

import { eq } from 'drizzle-orm'

import { getProfile, isAdmin } from '~/auth/session.server'
import { db } from '~/db/client.server'
import { claims, policies, type Profile } from '~/db/schema'
import { contentTypeFor, filesCacheControl, uploadsPath, verifySignedFile } from '~/services/storage.server'
import { invariantResponse } from '~/utils/invariant'

import type { Route } from './+types/files'

/**
 * Stored uploads (DESIGN §6): served only to who may see them — the owner, the operator, or whoever holds a valid
 * signed link (a shop with the claim's code). Everyone else gets the same 404 as a missing file.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const relPath = params['*'] ?? ''
  const url = new URL(request.url)
  let absolute: string | null = null
  try {
    absolute = uploadsPath(relPath)
  } catch {
    // a path that leads out of the uploads folder
  }
  invariantResponse(absolute, 'Not found', { status: 404 })

  const signed = verifySignedFile(relPath, url.searchParams.get('exp'), url.searchParams.get('sig'))
  if (!signed) {
    const profile = await getProfile(request)
    invariantResponse(profile && mayView(profile, relPath), 'Not found', { status: 404 })
  }

  const stat = await fs.promises.stat(absolute).catch(() => null)
  invariantResponse(stat && stat.isFile(), 'Not found', { status: 404 })

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
