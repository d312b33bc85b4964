import { PHOTO_MESSAGES } from '~/domain/messages'
import { vinLookupPath } from '~/domain/paths'

import type { PhotoUploader, PhotoUploadOutcome } from './photo-step'

/**
 * Uploads with XMLHttpRequest because fetch() cannot report upload progress. The endpoint answers JSON shaped like
 * PhotoUploadOutcome (status 200 on success, 4xx/5xx with the action answer's result and toast otherwise).
 */
export function xhrPhotoUploader(url: string): PhotoUploader {
  return (form, onProgress) =>
    new Promise<PhotoUploadOutcome>((resolve) => {
      const failed: PhotoUploadOutcome = {
        ok: false,
        toast: { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: PHOTO_MESSAGES.duringUpload },
      }
      const xhr = new XMLHttpRequest()
      xhr.open('POST', url)
      xhr.responseType = 'json'
      xhr.setRequestHeader('Accept', 'application/json')
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total))
      }
      xhr.onload = () => {
        const body = xhr.response as PhotoUploadOutcome | { error?: unknown } | null
        if (body && typeof body === 'object' && 'ok' in body) resolve(body)
        // A refusal with nothing for the form (a policy not found): its message under the upload's title.
        else if (body && typeof body === 'object' && typeof body.error === 'string')
          resolve({ ok: false, toast: { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: body.error } })
        else resolve(failed)
      }
      xhr.onerror = () => resolve(failed)
      xhr.onabort = () => resolve(failed)
      xhr.send(form)
    })
}

/** The wizard's model lookup: the signed-in resource route, JSON `{ models }` or `{ error }`. */
export async function fetchVehicleModels(make: string, year: string): Promise<string[]> {
  const response = await fetch(`/customer/vehicle-models?${new URLSearchParams({ make, year })}`, {
    headers: { Accept: 'application/json' },
  })
  const body = (await response.json().catch(() => null)) as { models?: string[]; error?: string } | null
  if (!response.ok || !body || !Array.isArray(body.models)) throw new Error(body?.error ?? `HTTP error! status: ${response.status}`)
  return body.models
}

/** The vehicle step's VIN lookup for a policy (routes/customer.vin.$vin.ts); throws with the server's message. */
export function vinDecoder(policyId: string) {
  return async (vin: string) => {
    const response = await fetch(`${vinLookupPath(vin)}?${new URLSearchParams({ policy_id: policyId })}`, {
      headers: { Accept: 'application/json' },
    })
    const body = (await response.json().catch(() => null)) as
      { year: string; make: string; model: string; models: string[] | null; decoded: boolean; error?: undefined } | { error: string } | null
    if (!response.ok || !body || body.error !== undefined) throw new Error(body?.error ?? `HTTP error! status: ${response.status}`)
    return body
  }
}
