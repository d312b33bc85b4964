import { Card } from '~/components/ui'
import { PHOTO_REQUEST_MESSAGES } from '~/domain/messages'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

// Where a photo-request link lands once used: the same words for everyone, no React.
export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true, hydrate: false })

export const meta = () => pageMeta('Photos added', 'The photos are on the claim.', { noindex: true })

export default function PhotoRequestDone() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Card className="space-y-2" data-testid="photo-request-done">
        <h1 className="text-2xl font-bold text-slate-900">{PHOTO_REQUEST_MESSAGES.added.title}</h1>
        <p className="text-slate-800">{PHOTO_REQUEST_MESSAGES.added.description}</p>
      </Card>
    </div>
  )
}
