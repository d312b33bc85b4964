import { DEMO_DELAYS } from '~/components/demo/sample-data'
import type { PhotoUploader } from '~/components/policy-setup/photo-step'
import type { ModelLoader } from '~/components/policy-setup/vehicle-step'

/**
 * The demo's stand-ins for the server, used with JavaScript: they only wait the demo's delays. Nothing leaves
 * the browser except the read-only model list, which comes from the bundled vehicle data.
 */

export function wait(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms))
}

/** 'Uploads' the photos: progress over the demo's 2 seconds, then success. The files never leave the browser. */
export function simulatedPhotoUploader(redirectTo: string, durationMs: number = DEMO_DELAYS.upload): PhotoUploader {
  return (_form, onProgress) =>
    new Promise((resolve) => {
      const started = Date.now()
      const timer = setInterval(() => {
        const fraction = Math.min(1, (Date.now() - started) / durationMs)
        onProgress(fraction)
        if (fraction >= 1) {
          clearInterval(timer)
          resolve({ ok: true, redirectTo })
        }
      }, 100)
    })
}

/** Models of a make in a year from the demo's read-only lookup (bundled data; no sign-in, no database). */
export const demoModelLoader: ModelLoader = async (make, year) => {
  const response = await fetch(`/demo/vehicle-models?${new URLSearchParams({ make, year })}`, { headers: { Accept: 'application/json' } })
  const body = (await response.json().catch(() => null)) as { models?: string[]; error?: string } | null
  if (!response.ok || !body || !Array.isArray(body.models)) throw new Error(body?.error ?? `HTTP error! status: ${response.status}`)
  return body.models
}
