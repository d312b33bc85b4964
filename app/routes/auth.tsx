import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, Link, redirect, useRevalidator } from 'react-router'

import { authenticator, completeSignIn } from '~/auth/authenticator.server'
import { SignInError } from '~/auth/email-link-strategy.server'
import { normalizeEmail, sendSignInEmail } from '~/auth/magic-link.server'
import { clientIp } from '~/auth/rate-limit.server'
import { getProfile, homePath } from '~/auth/session.server'
import { allowCodeAttempt, allowSignInEmail } from '~/auth/sign-in-limits.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Toast, type ToastMessage } from '~/components/toast'
import { Button, Card, Field, inputClass } from '~/components/ui'
import { INVALID_EMAIL, LINK_SENT, UNEXPECTED_ERROR } from '~/domain/messages'
import { logger } from '~/logger.server'
import { routeRules } from '~/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { safeRedirect } from '~/utils/redirect'
import { AuthFormSchema, SendLinkSchema, SignInCodeSchema } from '~/validation/auth'

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

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const target = requestedTarget(url.searchParams.get('redirect'))
  const profile = await getProfile(request)
  if (profile) throw redirect(target ?? homePath(profile))
  const sent = SendLinkSchema.shape.email.safeParse(url.searchParams.get('sent') ?? '')
  return { target, sentTo: sent.success ? normalizeEmail(sent.data) : null }
}

type ActionData = { intent: 'send' | 'code'; result: SubmissionResult<string[]>; toast?: ToastMessage }

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: AuthFormSchema })
  const intent = formData.get('intent') === 'code' ? 'code' : 'send'
  if (submission.status !== 'success') {
    const toast: ToastMessage | undefined = intent === 'send' ? { type: 'error', ...INVALID_EMAIL } : undefined
    return data<ActionData>({ intent, result: submission.reply(), toast }, { status: 400 })
  }
  const ip = clientIp({ request, context })
  const form = submission.value
  const target = requestedTarget(form.redirect)

  if (form.intent === 'send') {
    const verdict = allowSignInEmail(form.email, ip)
    if (!verdict.allowed) {
      return data<ActionData>(
        { intent, result: submission.reply(), toast: { type: 'error', title: 'Too many requests', description: verdict.message } },
        { status: 429, headers: { 'Retry-After': String(Math.max(1, verdict.retryAfterSeconds)) } },
      )
    }
    try {
      // Known or not, every address gets the same answer; a profile is made on the first verified sign-in.
      const sent = await sendSignInEmail(form.email, target)
      if (!sent) {
        return data<ActionData>(
          {
            intent,
            result: submission.reply(),
            toast: {
              type: 'error',
              title: 'Error',
              description: "We couldn't send the login e-mail just now. Please try again in a moment.",
            },
          },
          { status: 503 },
        )
      }
    } catch (error) {
      logger.error({ err: error }, 'sign-in link request failed')
      return data<ActionData>(
        { intent, result: submission.reply(), toast: { type: 'error', title: 'Error', description: UNEXPECTED_ERROR } },
        { status: 500 },
      )
    }
    return redirectWithToast(authPath(target, normalizeEmail(form.email)), { type: 'success', ...LINK_SENT })
  }

  const verdict = allowCodeAttempt(form.email, ip)
  if (!verdict.allowed) {
    return data<ActionData>(
      {
        intent,
        result: submission.reply({ fieldErrors: { code: [verdict.message] } }),
        toast: { type: 'error', title: 'Too many attempts', description: verdict.message },
      },
      { status: 429, headers: { 'Retry-After': String(Math.max(1, verdict.retryAfterSeconds)) } },
    )
  }
  try {
    const user = await authenticator.authenticate('email-link', request)
    return completeSignIn(request, user, target)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    const status = error.reason === 'void' ? 429 : 400
    const title = error.reason === 'void' ? 'Too many attempts' : 'Sign-in failed'
    return data<ActionData>(
      {
        intent,
        result: submission.reply({ fieldErrors: { code: [error.message] } }),
        toast: { type: 'error', title, description: error.message },
      },
      { status },
    )
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { target, sentTo } = loaderData
  const codeEmail = sentTo ?? (actionData?.intent === 'code' ? String(actionData.result.initialValue?.email ?? '') : '')
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      {actionData?.toast ? <Toast toast={actionData.toast} className="mb-6" /> : null}
      {codeEmail ? (
        <CheckEmail email={codeEmail} target={target} lastResult={actionData?.intent === 'code' ? actionData.result : undefined} />
      ) : (
        <SendLink target={target} lastResult={actionData?.intent === 'send' ? actionData.result : undefined} />
      )}
    </div>
  )
}

function SendLink({ target, lastResult }: { target: string | null; lastResult?: SubmissionResult<string[]> }) {
  const sending = useIsPending({ intent: 'send' })
  const [form, fields] = useForm({ id: 'send-link', lastResult, constraint: getZodConstraint(SendLinkSchema), shouldRevalidate: 'onInput' })
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

function CheckEmail({ email, target, lastResult }: { email: string; target: string | null; lastResult?: SubmissionResult<string[]> }) {
  useRecheckOnReturn()
  const signingIn = useIsPending({ intent: 'code' })
  const sendingNewLink = useIsPending({ formAction: authPath(target, email), intent: 'send' })
  const [form, fields] = useForm({
    id: 'sign-in-code',
    lastResult,
    constraint: getZodConstraint(SignInCodeSchema),
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
            maxLength={6}
            placeholder="123456"
            className={`${inputClass} font-mono tracking-[0.3em]`}
          />
        </Field>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
