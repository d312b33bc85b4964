import { type FormEvent, useEffect, useRef, useState } from 'react'

import { Toast } from '~/components/toast'
import { Button, ButtonLink, Card, cx, FieldError } from '~/components/ui'
import { PHOTO_MESSAGES, PHOTO_SLOTS, PHOTO_TIPS, type ToastMessage } from '~/domain/messages'
import {
  hasImageSignature,
  MAX_ADDITIONAL_PHOTOS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
  REQUIRED_PHOTO_TYPES,
  type RequiredPhotoType,
  tooLargeMessage,
} from '~/domain/uploads'
import { type ActionAnswer, resultErrors } from '~/utils/refusal'
import { useHydrated } from '~/utils/use-hydrated'
import { ADDITIONAL_PHOTOS_FIELD } from '~/validation/policy-setup'

/** The size limit the server enforces, checked early in the browser so nobody waits for a doomed upload. */

export type StoredPhotoView = { url: string; fileName: string }
export type AdditionalPhotoView = StoredPhotoView & { id: string }
export type PhotoUploadOutcome = { ok: true; redirectTo: string } | ({ ok: false } & ActionAnswer)
/** Sends the photos; reports progress from 0 to 1. The wizard uploads to the server, the demo simulates. */
export type PhotoUploader = (form: FormData, onProgress: (fraction: number) => void) => Promise<PhotoUploadOutcome>

export type PhotoStepProps = {
  /** Where the form posts without JavaScript (multipart). */
  action: string
  /** Hidden fields sent with the photos. */
  hiddenFields?: Record<string, string>
  /** The photos already stored for each required view. */
  stored: Record<RequiredPhotoType, StoredPhotoView | null>
  additional: AdditionalPhotoView[]
  /** Where a stored additional photo's Remove button posts (with photoId); no Remove buttons when absent. */
  removeAction?: string
  /** Where 'Continue' goes when the three required photos are already stored. */
  continueHref?: string
  /** The refused upload's answer (without JavaScript): each photo field's message. */
  result?: ActionAnswer['result']
  toast?: ToastMessage | null
  /** With JavaScript: uploads with progress. Without it the form posts to `action`. */
  upload?: PhotoUploader
  /** After a successful upload (with JavaScript). */
  onUploaded?: (redirectTo: string) => void
}

type Chosen = { file: File; preview: string }

