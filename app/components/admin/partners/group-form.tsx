import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { Button, Card, Field, inputClass } from '~/components/ui'
import { PartnerConsoleSchema } from '~/validation/partners'

/**
 * A partner group's form: adding one (no `group`) or editing one (inside a disclosure that opens on an error). Editing
 * uses the same fields and rules as adding.
 */
export function GroupForm({
  group,
  lastResult,
  busy,
}: {
  group?: { id: string; name: string; email: string | null; phone: string | null }
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const schema = group ? PartnerConsoleSchema.options[2] : PartnerConsoleSchema.options[0]
  const [form, fields] = useForm({
    id: group ? `edit-group-${group.id}` : 'create-group',
    lastResult,
    defaultValue: group ? { name: group.name, email: group.email ?? '', phone: group.phone ?? '' } : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const body = (
    <Form method="post" {...getFormProps(form)} className={group ? 'mt-2 grid gap-3 sm:grid-cols-3' : 'space-y-4'}>
      <input type="hidden" name="intent" value={group ? 'edit-group' : 'create-group'} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      {/* The shop's details, not the operator's: the browser must not offer the operator's own name, e-mail or phone. */}
      <Field label="Name" field={fields.name}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="E-mail (optional)" field={fields.email}>
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Phone (optional)" field={fields.phone}>
        <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="off" className={inputClass} />
      </Field>
      <div className={group ? 'sm:col-span-3' : undefined}>
        <Button type="submit" disabled={busy}>
          {group ? 'Save group' : 'Add group'}
        </Button>
      </div>
    </Form>
  )
  return group ? (
    <details open={Boolean(lastResult)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">Edit group…</summary>
      {body}
    </details>
  ) : (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Add a partner group</h2>
      {body}
    </Card>
  )
}
