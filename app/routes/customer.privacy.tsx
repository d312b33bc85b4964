import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'

import { destroySession, requireCustomer } from '~/auth/session.server'
import { allowCodeAttempt, allowSignInEmail } from '~/auth/sign-in-limits.server'
import { Toast } from '~/components/toast'
import { Button, buttonClass, Card, Field, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatDateTime } from '~/domain/format'
import { CONSENT_MESSAGES, DELETION_MESSAGES, EMAIL_CHANGE_MESSAGES, PRIVACY_MESSAGES, TOO_MANY_REQUESTS } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import { withdrawEsignConsent } from '~/models/people/consents.server'
import {
  blockersOf,
  deleteAccount,
  recordsKeptOnDeletion,
  requestEmailChange,
  sendDeletionCode,
  updateDetails,
} from '~/models/people/privacy.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { type ActionAnswer, answerRefusal, answerSubmission } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { DeleteAccountSchema, DetailsSchema, EmailChangeSchema, PrivacySchema } from '~/validation/privacy'

import type { Route } from './+types/customer.privacy'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const PRIVACY_PATH = '/customer/privacy'

export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  return {
    profile: { email: profile.email, fullName: profile.fullName ?? '', phone: profile.phone ? formatPhone(profile.phone) : '' },
    esignWithdrawnAt: profile.esignWithdrawnAt,
    blockers: blockersOf(profile.id),
    kept: recordsKeptOnDeletion(profile.id),
    codeSent: new URL(request.url).searchParams.get('code') === 'sent',
  }
}

type Answer = ActionAnswer<{ intent: string }>

export async function action({ request, context }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: PrivacySchema })
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    return answerSubmission(submission, { intent })
  }
  const value = submission.value
  const refuse = (error: RuleError) => answerRefusal(error, submission, { intent: value.intent })
  const limited = (message: string) =>
    data<Answer>(
      { intent: value.intent, result: submission.reply(), toast: { type: 'error', title: TOO_MANY_REQUESTS, description: message } },
      { status: 429 },
    )

  try {
    switch (value.intent) {
      case 'update-details': {
        updateDetails(profile, value)
        return redirectWithToast(PRIVACY_PATH, { type: 'success', ...PRIVACY_MESSAGES.detailsSaved })
      }
      case 'change-email': {
        const verdict = allowSignInEmail(value.email, clientIp({ request, context }))
        if (!verdict.allowed) return limited(verdict.message)
        const to = await requestEmailChange(profile, value.email)
        return redirectWithToast(PRIVACY_PATH, { type: 'success', ...EMAIL_CHANGE_MESSAGES.sent(to) })
      }
      case 'deletion-code': {
        const verdict = allowSignInEmail(profile.email, clientIp({ request, context }))
        if (!verdict.allowed) return limited(verdict.message)
        await sendDeletionCode(profile)
        return redirectWithToast(`${PRIVACY_PATH}?code=sent#delete`, { type: 'success', ...DELETION_MESSAGES.codeSent(profile.email) })
      }
      case 'withdraw-esign': {
        const withdrawn = await withdrawEsignConsent(profile)
        const done = withdrawn ? CONSENT_MESSAGES.esignWithdrawn : CONSENT_MESSAGES.esignAlreadyWithdrawn
        return redirectWithToast(PRIVACY_PATH, { type: 'success', ...done })
      }
      case 'delete-account': {
        const verdict = allowCodeAttempt(profile.email, clientIp({ request, context }))
        if (!verdict.allowed) return limited(verdict.message)
        const deleted = await deleteAccount(profile, value.code)
        const headers = new Headers({ 'Set-Cookie': await destroySession(request) })
        const done = deleted.kept ? DELETION_MESSAGES.doneKept(deleted.kept) : DELETION_MESSAGES.done
        return redirectWithToast('/', { type: 'success', ...done }, { headers })
      }
    }
  } catch (error) {
    if (error instanceof RuleError) return refuse(error)
    throw error
  }
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, blockers, kept, codeSent, esignWithdrawnAt } = loaderData
  const answer = (intent: string) => (actionData?.intent === intent ? actionData : null)
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/customer" className="text-brand-700 underline-offset-2 hover:underline">
          ← Back to your dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Privacy &amp; your data</h1>
      <p className="mt-2 text-slate-700">
        What our{' '}
        <Link to="/privacy-policy" className="text-brand-700 underline">
          privacy policy
        </Link>{' '}
        promises, done here: see everything we hold about you, correct it, or delete your account.
      </p>

      <Card className="mt-6" role="region" aria-labelledby="export-heading">
        <h2 id="export-heading" className="text-xl font-semibold text-slate-900">
          Download my data
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          A ZIP file with your profile, plans, vehicles, claims and the e-mails we sent you (data.json), and every windshield photo and
          claim document.
        </p>
        <a href="/customer/privacy/export" download className={buttonClass('secondary', 'mt-4')}>
          Download my data
        </a>
      </Card>

      {/* Keyed by what is stored, so a saved phone shows as stored (E.164 read back as '(801) 555-0142'), with JS too. */}
      <DetailsCard key={`${profile.fullName}\n${profile.phone}`} profile={profile} answer={answer('update-details')} />
      <EmailCard email={profile.email} answer={answer('change-email')} />
      <PaperCard withdrawnAt={esignWithdrawnAt} />
      <DeleteCard
        blockers={blockers}
        kept={kept}
        codeSent={codeSent || Boolean(answer('delete-account'))}
        answer={answer('delete-account') ?? answer('deletion-code')}
      />
    </div>
  )
}

