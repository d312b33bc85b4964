import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { Form, Link, redirect, useRevalidator } from 'react-router'

import { authenticator, completeSignIn } from '~/auth/authenticator.server'
import { SignInError } from '~/auth/email-link-strategy.server'
import { getProfile, homePath } from '~/auth/session.server'
import { allowCodeAttempt, allowSignInEmail } from '~/auth/sign-in-limits.server'
import { HoneypotInputs } from '~/components/honeypot'
import { Toast } from '~/components/toast'
import { Button, Card, Field, inputClass } from '~/components/ui'
import { normalizeEmail } from '~/domain/email'
import {
  INVALID_EMAIL,
  LINK_NOT_SENT,
  LINK_SENT,
  SIGN_IN_FAILED,
  type ToastMessage,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_REQUESTS,
  UNEXPECTED_ERROR,
} from '~/domain/messages'
import { logger } from '~/logger.server'
import { sendSignInEmail } from '~/models/people/sign-in-links.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { redirectWithToast } from '~/toast.server'
import { formPastHoneypot, honeypotProps } from '~/utils/honeypot.server'
import type { HoneypotProps } from '~/utils/honeypot-fields'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { safeRedirect } from '~/utils/redirect'
import { answerSubmission } from '~/utils/refusal'
import { AuthFormSchema, SendLinkSchema, SignInCodeSchema } from '~/validation/auth'
import { MAX_LENGTH } from '~/validation/lengths'

import type { Route } from './+types/auth'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/**
 * The page the visitor asked to come back to after signing in, if any (a safe path on this site). Without one, the
 * sign-in lands on the account's home: the console for an operator, the dashboard for a customer.
 */
function requestedTarget(value: FormDataEntryValue | string | null | undefined): string | null {
  return safeRedirect(value, '') || null
}

/** `/auth` with the same target, so a different address or a new link keeps the place the visitor was going. */
function authPath(target: string | null, sentTo?: string) {
  const params = new URLSearchParams()
  if (sentTo) params.set('sent', sentTo)
  if (target) params.set('redirect', target)
  const query = params.toString()
  return query ? `/auth?${query}` : '/auth'
}

type Constraints = ReturnType<typeof getZodConstraint>

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const target = requestedTarget(url.searchParams.get('redirect'))
  const profile = await getProfile(request)
  if (profile) throw redirect(target ?? homePath(profile))
  const sent = SendLinkSchema.shape.email.safeParse(url.searchParams.get('sent') ?? '')
  return {
    target,
    sentTo: sent.success ? normalizeEmail(sent.data) : null,
    honeypot: honeypotProps(),
    // The forms' HTML constraints (required, pattern...) from their schemas, read here: the page's JavaScript then
    // carries no zod. The action checks every submission with the same schemas.
    constraints: { sendLink: getZodConstraint(SendLinkSchema), signInCode: getZodConstraint(SignInCodeSchema) },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // A bot's post (the honeypot filled in) is answered as an empty form.
  const formData = formPastHoneypot(await request.clone().formData(), ['intent', 'redirect'])
  const submission = parseWithZod(formData, { schema: AuthFormSchema })
  const intent = formData.get('intent') === 'code' ? 'code' : 'send'
  if (submission.status !== 'success') {
    const toast: ToastMessage | undefined = intent === 'send' ? { type: 'error', ...INVALID_EMAIL } : undefined
    return answerSubmission(submission, { intent, toast })
  }
  const ip = clientIp({ request, context })
  const form = submission.value
  const target = requestedTarget(form.redirect)

  if (form.intent === 'send') {
    const verdict = allowSignInEmail(form.email, ip)
    if (!verdict.allowed) {
      return answerSubmission(submission, {
        intent,
        status: 429,
        headers: { 'Retry-After': String(Math.max(1, verdict.retryAfterSeconds)) },
        toast: { type: 'error', title: TOO_MANY_REQUESTS, description: verdict.message },
      })
    }
    try {
      // Known or not, every address gets the same answer; a profile is made on the first verified sign-in.
      const sent = await sendSignInEmail(form.email, target)
      if (!sent) {
        return answerSubmission(submission, { intent, status: 503, toast: { type: 'error', ...LINK_NOT_SENT } })
      }
    } catch (error) {
      logger.error({ err: error }, 'sign-in link request failed')
      return answerSubmission(submission, { intent, status: 500, toast: { type: 'error', title: 'Error', description: UNEXPECTED_ERROR } })
    }
    return redirectWithToast(authPath(target, normalizeEmail(form.email)), { type: 'success', ...LINK_SENT })
  }

  const verdict = allowCodeAttempt(form.email, ip)
  if (!verdict.allowed) {
    return answerSubmission(submission, {
      intent,
      status: 429,
      headers: { 'Retry-After': String(Math.max(1, verdict.retryAfterSeconds)) },
      fieldErrors: { code: [verdict.message] },
      toast: { type: 'error', title: TOO_MANY_ATTEMPTS, description: verdict.message },
    })
  }
  try {
    const user = await authenticator.authenticate('email-link', request)
    return completeSignIn(request, user, target)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    const status = error.reason === 'void' ? 429 : 400
    const title = error.reason === 'void' ? TOO_MANY_ATTEMPTS : SIGN_IN_FAILED
    return answerSubmission(submission, {
      intent,
      status,
      fieldErrors: { code: [error.message] },
      toast: { type: 'error', title, description: error.message },
    })
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { target, sentTo, honeypot, constraints } = loaderData
  const codeEmail = sentTo ?? (actionData?.intent === 'code' ? String(actionData.result?.initialValue?.email ?? '') : '')
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      {actionData?.toast ? <Toast toast={actionData.toast} className="mb-6" /> : null}
      {codeEmail ? (
        <CheckEmail
          email={codeEmail}
          target={target}
          honeypot={honeypot}
          constraint={constraints.signInCode}
          lastResult={actionData?.intent === 'code' ? (actionData.result ?? undefined) : undefined}
        />
      ) : (
        <SendLink
          target={target}
          honeypot={honeypot}
          constraint={constraints.sendLink}
          lastResult={actionData?.intent === 'send' ? (actionData.result ?? undefined) : undefined}
        />
      )}
    </div>
  )
}

