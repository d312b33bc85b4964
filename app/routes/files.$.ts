import { and, eq } from 'drizzle-orm'

import { getProfile } from '~/auth/session.server'
import { db } from '~/db/client.server'
import { claimDocuments, claims, policies, type Profile } from '~/db/schema'
import { isOwnClaim } from '~/domain/policies'
import { contentDispositionFor, contentTypeFor } from '~/domain/uploads'
import { isAdmin } from '~/models/people/operator.server'
import { routeRules } from '~/server/route-rules'
import { checkedRelPath } from '~/services/file-store.server'
import { filesCacheControl, verifySignedFile } from '~/services/signed-links.server'
import { readStored } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/files.$'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Stored uploads: served only to who may see them — the owner, the operator, or whoever holds a valid
 * signed link (a shop with the claim's code). Everyone else gets the same 404 as a missing file.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const relPath = params['*'] ?? ''
  const url = new URL(request.url)
  let allowed = false
  try {
    allowed = Boolean(checkedRelPath(relPath))
  } catch {
    // a path that leads out of the uploads folder
  }
  if (!allowed) notFound()

  const signed = verifySignedFile(relPath, url.searchParams.get('exp'), url.searchParams.get('sig'))
  if (!signed) {
    const profile = await getProfile(request)
    if (!(profile && mayView(profile, relPath))) notFound()
  }

  // From the volume or the bucket: the same checks above either way; the bytes pass through this server.
  // A damage photo stored before the shop's small copy existed: its thumbnail stands in (the same photo).
  const stored =
    (await readStored(relPath)) ?? (relPath.endsWith('.shop.jpg') ? await readStored(relPath.replace(/\.shop\.jpg$/, '.thumb.jpg')) : null)
  if (!stored) notFound()

  return new Response(stored.body, {
    headers: {
      'Content-Type': contentTypeFor(relPath),
      'Content-Length': String(stored.size),
      'Cache-Control': filesCacheControl(signed ? url.searchParams.get('exp') : null),
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': contentDispositionFor(relPath, documentTypeOf(relPath)),
      'Last-Modified': stored.modified.toUTCString(),
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
      .select({
        profileId: policies.profileId,
        ownedSince: policies.ownedSince,
        submittedAt: claims.submittedAt,
        filedByProfileId: claims.filedByProfileId,
      })
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .where(eq(claims.id, ownerKey))
      .get()
    // A claim the policy's previous owner filed keeps its photos and invoice from the owner who took the policy over.
    return owner?.profileId === profile.id && isOwnClaim(profile.id, owner, owner)
  }
  return false
}

/** The kind of claim document stored at this path (invoice, calibration report, photo), or null for any other file. */
function documentTypeOf(relPath: string) {
  const [area, claimId] = relPath.split('/')
  if (area !== 'claim-documents' || !claimId) return null
  const row = db()
    .select({ documentType: claimDocuments.documentType })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), eq(claimDocuments.filePath, relPath)))
    .get()
  return row?.documentType ?? null
}
