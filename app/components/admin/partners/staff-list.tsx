import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'

import { Button, Field, inputClass } from '~/components/ui'
import { formatLongDate } from '~/domain/format'

/** A group's staff: the addresses that sign in to the shop's pages, each removable, and a form to add one. */
export function StaffList({
  group,
  lastResult,
  busy,
}: {
  group: { id: string; name: string; staff: { id: string; email: string; createdAt: string }[] }
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const errors = lastResult?.error?.email ?? undefined
  const errorId = `staff-email-${group.id}-error`
  return (
    <div className="space-y-2" data-testid="shop-staff">
      <h4 className="text-sm font-semibold">Shop staff (sign in at /shop)</h4>
      {group.staff.length ? (
        <ul className="space-y-1 text-sm">
          {group.staff.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3">
              <span>{member.email}</span>
              <span className="text-slate-700">added {formatLongDate(member.createdAt)}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-staff" />
                <input type="hidden" name="id" value={member.id} />
                <Button type="submit" variant="ghost" disabled={busy} aria-label={`Remove ${member.email}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No staff yet.</p>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add-staff" />
        <input type="hidden" name="id" value={group.id} />
        <Field label="Staff e-mail" htmlFor={`staff-email-${group.id}`} errors={errors} errorId={errorId} className="grow">
          <input
            id={`staff-email-${group.id}`}
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={(lastResult?.initialValue?.email as string | undefined) ?? ''}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? errorId : undefined}
            className={inputClass}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          Add staff
        </Button>
      </Form>
    </div>
  )
}