/** Step 1 of 2 of the setup wizard, the photos: three required views, tips, optional additional photos. */
export function PhotoStep(props: PhotoStepProps) {
  const { stored, additional } = props
  const fieldErrors = resultErrors(props.result)
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState<Partial<Record<RequiredPhotoType, Chosen>>>({})
  const [extras, setExtras] = useState<Chosen[]>([])
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({})
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const [progress, setProgress] = useState<number | null>(null)

  // Previews are object URLs: release them when they are replaced or the step goes away.
  const previews = useRef(new Set<string>())
  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])
  const preview = (file: File) => {
    const url = URL.createObjectURL(file)
    previews.current.add(url)
    return url
  }

  const shownToast = toast ?? props.toast ?? null
  const errorsFor = (field: string) => clientErrors[field] ?? fieldErrors[field] ?? undefined
  const ready = REQUIRED_PHOTO_TYPES.every((type) => chosen[type] || stored[type])
  const somethingNew = REQUIRED_PHOTO_TYPES.some((type) => chosen[type]) || extras.length > 0
  const uploading = progress !== null
  const room = MAX_ADDITIONAL_PHOTOS - additional.length - extras.length

  function refuse(field: string, title: string, description: string) {
    setClientErrors((errors) => ({ ...errors, [field]: [description] }))
    setToast({ type: 'error', title, description })
  }

  /** The browser's own check before uploading: an image by its type and by its first bytes, and not too large. */
  async function check(file: File, field: string, several: boolean): Promise<boolean> {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
    if (!file.type.startsWith('image/') || !hasImageSignature(head)) {
      refuse(field, PHOTO_MESSAGES.invalidFile, several ? PHOTO_MESSAGES.notImages : PHOTO_MESSAGES.notImage)
      return false
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      refuse(field, PHOTO_MESSAGES.uploadFailed, tooLargeMessage(file.name))
      return false
    }
    return true
  }

  function clearError(field: string) {
    setClientErrors(({ [field]: _gone, ...rest }) => rest)
    setToast(null)
  }

  async function chooseRequired(type: RequiredPhotoType, input: HTMLInputElement) {
    const file = input.files?.[0]
    clearError(type)
    if (!file) return setChosen(({ [type]: _gone, ...rest }) => rest)
    if (!(await check(file, type, false))) {
      input.value = ''
      return setChosen(({ [type]: _gone, ...rest }) => rest)
    }
    setChosen((current) => ({ ...current, [type]: { file, preview: preview(file) } }))
  }

  async function addExtras(input: HTMLInputElement) {
    const files = Array.from(input.files ?? [])
    input.value = '' // the list below holds them; the input stays free for more
    clearError(ADDITIONAL_PHOTOS_FIELD)
    for (const file of files) if (!(await check(file, ADDITIONAL_PHOTOS_FIELD, true))) return
    if (files.length > room) return refuse(ADDITIONAL_PHOTOS_FIELD, PHOTO_MESSAGES.uploadFailed, PHOTO_MESSAGES.tooManyAdditional)
    setExtras((current) => [...current, ...files.map((file) => ({ file, preview: preview(file) }))])
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!props.upload) return // no uploader: the browser posts the form
    // A stored photo's Remove button posts the plain way.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (submitter?.getAttribute('name') === 'photoId') return
    event.preventDefault()
    const missing = REQUIRED_PHOTO_TYPES.find((type) => !chosen[type] && !stored[type])
    if (missing) return refuse(missing, PHOTO_MESSAGES.uploadFailed, PHOTO_MESSAGES.missing(missing))

    const form = new FormData()
    for (const [name, value] of Object.entries(props.hiddenFields ?? {})) form.append(name, value)
    for (const type of REQUIRED_PHOTO_TYPES) {
      const file = chosen[type]?.file
      if (file) form.append(type, file, file.name)
    }
    for (const { file } of extras) form.append(ADDITIONAL_PHOTOS_FIELD, file, file.name)

    setClientErrors({})
    setToast(null)
    setProgress(0)
    let outcome: PhotoUploadOutcome
    try {
      outcome = await props.upload(form, setProgress)
    } catch {
      outcome = { ok: false, toast: { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: PHOTO_MESSAGES.duringUpload } }
    }
    if (outcome.ok) {
      setProgress(1)
      props.onUploaded?.(outcome.redirectTo)
      return
    }
    setProgress(null)
    setClientErrors(resultErrors(outcome.result) as Record<string, string[]>)
    setToast(outcome.toast ?? null)
  }

  return (
    <form method="post" action={props.action} encType="multipart/form-data" onSubmit={submit} noValidate className="space-y-6">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Step 1 of 2</p>
        <h2 className="mt-1 text-xl font-semibold text-slate-900">Windshield photos</h2>
        <p className="mt-1 text-slate-700">Upload three photos of your windshield so we can record its condition.</p>
      </div>

      {shownToast ? <Toast toast={shownToast} /> : null}
      {Object.entries(props.hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      <Card className="bg-brand-50/40">
        <h3 className="font-semibold text-slate-900">Tips for good photos</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {PHOTO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>

      <div className="grid gap-4 sm:grid-cols-3">
        {REQUIRED_PHOTO_TYPES.map((type) => {
          const slot = PHOTO_SLOTS[type]
          const inputId = `photo-${type}`
          const errors = errorsFor(type)
          const image = chosen[type]?.preview ?? stored[type]?.url
          return (
            <div
              key={type}
              className={cx('rounded-xl border bg-white p-4', errors ? 'border-red-400' : 'border-slate-200')}
              data-photo-slot={type}
            >
              <label htmlFor={inputId} className="block font-medium text-slate-900">
                {slot.label} <span className="text-red-700">*</span>
              </label>
              <p className="mt-1 text-sm text-slate-600">{slot.description}</p>
              <div className="mt-3 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-slate-100">
                {image ? (
                  <img src={image} alt={`${slot.label} preview`} className="h-full w-full object-cover" />
                ) : (
                  <span className="text-sm text-slate-600">No photo yet</span>
                )}
              </div>
              {stored[type] && !chosen[type] ? (
                <p className="mt-2 text-xs text-slate-600">Uploaded. Choose a new photo to replace it.</p>
              ) : null}
              <input
                id={inputId}
                name={type}
                type="file"
                accept="image/*"
                className="mt-3 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-1.5 file:text-white max-sm:min-h-11 max-sm:file:min-h-11"
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `${inputId}-error` : undefined}
                onChange={(event) => void chooseRequired(type, event.currentTarget)}
                disabled={uploading}
              />
              <FieldError id={`${inputId}-error`} errors={errors} />
            </div>
          )
        })}
      </div>

      <section aria-labelledby="additional-photos-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="additional-photos-heading" className="font-medium text-slate-900">
          Additional photos <span className="font-normal text-slate-600">(optional)</span>
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Any existing chips or cracks, close up. PNG, JPG up to {MAX_UPLOAD_MB}MB each; up to {MAX_ADDITIONAL_PHOTOS}.
        </p>

        {additional.length > 0 || extras.length > 0 ? (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Additional photos">
            {additional.map((photo) => (
              <li key={photo.id} className="space-y-1">
                <img src={photo.url} alt={`Additional photo ${photo.fileName}`} className="aspect-[4/3] w-full rounded-lg object-cover" />
                {props.removeAction ? (
                  <Button
                    type="submit"
                    variant="ghost"
                    className="w-full"
                    formAction={props.removeAction}
                    formEncType="application/x-www-form-urlencoded"
                    name="photoId"
                    value={photo.id}
                    formNoValidate
                    disabled={uploading}
                  >
                    Remove <span className="sr-only">{photo.fileName}</span>
                  </Button>
                ) : null}
              </li>
            ))}
            {extras.map((extra, index) => (
              <li key={extra.preview} className="space-y-1">
                <img
                  src={extra.preview}
                  alt={`New additional photo ${extra.file.name}`}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
                <Button
                  variant="ghost"
                  className="w-full"
                  disabled={uploading}
                  onClick={() => setExtras((current) => current.filter((_, i) => i !== index))}
                >
                  Remove <span className="sr-only">{extra.file.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        <label htmlFor="photo-other" className="mt-3 block text-sm font-medium text-slate-900">
          Add additional photos
        </label>
        <input
          id="photo-other"
          // With JavaScript the chosen files live in the list above and are sent by the uploader.
          name={hydrated && props.upload ? undefined : ADDITIONAL_PHOTOS_FIELD}
          type="file"
          accept="image/*"
          multiple
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-1.5 file:text-slate-900 max-sm:min-h-11 max-sm:file:min-h-11"
          aria-invalid={errorsFor(ADDITIONAL_PHOTOS_FIELD) ? true : undefined}
          aria-describedby={errorsFor(ADDITIONAL_PHOTOS_FIELD) ? 'photo-other-error' : undefined}
          onChange={(event) => (hydrated && props.upload ? void addExtras(event.currentTarget) : undefined)}
          disabled={uploading || room <= 0}
        />
        <FieldError id="photo-other-error" errors={errorsFor(ADDITIONAL_PHOTOS_FIELD)} />
      </section>

      {uploading ? (
        <div className="space-y-1" data-testid="upload-progress">
          <label htmlFor="upload-progress" className="text-sm font-medium text-slate-900">
            Uploading… {Math.round((progress ?? 0) * 100)}%
          </label>
          <progress
            id="upload-progress"
            max={100}
            value={Math.round((progress ?? 0) * 100)}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
          />
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-3">
        {props.continueHref && REQUIRED_PHOTO_TYPES.every((type) => stored[type]) && !somethingNew ? (
          <ButtonLink to={props.continueHref} variant="secondary">
            Continue
          </ButtonLink>
        ) : null}
        <Button type="submit" name="intent" value="upload" disabled={uploading || (hydrated && !ready)}>
          {uploading ? 'Uploading...' : 'Upload Photos'}
        </Button>
      </div>
    </form>
  )
}
