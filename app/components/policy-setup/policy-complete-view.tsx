import type { ReactNode } from 'react'

import { ButtonLink, Card } from '~/components/ui'
import { ANSWER_PROMISE } from '~/domain/claims'
import { phoneHref } from '~/domain/phones'

export type PolicyCompleteViewProps = {
  supportEmail: string
  supportPhone: string
  /** 'Return Home' goes to /customer (the demo passes its own target and label). */
  returnHref: string
  returnLabel?: string
  /** True when a confirmation e-mail went out (not in the demo). */
  confirmationEmailed?: boolean
  /** Below the card: setup's last question (the mailing address, while none is given). */
  children?: ReactNode
}

/** The 'Policy complete' page: shown when setup is finished (and by the demo). */
export function PolicyCompleteView({
  supportEmail,
  supportPhone,
  returnHref,
  returnLabel = 'Return Home',
  confirmationEmailed = false,
  children,
}: PolicyCompleteViewProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <Card className="text-center">
        <div aria-hidden className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800">
          ✓
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">You're All Set!</h1>
        <p className="mt-2 text-lg text-slate-700">Your policy is now active</p>

        <section aria-labelledby="next-heading" className="mt-8 rounded-lg bg-slate-50 p-5 text-left">
          <h2 id="next-heading" className="font-semibold text-slate-900">
            What happens next
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            <li>If your windshield gets chipped or cracked, file a claim anytime from your dashboard.</li>
            <li>We review claims {ANSWER_PROMISE} and connect you with a certified repair partner near you.</li>
            {confirmationEmailed ? <li>We've e-mailed you a confirmation of your coverage.</li> : null}
          </ul>
        </section>

        <p className="mt-6 text-slate-700">
          Questions? Email{' '}
          <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
            {supportEmail}
          </a>{' '}
          or call{' '}
          <a href={phoneHref(supportPhone)} className="font-medium text-brand-700 underline">
            {supportPhone}
          </a>
          .
        </p>

        <ButtonLink to={returnHref} className="mt-8">
          {returnLabel}
        </ButtonLink>
      </Card>
      {children}
    </div>
  )
}
