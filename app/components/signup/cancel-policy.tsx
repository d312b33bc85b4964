import { type FormEvent, useRef, useState } from 'react'
import { Form, Link } from 'react-router'

import { Button, buttonClass } from '~/components/ui'
import { formatLongDate } from '~/domain/format'
import { CANCEL_CONFIRM_TEXT, CANCEL_CONFIRM_TITLE, commitmentNote } from '~/domain/messages'
import { cancelPath } from '~/domain/paths'
import { canTurnRenewalOff, type CommitmentFields, commitmentHolds, isCanceled, type PolicyStatus } from '~/domain/policies'
import { useIsPending } from '~/utils/pending'

export type CancellablePolicy = CommitmentFields & {
  id: string
  status: PolicyStatus
  initialTermEndsAt: string
  cancelAt: string | null
  stripeCustomerId?: string | null
}

/**
 * The cancel controls of a dashboard policy card (its `cancelSlot`). Before the commitment ends: the commitment note, a
 * 'Turn off renewal' switch and, with Stripe, 'Manage billing'. After it: 'Cancel Policy', a link to the confirmation
 * page that, with JavaScript, opens the same confirmation as a <dialog> instead.
 */
export function PolicyCancelControls({ policy, now = new Date() }: { policy: CancellablePolicy; now?: Date }) {
  if (isCanceled(policy)) return null
  const committed = commitmentHolds(policy, now)
  return (
    <div className="space-y-3">
      {committed ? (
        <>
          <p className="text-sm text-slate-700">{commitmentNote(policy.initialTermEndsAt)}</p>
          {policy.cancelAt ? (
            <p className="text-sm text-slate-700">Renewal is off: this policy ends on {formatLongDate(policy.cancelAt)}.</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Form method="post" action={cancelPath(policy.id)}>
              <input type="hidden" name="intent" value={policy.cancelAt ? 'renewal-on' : 'renewal-off'} />
              <button type="submit" className={buttonClass('secondary', 'py-1.5')}>
                {policy.cancelAt ? 'Turn renewal back on' : 'Turn off renewal'}
              </button>
            </Form>
            <BillingButton policy={policy} />
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <CancelPolicyButton policyId={policy.id} />
          <BillingButton policy={policy} />
        </div>
      )}
    </div>
  )
}

/**
 * For the dashboard card during the commitment: a way to the renewal switch and billing (the cancel page), since
 * cancelling itself is not yet possible. Nothing for canceled policies or after the commitment.
 */
export function RenewalLink({
  policy,
  now = new Date(),
}: {
  policy: CommitmentFields & { id: string; status: PolicyStatus }
  now?: Date | string
}) {
  if (!canTurnRenewalOff(policy, now)) return null
  return (
    <Link
      to={cancelPath(policy.id)}
      className="inline-flex items-center text-sm font-medium text-slate-700 underline hover:text-slate-900 max-sm:min-h-11"
    >
      Renewal &amp; billing
    </Link>
  )
}

/** 'Manage billing': Stripe's customer portal, for policies paid through Stripe. */
export function BillingButton({ policy }: { policy: CancellablePolicy }) {
  if (!policy.stripeCustomerId) return null
  return (
    <Form method="post" action={cancelPath(policy.id)}>
      <input type="hidden" name="intent" value="billing-portal" />
      <button type="submit" className={buttonClass('secondary', 'py-1.5')}>
        Manage billing
      </button>
    </Form>
  )
}

/**
 * Where the cancel controls lead. The dashboard uses the defaults; the demo passes its own page and action, and
 * `onConfirm` to simulate the cancellation in the browser instead of posting.
 */
export type CancelTargets = {
  /** The confirmation page (followed without JavaScript). Default: the policy's cancel page. */
  href?: string
  /** Where 'Yes, Cancel Policy' posts. Default: the policy's cancel page. */
  action?: string
  /** Where 'Keep Policy' leads on the confirmation page. Default: /customer. */
  keepHref?: string
  /** With JavaScript: called instead of posting; the button reads 'Cancelling...' until it settles. */
  onConfirm?: () => Promise<void>
}

/**
 * 'Cancel Policy': the confirmation page without JavaScript, a modal dialog with it. `onPage`: always the page, which
 * states the exact refund before the customer confirms (the dashboard does not work it out for every card).
 */
export function CancelPolicyButton({
  policyId,
  href,
  action,
  keepHref,
  onConfirm,
  onPage = false,
}: { policyId: string; onPage?: boolean } & CancelTargets) {
  const dialog = useRef<HTMLDialogElement>(null)
  if (onPage) {
    return (
      <Link to={href ?? cancelPath(policyId)} className={buttonClass('destructive', 'py-1.5')}>
        Cancel Policy
      </Link>
    )
  }
  return (
    <>
      <Link
        to={href ?? cancelPath(policyId)}
        className={buttonClass('destructive', 'py-1.5')}
        onClick={(event) => {
          if (!dialog.current?.showModal) return
          event.preventDefault()
          dialog.current.showModal()
        }}
      >
        Cancel Policy
      </Link>
      <dialog
        ref={dialog}
        aria-labelledby={`cancel-title-${policyId}`}
        aria-describedby={`cancel-text-${policyId}`}
        className="m-auto max-w-md rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <CancelConfirmation
          policyId={policyId}
          idSuffix={policyId}
          onKeep={() => dialog.current?.close()}
          action={action}
          keepHref={keepHref}
          onConfirm={
            onConfirm
              ? async () => {
                  await onConfirm()
                  dialog.current?.close()
                }
              : undefined
          }
        />
      </dialog>
    </>
  )
}

/** 'Are you sure?' with 'Keep Policy' / 'Yes, Cancel Policy': the dialog's body and the confirmation page's. */
export function CancelConfirmation({
  policyId,
  idSuffix,
  onKeep,
  action: actionOverride,
  keepHref = '/customer',
  onConfirm,
}: { policyId: string; idSuffix?: string; onKeep?: () => void } & Omit<CancelTargets, 'href'>) {
  const [confirming, setConfirming] = useState(false)
  const action = actionOverride ?? cancelPath(policyId)
  const posting = useIsPending({ formAction: action })
  const busy = confirming || posting
  const suffix = idSuffix ? `-${idSuffix}` : ''

  async function confirm(event: FormEvent<HTMLFormElement>) {
    if (!onConfirm) return // the form posts
    event.preventDefault()
    setConfirming(true)
    try {
      await onConfirm()
    } finally {
      setConfirming(false)
    }
  }

  return (
    <div>
      <h2 id={`cancel-title${suffix}`} className="text-xl font-semibold text-slate-900">
        {CANCEL_CONFIRM_TITLE}
      </h2>
      <p id={`cancel-text${suffix}`} className="mt-2 text-slate-700">
        {CANCEL_CONFIRM_TEXT}
      </p>
      <Form method="post" action={action} onSubmit={onConfirm ? confirm : undefined} className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="cancel" />
        {onKeep ? (
          <Button variant="secondary" onClick={onKeep} disabled={confirming}>
            Keep Policy
          </Button>
        ) : (
          <Link to={keepHref} className={buttonClass('secondary')}>
            Keep Policy
          </Link>
        )}
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Cancelling...' : 'Yes, Cancel Policy'}
        </Button>
      </Form>
    </div>
  )
}
