import '~/validation/zod-config'

import {
  data,
  Links,
  Meta,
  type MiddlewareFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from 'react-router'

import { getSignedIn, isShopStaff, rollSession } from '~/auth/session.server'
import { useNoteHydration } from '~/components/error-boundary'
import { SiteFooter, SiteHeader } from '~/components/site-chrome'
import { Toast } from '~/components/toast'
import type { Profile } from '~/db/schema'
import { env } from '~/env.server'
import { isAdmin } from '~/models/people/operator.server'
import { hasPolicies } from '~/models/policies/policies.server'
import { browserErrorReports } from '~/server/error-reports.server'
import { pageCacheMiddleware } from '~/server/page-cache.server'
import { bodyPolicyMiddleware } from '~/server/request-policy.server'
import { routeRulesMiddleware } from '~/server/route-table.server'
import { securityMiddleware } from '~/server/security.server'
import { requestIdOf, serverFacts } from '~/server/server-facts.server'
import { getToast } from '~/toast.server'
import { useBrowserErrorReports } from '~/utils/error-reports'
import { useNonce } from '~/utils/nonce'

import type { Route } from './+types/root'
import stylesheet from './app.css?url'

/** Keeps an active session alive for 30 days from its last use; and puts the signed-in role on the request's log line. */
const rollingSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next()
  const signedIn = await getSignedIn(request)
  const line = serverFacts(context)?.requestLine
  if (line && signedIn) line.role = isAdmin(signedIn.profile) ? 'admin' : 'customer'
  const cookie = signedIn ? await rollSession(signedIn) : null
  if (cookie) response.headers.append('Set-Cookie', cookie)
  return response
}

/** The first puts the matched route's declared rules (its `handle`, app/server/route-rules.ts) where the others read them. */
export const middleware = [routeRulesMiddleware, securityMiddleware, bodyPolicyMiddleware, pageCacheMiddleware, rollingSessionMiddleware]

export const links: Route.LinksFunction = () => [
  // Browsers without SVG icons, and tools, ask /favicon.ico on their own: public/ has it, so no second link (and download).
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * A shop's staff member gets the header's link to the shop's jobs, and the operator the console's; the customer links
 * only when they hold a policy of their own: staff and the operator who are not customers would find nothing there.
 */
function navSections(profile: Profile) {
  const shopStaff = isShopStaff(profile)
  const admin = isAdmin(profile)
  return { isAdmin: admin, isShopStaff: shopStaff, isCustomer: (!shopStaff && !admin) || hasPolicies(profile.id) }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await getSignedIn(request)
  const { toast, headers } = await getToast(request)
  const config = env()
  return data(
    {
      user: signedIn
        ? {
            email: signedIn.profile.email,
            fullName: signedIn.profile.fullName,
            ...navSections(signedIn.profile),
          }
        : null,
      toast,
      contact: { supportEmail: config.SUPPORT_EMAIL, partnerEmail: config.PARTNER_EMAIL, supportPhone: config.SUPPORT_PHONE },
      // The error page's reference, for a customer to quote (the request line in the log carries the same id).
      requestId: requestIdOf(context),
      // Null unless SENTRY_DSN is set: the browser then loads no error-report code at all.
      errorReports: browserErrorReports(),
    },
    { headers: headers ?? undefined },
  )
}

/**
 * The flash toast is one-shot. React Router skips revalidation after an action that answers 4xx (a refused form), which
 * would leave the previous page's toast beside the action's own message: the root loader runs again after every
 * submission. (Layout also hides the old toast while that reload is on its way.)
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== 'GET' ? true : defaultShouldRevalidate
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const root = useRootData()
  useNoteHydration()
  // React Router shows a submission's answer (a refused form's own toast) as soon as the action replies, while the root
  // loader is still reloading: until it arrives, the flash toast on screen is the previous page's, so it is hidden.
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && !!navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET'
  // A page that works as plain HTML and must stay light (the shop's page) sets `handle = { hydrate: false }`: no React is sent.
  const matches = useMatches()
  const hydrate = !matches.some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false)
  useBrowserErrorReports(root?.errorReports ?? null, root?.requestId ?? null, matches.at(-1)?.id ?? null)
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* With a precedence, React writes the stylesheet before the scripts' preloads, so on a slow link the one file that
            blocks the first paint is asked for first instead of queueing behind a dozen modules (docs/benchmarks.md). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" nonce={nonce} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader user={root?.user ?? null} />
        {root?.toast && !submitting ? (
          <div className="mx-auto mt-4 w-full max-w-6xl px-4">
            <Toast toast={root.toast} />
          </div>
        ) : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter
          supportEmail={root?.contact.supportEmail ?? 'support@glassplan.example'}
          supportPhone={root?.contact.supportPhone ?? '(801) 555-0142'}
          partnerEmail={root?.contact.partnerEmail ?? 'partners@glassplan.example'}
        />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Errors of the layout itself (its loader, the middleware); a page's own errors render inside it, in its route's boundary. */
export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
