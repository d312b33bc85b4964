import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router'

/** The few UI pieces every screen shares, so the product looks like one product. */

/** A link in a list of links (navigation, footer): a 44 × 44 px target on a phone, its text centred. */
export const listLinkClass = 'inline-flex items-center max-sm:min-h-11 max-sm:min-w-11 hover:text-brand-700'

/**
 * A file input's 'Choose File' drawn as a button: Tailwind's reset leaves it as plain text beside 'No file chosen'. The
 * customer's claim form and the shop's page share it (app.css then holds one copy of these rules).
 */
export const fileButtonClass =
  'file:mr-4 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white'

export function cx(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(' ')
}

// max-sm: 44 × 44 px targets on a phone (WCAG 2.5.5), checked by the 'phone' e2e project.
const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 max-sm:min-h-11 max-sm:min-w-11'
const buttonVariants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
} as const
export type ButtonVariant = keyof typeof buttonVariants

export function buttonClass(variant: ButtonVariant = 'primary', className?: string) {
  return cx(buttonBase, buttonVariants[variant], className)
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}

export function ButtonLink({ variant = 'primary', className, ...props }: ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />
}

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('rounded-xl border border-slate-200 bg-white p-6 shadow-sm', className)} {...props} />
}

/** Each tone is a class in app.css (`.badge-<tone>`). */
const badgeTones = {
  neutral: 'badge badge-neutral',
  success: 'badge badge-success',
  warning: 'badge badge-warning',
  destructive: 'badge badge-destructive',
  info: 'badge badge-info',
} as const
export type BadgeTone = keyof typeof badgeTones

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={badgeTones[tone]}>{children}</span>
}

/** What a Conform field (`fields.x` of `useForm`) tells a `Field`: the control's id and its errors' id and messages. */
type FormField = { id: string; errorId: string; errors?: string[] }

/**
 * A label, a control and its error, wired together for screen readers. A Conform form passes its `field`; a form
 * without Conform names the control's id (`htmlFor`) and its errors.
 */
export function Field({
  label,
  hint,
  children,
  className,
  ...control
}: {
  label: ReactNode
  hint?: ReactNode
  children: ReactNode
  className?: string
} & ({ field: FormField } | { field?: never; htmlFor: string; errors?: string[] | string | null; errorId?: string })) {
  // Read one by one: Conform's field is a proxy whose properties a spread would not copy.
  const { htmlFor, errors, errorId } = control.field
    ? { htmlFor: control.field.id, errors: control.field.errors, errorId: control.field.errorId }
    : control
  const list = typeof errors === 'string' ? [errors] : (errors ?? [])
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {children}
      <FieldError id={errorId ?? `${htmlFor}-error`} errors={list} />
    </div>
  )
}

export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="text-sm font-medium text-red-700" role="alert">
      {errors.join(' ')}
    </p>
  )
}

/** A radio button or a checkbox: 24 × 24 px at least (WCAG 2.2, 2.5.8 target size), the browser's 13 px is too small. */
export const choiceClass = 'size-6 shrink-0 accent-brand-700'

export const inputClass =
  'block w-full max-sm:min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 disabled:bg-slate-100 aria-[invalid=true]:border-red-600'

export function PageHeading({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{children}</h1>
      {sub ? <p className="mt-2 text-slate-700">{sub}</p> : null}
    </div>
  )
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      <span className="sr-only">{label}</span>
    </span>
  )
}
