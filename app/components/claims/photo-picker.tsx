import { useEffect, useRef, useState } from 'react'

import { cx, fileButtonClass } from '~/components/ui'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from '~/domain/uploads'

type Picked = { key: string; file: File; preview: string }

/**
 * A multiple-image file input. Without JavaScript it is a plain `<input type="file" multiple>`. With JavaScript the
 * chosen files are kept in a list (a DataTransfer drives the input's FileList), so more can be added in several picks
 * and each can be removed before the form is sent; non-images and files over the size limit are refused at once.
 */
export function PhotoPicker({
  id,
  name,
  maxFiles,
  describedBy,
  invalid,
  onProblem,
}: {
  id: string
  name: string
  maxFiles: number
  describedBy?: string
  invalid?: boolean
  /** Called with a message when a chosen file is refused (or null when the problem is gone). */
  onProblem?: (message: string | null) => void
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<Picked[]>([])

  // Free the preview URLs when the list changes or the picker goes away.
  useEffect(() => () => picked.forEach((item) => URL.revokeObjectURL(item.preview)), [picked])

  function sync(next: Picked[]) {
    const transfer = new DataTransfer()
    for (const item of next) transfer.items.add(item.file)
    if (inputRef.current) inputRef.current.files = transfer.files
    setPicked(next.map((item) => ({ ...item, preview: URL.createObjectURL(item.file) })))
  }

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? [])
    const problems: string[] = []
    const next = [...picked]
    for (const file of chosen) {
      const key = `${file.name}:${file.size}:${file.lastModified}`
      if (next.some((item) => item.key === key)) continue
      if (!file.type.startsWith('image/')) {
        problems.push('Please select only image files')
        continue
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        problems.push(`"${file.name}" is larger than ${MAX_UPLOAD_MB}MB.`)
        continue
      }
      if (next.length >= maxFiles) {
        problems.push(`You can add up to ${maxFiles} photos.`)
        break
      }
      next.push({ key, file, preview: '' })
    }
    onProblem?.(problems.length ? Array.from(new Set(problems)).join(' ') : null)
    sync(next)
  }

  function remove(key: string) {
    onProblem?.(null)
    sync(picked.filter((item) => item.key !== key))
  }

  return (
    <div className="space-y-3">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        multiple
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={onChange}
        className={cx(
          'block w-full rounded-lg border border-dashed border-slate-400 bg-slate-50 p-4 text-sm text-slate-800',
          fileButtonClass,
          invalid && 'border-red-600',
        )}
      />
      {picked.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Selected photos">
          {picked.map((item) => (
            <li key={item.key} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <img src={item.preview} alt="" className="h-28 w-full object-cover" />
              <div className="flex items-center justify-between gap-2 p-2">
                <span className="truncate text-xs text-slate-700">{item.file.name}</span>
                <button
                  type="button"
                  onClick={() => remove(item.key)}
                  className="rounded px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                  aria-label={`Remove ${item.file.name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
