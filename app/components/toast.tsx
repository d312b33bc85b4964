import type { ToastMessage } from '~/domain/messages'

import { cx } from './ui'

const tones = {
  success: 'border-green-300 bg-green-50 text-green-950',
  error: 'border-red-300 bg-red-50 text-red-950',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
}

/**
 * A toast rendered by the server: flash messages after a redirect (root) and an action's own message (routes).
 * Errors are announced assertively, the rest politely.
 */
export function Toast({ toast, className }: { toast: ToastMessage | null | undefined; className?: string }) {
  if (!toast) return null
  const type = toast.type ?? 'info'
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      data-toast={type}
      className={cx('rounded-lg border px-4 py-3 shadow-sm', tones[type], className)}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-0.5 text-sm">{toast.description}</p> : null}
    </div>
  )
}