function SendLink({
  target,
  honeypot,
  constraint,
  lastResult,
}: {
  target: string | null
  honeypot: HoneypotProps
  constraint: Constraints
  lastResult?: SubmissionResult<string[]>
}) {
  const sending = useIsPending({ intent: 'send' })
  const [form, fields] = useForm({ id: 'send-link', lastResult, constraint, shouldRevalidate: 'onInput' })
  return (
    <Card>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sign in</h1>
      <p className="mt-2 text-slate-700">No password needed. We'll email you a secure link to sign in.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="redirect" value={target ?? ''} />
        <Field label="Email Address" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <input
            {...getInputProps(fields.email, { type: 'email' })}
            autoComplete="email"
            placeholder="you@example.com"
            className={inputClass}
          />
        </Field>
        <HoneypotInputs {...honeypot} />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? 'Sending login link...' : 'Send login link'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        New here?{' '}
        <Link to="/signup" className="font-medium text-brand-700 underline">
          Choose a plan
        </Link>
      </p>
    </Card>
  )
}

/**
 * With JavaScript: when the visitor comes back to this tab (after pressing 'Sign in' on the link in another tab of
 * this browser), look again; the loader then sends a signed-in visitor on to the target.
 */
function useRecheckOnReturn() {
  const revalidator = useRevalidator()
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate()
    }
    window.addEventListener('focus', recheck)
    document.addEventListener('visibilitychange', recheck)
    return () => {
      window.removeEventListener('focus', recheck)
      document.removeEventListener('visibilitychange', recheck)
    }
  }, [revalidator])
}

function CheckEmail({
  email,
  target,
  honeypot,
  constraint,
  lastResult,
}: {
  email: string
  target: string | null
  honeypot: HoneypotProps
  constraint: Constraints
  lastResult?: SubmissionResult<string[]>
}) {
  useRecheckOnReturn()
  const signingIn = useIsPending({ intent: 'code' })
  const sendingNewLink = useIsPending({ formAction: authPath(target, email), intent: 'send' })
  const [form, fields] = useForm({
    id: 'sign-in-code',
    lastResult,
    constraint,
    shouldRevalidate: 'onInput',
  })
  return (
    <Card>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Check Your Email</h1>
      <p className="mt-2 text-slate-700">
        We sent a login link to <strong className="break-all font-semibold text-slate-900">{email}</strong>. Open it on any device, or enter
        the 6-digit code from the e-mail here.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirect" value={target ?? ''} />
        <Field label="Login code" htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
          <input
            {...getInputProps(fields.code, { type: 'text' })}
            key={fields.code.key}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={MAX_LENGTH.emailCode}
            placeholder="123456"
            className={`${inputClass} font-mono tracking-[0.3em]`}
          />
        </Field>
        <HoneypotInputs {...honeypot} />
        <Button type="submit" className="w-full" disabled={signingIn}>
          {signingIn ? 'Signing in...' : 'Sign in with code'}
        </Button>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 text-sm">
        <Link to={authPath(target)} className="font-medium text-brand-700 underline">
          Use a different email
        </Link>
        <Form method="post" action={authPath(target, email)}>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="redirect" value={target ?? ''} />
          <HoneypotInputs {...honeypot} />
          <button type="submit" className="font-medium text-brand-700 underline" disabled={sendingNewLink}>
            {sendingNewLink ? 'Sending login link...' : 'Send a new link'}
          </button>
        </Form>
      </div>
      <p className="mt-4 text-sm text-slate-600">Can't find it? Check your spam folder. Links and codes expire after 15 minutes.</p>
    </Card>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Sign in', 'Sign in to Glass Plan with a link sent to your e-mail: no password needed.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
