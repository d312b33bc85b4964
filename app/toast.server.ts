import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'

import { TOAST_TYPES, type ToastMessage } from '~/domain/messages'
import { env, servedOverHttps } from '~/env.server'

/** A flash message shown once on the next page, rendered by the server (works without JavaScript). */
export const ToastSchema = z.object({
  type: z.enum(TOAST_TYPES).default('info'),
  title: z.string(),
  description: z.string().optional(),
})

const TOAST_KEY = 'toast' as const
type ToastData = { [TOAST_KEY]: z.infer<typeof ToastSchema> }
let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: '__toast',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: servedOverHttps(),
      secrets: [env().SESSION_SECRET],
    },
  })
  return storage
}

/** The Set-Cookie header value that carries a toast to the next page. */
export async function toastCookie(toast: ToastMessage) {
  const session = await toastStorage().getSession()
  session.flash(TOAST_KEY, ToastSchema.parse(toast))
  return toastStorage().commitSession(session)
}

export async function redirectWithToast(url: string, toast: ToastMessage, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastCookie(toast))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the pending toast; send the returned headers with the response. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? new Headers({ 'Set-Cookie': await toastStorage().destroySession(session) }) : null,
  }
}
