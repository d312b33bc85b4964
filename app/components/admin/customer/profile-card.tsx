import { Form } from 'react-router'

import { Card } from '~/components/ui'
import type { CustomerPageData } from '~/routes/admin.customers.$profileId'

import { SubmitButton } from './submit-button'

/** Who the customer is, and a fresh sign-in link for them. */
export function ProfileCard({ profile }: { profile: CustomerPageData['profile'] }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">E-mail</dt>
        <dd>{profile.email}</dd>
        <dt className="text-slate-600">Name</dt>
        <dd>{profile.fullName ?? '—'}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>{profile.phone ?? '—'}</dd>
        <dt className="text-slate-600">Customer id</dt>
        <dd>
          <code>{profile.id}</code>
        </dd>
      </dl>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="resend" />
        <SubmitButton intent="resend" variant="secondary">
          Send a sign-in link
        </SubmitButton>
      </Form>
    </Card>
  )
}
