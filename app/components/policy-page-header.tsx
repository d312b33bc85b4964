import type { ReactNode } from 'react'
import { Link } from 'react-router'

import type { ToastMessage } from '~/domain/messages'

import { Toast } from './toast'
import { cx } from './ui'

/** The way back from a page about one policy (or its vehicle, or its claim) to the customer's policies. */
export function BackToPolicies({ className }: { className?: string }) {
  return (
    <p className={cx('text-sm', className)}>
      <Link to="/customer" className="text-brand-700 underline-offset-2 hover:underline">
        ← Back to your policies
      </Link>
    </p>
  )
}

/**
 * The head of a customer's page about one policy (billing, cancel, next owner, documents, a new price): the action's
 * message, the way back, the title and a line naming the policy. `printable` keeps the message and the way back off
 * paper, for a page the customer prints.
 */
export function PolicyPageHeader({
  title,
  toast,
  printable = false,
  children,
}: {
  title: ReactNode
  toast?: ToastMessage | null
  printable?: boolean
  children: ReactNode
}) {
  const screenOnly = printable ? 'print:hidden' : undefined
  return (
    <>
      <Toast toast={toast} className={cx('mb-6', screenOnly)} />
      <BackToPolicies className={screenOnly} />
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{children}</p>
    </>
  )
}
