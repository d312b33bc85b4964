import { Link } from 'react-router'

import { buttonClass, Card } from '~/components/ui'
import { ANSWER_PROMISE } from '~/domain/claims'
import { RULES_DECISION_MESSAGES } from '~/domain/messages'
import { HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'

export type ClaimSubmittedProps = {
  confirmationCode: string
  dashboardHref: string
  /** Set when the published decision rules approved the claim as it was filed: their version and where to choose a shop. */
  approvedByRules?: { version: string; chooseShopHref: string } | null
  /** Said when the claim was filed after its deadline (48 hours, or a declared storm's window). */
  lateNotice?: string | null
}

/** The claim form's success screen, with the confirmation code the customer gives to the shop. */
export function ClaimSubmitted({ confirmationCode, dashboardHref, approvedByRules, lateNotice = null }: ClaimSubmittedProps) {
  return (
    <Card className="space-y-6 text-center">
      <div aria-hidden className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-2xl text-green-800">
        ✓
      </div>
      <h1 className="text-2xl font-bold text-slate-900">Claim Submitted Successfully!</h1>
      <div>
        <p className="text-sm font-medium text-slate-700">Your confirmation code</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-slate-900" data-testid="confirmation-code">
          {confirmationCode}
        </p>
        <p className="mt-1 text-sm text-slate-600">Give this to the shop</p>
      </div>
      {lateNotice ? (
        <p className="mx-auto max-w-md rounded-lg bg-amber-50 p-3 text-left text-sm text-amber-950" data-testid="filed-late">
          {lateNotice}
        </p>
      ) : null}
      {approvedByRules ? (
        <div className="mx-auto max-w-md space-y-3 rounded-lg bg-green-50 p-4 text-left" data-testid="claim-decision">
          <p className="text-lg font-semibold text-green-900">Approved</p>
          <p className="text-sm text-green-900">
            {RULES_DECISION_MESSAGES.approvedAtOnce(approvedByRules.version)}{' '}
            <Link to={HOW_CLAIMS_ARE_DECIDED_PATH} className="underline">
              How claims are decided
            </Link>
          </p>
          <Link to={approvedByRules.chooseShopHref} className={buttonClass('primary')}>
            Choose a shop
          </Link>
        </div>
      ) : (
        <WhatHappensNext />
      )}
      <Link to={dashboardHref} className={buttonClass(approvedByRules ? 'secondary' : 'primary')}>
        Return to Dashboard
      </Link>
    </Card>
  )
}

/** A claim waiting for review: the steps ahead. */
function WhatHappensNext() {
  return (
    <>
      <div className="mx-auto max-w-md text-left">
        <h2 className="font-semibold text-slate-900">What happens next</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Our team reviews your claim {ANSWER_PROMISE}.</li>
          <li>Once approved, we connect you with a partner glass shop near you.</li>
          <li>Give the shop your confirmation code; they take care of the rest, with zero deductible.</li>
        </ol>
        <p className="mt-4 text-sm text-slate-700">We'll send you an e-mail once your claim has been reviewed.</p>
      </div>
    </>
  )
}
