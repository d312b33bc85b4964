import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmitClaimErrors } from '~/components/claims/submit-claim-form'
import type { ToastMessage } from '~/components/toast'
import { CHIP_ONLY_NOTE, DESCRIPTION_REQUIRED, MISSING_INFORMATION, PHOTOS_REQUIRED, SUBMIT_FAILED, SubmitClaimSchema } from '~/validation/claims'

export type DemoClaimCheck = { ok: true } | { ok: false; errors: SubmitClaimErrors; toast: ToastMessage; values: Record<string, string> }

/**
 * The claim form's rules for the demo, in the browser (JavaScript) and in the demo action (without it): the real
 * form's schema, at least one photo, one toast for the first problem in SPEC's order. Nothing is stored either way.
 */
export function checkDemoClaim(fields: FormData, photoCount: number, planType: 'chip_only' | 'comprehensive'): DemoClaimCheck {
  const submission = parseWithZod(fields, { schema: SubmitClaimSchema })
  const values = {
    damageType: String(fields.get('damageType') ?? ''),
    damageDate: String(fields.get('damageDate') ?? ''),
    description: String(fields.get('description') ?? ''),
  }
  const errors: SubmitClaimErrors = submission.status === 'success' ? {} : ((submission.reply().error ?? {}) as SubmitClaimErrors)
  if (submission.status === 'success' && planType === 'chip_only' && submission.value.damageType !== 'chip') {
    errors.damageType = [CHIP_ONLY_NOTE]
  }
  if (photoCount === 0) errors.photos = [PHOTOS_REQUIRED.description]
  if (Object.values(errors).every((list) => !list?.length)) return { ok: true }

  const toast: ToastMessage = errors.policyId
    ? { type: 'error', ...MISSING_INFORMATION }
    : errors.photos
      ? { type: 'error', ...PHOTOS_REQUIRED }
      : errors.description
        ? { type: 'error', ...DESCRIPTION_REQUIRED }
        : { type: 'error', title: SUBMIT_FAILED.title, description: Object.values(errors).flat()[0] ?? SUBMIT_FAILED.description }
  return { ok: false, errors, toast, values }
}

/** The damage photos the browser would send: chosen files only (an empty file input sends a nameless, empty part). */
export function chosenPhotos(fields: FormData): File[] {
  return fields.getAll('photos').filter((value): value is File => typeof value !== 'string' && (value.size > 0 || value.name !== ''))
}
