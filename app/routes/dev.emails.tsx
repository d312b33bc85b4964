import { PageHeading } from '~/components/ui'
import { EMAIL_SAMPLES } from '~/emails/samples'
import { routeRules } from '~/server/route-rules'
import { requireLocalTools } from '~/server/security.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'

import type { Route } from './+types/dev.emails'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Every e-mail the app sends, rendered with its sample data (app/emails/samples.ts): to see a template change without
 * sending anything. A local tool like the outbox: only on this machine (requireLocalTools), a 404 anywhere else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireLocalTools({ request, context })
  const emails = await Promise.all(
    EMAIL_SAMPLES.map(async (sample) => {
      const { subject, text } = await sample.render()
      return { id: sample.id, name: sample.name, subject, text }
    }),
  )
  return { emails }
}

export default function DevEmails({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageHeading sub="Every e-mail the app sends, with sample data. Nothing is sent from this page.">E-mail templates</PageHeading>
      <ol className="space-y-4">
        {loaderData.emails.map((email) => (
          <li key={email.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <article aria-label={email.name}>
              <h2 className="text-lg font-semibold text-slate-900">{email.name}</h2>
              <p className="mt-1 text-sm text-slate-700">
                Subject: <span className="font-medium text-slate-900">{email.subject}</span>
              </p>
              <p className="mt-2 flex gap-4 text-sm">
                <a href={`/dev/emails/${email.id}`} className="text-brand-700 underline">
                  HTML<span className="sr-only"> of {email.name}</span>
                </a>
                <a href={`/dev/emails/${email.id}?part=text`} className="text-brand-700 underline">
                  Text<span className="sr-only"> of {email.name}</span>
                </a>
              </p>
              <details className="mt-3">
                <summary className="cursor-pointer text-sm text-slate-700">The text part</summary>
                <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-900">
                  {email.text}
                </pre>
              </details>
            </article>
          </li>
        ))}
      </ol>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('E-mail templates', 'Every e-mail, with sample data.', { noindex: true })

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
