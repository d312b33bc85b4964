import { redirect } from 'react-router'

import { ButtonLink, Card } from '~/components/ui'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/checkout-success'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

// Only reachable with ?checkout=success (the payment page sends the buyer here); anything else goes home.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (url.searchParams.get('checkout') !== 'success') throw redirect('/')
  return { supportEmail: env().SUPPORT_EMAIL }
}

const SETUP_STEPS = ['Upload 3 photos of your windshield', 'Enter your vehicle information', 'Review and confirm your policy']

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-8">
        <div aria-hidden className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800">
          ✓
        </div>
        <h1 className="mt-4 text-center text-3xl font-bold tracking-tight text-slate-900">Payment Successful!</h1>
        <p className="mt-3 text-center text-slate-700">
          Thank you for subscribing. We've e-mailed you a magic link: open it to sign in and finish setting up your policy.
        </p>

        <section aria-labelledby="next-steps" className="mt-8">
          <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
            Finish your setup
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
            {SETUP_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-slate-700">It takes under 5 minutes.</p>
        </section>

        <div role="note" className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Important: Coverage Not Active Yet</p>
          <p className="mt-1 text-sm">
            Your coverage starts once you have uploaded your windshield photos and entered your vehicle information.
          </p>
        </div>

        <p className="mt-8 text-sm text-slate-700">
          Didn't get the e-mail? Check your spam or junk folder. Still nothing? Contact us at{' '}
          <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
            {supportEmail}
          </a>
          .
        </p>

        <div className="mt-8 text-center">
          <ButtonLink to="/">Return to Homepage</ButtonLink>
        </div>
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Payment successful', 'Your Glass Plan payment went through: sign in to finish setting up your windshield protection.', {
    noindex: true,
  })

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
