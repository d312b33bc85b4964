import { emailSample } from '~/emails/samples'
import { routeRules } from '~/server/route-rules'
import { requireLocalTools } from '~/server/security.server'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/dev.emails.$template'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * One e-mail with its sample data, as the mail client gets it: the HTML part as the page itself (`?part=text`: the
 * text part). Only on this machine, like /dev/emails.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireLocalTools({ request, context })
  const sample = emailSample(params.template)
  if (!sample) notFound()
  const email = await sample.render()
  const asText = new URL(request.url).searchParams.get('part') === 'text'
  return new Response(asText ? email.text : email.html, {
    headers: { 'Content-Type': `${asText ? 'text/plain' : 'text/html'}; charset=utf-8` },
  })
}
