import type { ReactNode } from 'react'

import { formatDateTime } from '~/domain/format'

import { Card, Field, inputClass } from '../ui'

export type ThreadMessageView = { key: string; author: 'customer' | 'operator' | 'shop'; body: string; createdAt: string }

/** Who wrote a message, as the reader of the page calls them. */
function authorName(author: ThreadMessageView['author'], reader: ThreadMessageView['author'], shopName: string | null) {
  if (author === reader) return 'You'
  if (author === 'operator') return 'Glass Plan'
  if (author === 'shop') return shopName ?? 'The shop'
  return 'The customer'
}

/**
 * A claim's thread, the same on the customer's claim page, the operator's claim page and the shop's job page (which
 * sends no React: nothing here needs the browser). `children` is the page's own form for a new message.
 */
export function ClaimThread({
  messages,
  reader,
  shopName,
  note,
  children,
}: {
  messages: ThreadMessageView[]
  reader: ThreadMessageView['author']
  shopName: string | null
  /** Who reads the thread besides the reader, in a line above the form. */
  note?: ReactNode
  children?: ReactNode
}) {
  return (
    <Card className="space-y-4" role="region" data-testid="claim-thread" aria-labelledby="claim-thread-title">
      <h2 id="claim-thread-title" className="text-xl font-semibold text-slate-900">
        Messages
      </h2>
      {messages.length ? (
        <ol className="space-y-3">
          {messages.map((message) => (
            <li key={message.key} className="rounded-lg bg-slate-50 p-3" data-testid="claim-message">
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{authorName(message.author, reader, shopName)}</span> ·{' '}
                {formatDateTime(message.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-900">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-700">No messages yet.</p>
      )}
      {note ? <p className="text-sm text-slate-700">{note}</p> : null}
      {children}
    </Card>
  )
}

/** The text box of a new message, the same on every page of the thread. */
export function MessageField({ errors, value, maxLength }: { errors?: string[]; value?: string; maxLength?: number }) {
  return (
    <Field label="Your message" htmlFor="message-body" errors={errors}>
      <textarea
        id="message-body"
        name="body"
        rows={4}
        required
        maxLength={maxLength}
        defaultValue={value}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? 'message-body-error' : undefined}
      />
    </Field>
  )
}
