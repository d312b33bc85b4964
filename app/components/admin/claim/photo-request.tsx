import { Form } from 'react-router'

import { buttonClass, Card, Field, inputClass } from '~/components/ui'
import { PHOTO_REQUEST_DAYS } from '~/domain/uploads'
import { PhotoRequestSchema } from '~/validation/claims'
import { fieldLimits } from '~/validation/limits'

const PHOTO_REQUEST_LIMITS = fieldLimits(PhotoRequestSchema)

/** Asking the customer (or the shop on the thread) for more photos: an e-mailed link that adds them once. */
export function PhotoRequest({
  shopIsOnThread,
  failed,
}: {
  shopIsOnThread: boolean
  /** The messages of a refused form of this intent, by field. */
  failed: (intent: string) => Record<string, string[] | undefined>
}) {
  return (
    <Card className="space-y-3" data-testid="photo-request">
      <h2 className="text-lg font-semibold text-slate-900">Ask for more photos</h2>
      <p className="text-sm text-slate-700">
        The one you ask gets an e-mailed link that adds photos to this claim once, without signing in, for {PHOTO_REQUEST_DAYS} days.
      </p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="request-photos" />
        <fieldset aria-describedby={failed('request-photos').audience ? 'audience-error' : undefined}>
          <legend className="text-sm font-medium text-slate-900">Ask</legend>
          <div className="mt-1 flex gap-6">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="audience" value="customer" defaultChecked /> The customer
            </label>
            {shopIsOnThread ? (
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="audience" value="shop" /> The shop
              </label>
            ) : null}
          </div>
          {failed('request-photos').audience ? (
            <p id="audience-error" className="text-sm font-medium text-red-700" role="alert">
              {failed('request-photos').audience?.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <Field label="Which photos" htmlFor="photo-note" errors={failed('request-photos').note}>
          <textarea
            id="photo-note"
            name="note"
            rows={3}
            required
            maxLength={PHOTO_REQUEST_LIMITS.note.maxLength}
            className={inputClass}
            aria-invalid={failed('request-photos').note ? true : undefined}
            aria-describedby={failed('request-photos').note ? 'photo-note-error' : undefined}
          />
        </Field>
        <button type="submit" className={buttonClass('secondary')}>
          Ask for photos
        </button>
      </Form>
    </Card>
  )
}
