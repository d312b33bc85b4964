import { Form } from 'react-router'

import { MailingAddressFields } from '~/components/mailing-address-fields'
import { Card } from '~/components/ui'
import { addressLines } from '~/domain/letters'
import type { CustomerPageData } from '~/models/people/customer-page.types'

import { SubmitButton } from './submit-button'

/** Who the customer is, a fresh sign-in link for them, and where their paper letters go. */
export function ProfileCard({ profile, errors }: { profile: CustomerPageData['profile']; errors: Record<string, string[] | undefined> }) {
  const address = profile.mailingAddress
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
        <dt className="text-slate-600">Mailing address</dt>
        <dd data-testid="mailing-address">{address ? addressLines(address).join(', ') : 'None (paper letters are held)'}</dd>
        <dt className="text-slate-600">Electronic delivery</dt>
        <dd>{profile.esignWithdrawnAt ? 'Withdrawn: notices are also posted on paper' : 'Agreed'}</dd>
      </dl>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="resend" />
        <SubmitButton intent="resend" variant="secondary">
          Send a sign-in link
        </SubmitButton>
      </Form>
      <details className="mt-4" open={Object.keys(errors).length > 0}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
          {address ? 'Change the mailing address…' : 'Add a mailing address…'}
        </summary>
        <Form method="post" className="mt-3 grid max-w-xl gap-3">
          <input type="hidden" name="intent" value="mailing-address" />
          <MailingAddressFields address={address} errors={errors} />
          <div>
            <SubmitButton intent="mailing-address" variant="secondary">
              Save the mailing address
            </SubmitButton>
          </div>
        </Form>
      </details>
    </Card>
  )
}
