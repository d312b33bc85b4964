import { Form } from 'react-router'

import { MailingAddressFields } from '~/components/mailing-address-fields'
import { addressLines, type MailingAddress } from '~/domain/letters'
import { ADDRESS_MESSAGES } from '~/domain/messages'
import { MAILING_ADDRESS_PATH } from '~/domain/paths'
import { useIsPending } from '~/utils/pending'

import { buttonClass, Card, cx } from './ui'

/**
 * The customer's mailing address card: on setup's last page, on the dashboard (while a letter waits for it, or none was
 * given) and on /customer/mailing-address, where a post that needs correcting comes back. It posts there, always.
 * `held`: the letters waiting for it, said first.
 */
export function MailingAddressForm({
  address,
  errors = {},
  held = 0,
  idPrefix,
  className,
  collapsed = false,
}: {
  address: MailingAddress | null
  errors?: Record<string, string[] | undefined>
  held?: number
  idPrefix: string
  className?: string
  /** A given address shows with the form behind 'Change my mailing address' (the dashboard). */
  collapsed?: boolean
}) {
  const busy = useIsPending({ formMethod: 'POST', formAction: MAILING_ADDRESS_PATH })
  const heading = `${idPrefix}-heading`
  const saved = address && address.line1 && !Object.keys(errors).length ? addressLines(address).join(', ') : null
  const form = (
    <Form method="post" action={MAILING_ADDRESS_PATH} className="mt-4 grid max-w-xl gap-3">
      <input type="hidden" name="intent" value="mailing-address" />
      <MailingAddressFields address={address} errors={errors} idPrefix={idPrefix} ownAddress />
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Saving…' : 'Save my mailing address'}
        </button>
      </div>
    </Form>
  )
  return (
    <Card className={cx('mt-6', className)} role="region" aria-labelledby={heading} data-testid="mailing-address-card">
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        {held > 0 ? 'Where should we post your letter?' : 'Your mailing address'}
      </h2>
      <p className={cx('mt-1 text-sm', held > 0 ? 'font-medium text-red-800' : 'text-slate-700')} data-testid="mailing-address-ask">
        {held > 0 ? ADDRESS_MESSAGES.letterWaiting(held) : saved ? `Paper notices go to ${saved}.` : ADDRESS_MESSAGES.missing}
      </p>
      {saved && collapsed ? (
        // Given already: the form waits behind a summary, so the dashboard stays short.
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
            Change my mailing address
          </summary>
          {form}
        </details>
      ) : (
        form
      )}
    </Card>
  )
}