/** Electronic delivery: withdraw the consent given at signup; from then on paper copies are posted. */
function PaperCard({ withdrawnAt }: { withdrawnAt: string | null }) {
  const busy = useIsPending({ intent: 'withdraw-esign' })
  return (
    <Card className="mt-6" role="region" aria-labelledby="paper-heading">
      <h2 id="paper-heading" className="text-xl font-semibold text-slate-900">
        Electronic delivery
      </h2>
      {withdrawnAt ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="paper-copies">
          You withdrew your consent to electronic delivery on {formatDateTime(withdrawnAt)}. Paper copies of your contract and notices will
          be posted to you.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            You agreed to receive your contract and notices electronically. You may withdraw that consent at any time, free of charge: we
            then post paper copies of your contract and every notice to you, and your plan continues unchanged.
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="withdraw-esign" />
            <Button type="submit" variant="secondary" disabled={busy}>
              Withdraw consent and receive paper copies
            </Button>
          </Form>
        </>
      )}
    </Card>
  )
}

function DetailsCard({ profile, answer }: { profile: { fullName: string; phone: string }; answer: Answer | null }) {
  const busy = useIsPending({ intent: 'update-details' })
  const [form, fields] = useForm({
    id: 'details-form',
    lastResult: answer?.result,
    defaultValue: { fullName: profile.fullName, phone: profile.phone },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
    shouldValidate: 'onBlur',
    // Messages clear while typing, not on blur: a message vanishing as the button is pressed would move it away.
    shouldRevalidate: 'onInput',
  })
  return (
    <Card className="mt-6" role="region" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
        Your details
      </h2>
      <Toast toast={answer?.toast} className="mt-3" />
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="update-details" />
        <Field label="Full name" htmlFor={fields.fullName.id} errors={fields.fullName.errors} errorId={fields.fullName.errorId}>
          <input {...getInputProps(fields.fullName, { type: 'text' })} autoComplete="name" className={inputClass} />
        </Field>
        <Field label="Phone (optional)" htmlFor={fields.phone.id} errors={fields.phone.errors} errorId={fields.phone.errorId}>
          <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="tel" className={inputClass} />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save details'}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

function EmailCard({ email, answer }: { email: string; answer: Answer | null }) {
  const busy = useIsPending({ intent: 'change-email' })
  const [form, fields] = useForm({
    id: 'email-form',
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
    shouldValidate: 'onBlur',
    // Messages clear while typing, not on blur: a message vanishing as the button is pressed would move it away.
    shouldRevalidate: 'onInput',
  })
  return (
    <Card className="mt-6" role="region" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-xl font-semibold text-slate-900">
        E-mail address
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        You sign in and receive our e-mails at <span className="font-medium text-slate-900">{email}</span>. To change it, we send a link to
        the new address: it takes effect when you open it.
      </p>
      <Toast toast={answer?.toast} className="mt-3" />
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="change-email" />
        <Field
          label="New e-mail address"
          htmlFor={fields.email.id}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          className="min-w-64 flex-1"
        >
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </Form>
    </Card>
  )
}

function DeleteCard({
  blockers,
  kept,
  codeSent,
  answer,
}: {
  blockers: string[]
  kept: string[]
  codeSent: boolean
  answer: Answer | null
}) {
  const sending = useIsPending({ intent: 'deletion-code' })
  const deleting = useIsPending({ intent: 'delete-account' })
  const [form, fields] = useForm({
    id: 'delete-form',
    lastResult: answer?.intent === 'delete-account' ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <Card className="mt-6 border-red-200" role="region" aria-labelledby="delete">
      <h2 id="delete" className="text-xl font-semibold text-slate-900">
        Delete my account
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Deleting removes your name, contact details, vehicles, photos and claim documents, and signs you out everywhere. We keep what the
        law requires for accounting. This cannot be undone.
      </p>
      {/* What stays and why, said before the customer asks for the code and again beside the confirm button. */}
      <div className="mt-3 text-sm text-slate-700" data-testid="deletion-kept">
        {kept.length ? (
          <>
            <p className="font-medium text-slate-900">{DELETION_MESSAGES.keptIntro}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {kept.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
            <p className="mt-2">{DELETION_MESSAGES.keptWho}</p>
          </>
        ) : (
          <p>{DELETION_MESSAGES.keptNone}</p>
        )}
      </div>
      <Toast toast={answer?.toast} className="mt-3" />
      {blockers.length ? (
        <div className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-950" data-testid="deletion-blockers">
          <p className="font-semibold">Your account cannot be deleted yet:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <Form method="post">
            <input type="hidden" name="intent" value="deletion-code" />
            <Button type="submit" variant="secondary" disabled={sending}>
              {sending ? 'Sending...' : codeSent ? 'Send a new code' : 'Send me a code to confirm'}
            </Button>
          </Form>
          {codeSent ? (
            <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-4">
              <input type="hidden" name="intent" value="delete-account" />
              <Field label="Code from the e-mail" htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
                <input
                  {...getInputProps(fields.code, { type: 'text' })}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={MAX_LENGTH.emailCode}
                  className={`${inputClass} w-40 font-mono tracking-widest`}
                />
              </Field>
              <button type="submit" className={buttonClass('destructive')} disabled={deleting}>
                {deleting ? 'Deleting...' : 'Delete my account'}
              </button>
            </Form>
          ) : null}
        </div>
      )}
    </Card>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Privacy & your data', 'Your details, your data export, your e-mail address and account deletion at Glass Plan.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
