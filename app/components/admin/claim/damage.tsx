import { Fragment } from 'react'
import { Link } from 'react-router'

import { useOperatorTime } from '~/components/admin/operator-zone'
import { Card } from '~/components/ui'
import { formatLongDate } from '~/domain/format'
import { CLAIM_PAGE_MESSAGES } from '~/domain/messages'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'

import { PhotoGrid } from './photo-grid'

type Data = ClaimReviewPageData

/** The damage as filed: its facts, the storm it falls in, the photos (with what their cameras recorded) and the setup photos. */
export function DamageCard({ claim, storm, documents, setupPhotos }: Pick<Data, 'claim' | 'storm' | 'documents' | 'setupPhotos'>) {
  const time = useOperatorTime()
  const damagePhotos = documents.filter((document) => document.type === 'damage_photo')
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Damage</h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Damage type</dt>
        <dd className="capitalize">{claim.damageType}</dd>
        <dt className="text-slate-600">Damage date</dt>
        <dd>{formatLongDate(claim.damageDate, '—')}</dd>
        {claim.answers.map((answer) => (
          <Fragment key={answer.name}>
            <dt className="text-slate-600">{answer.question}</dt>
            <dd data-testid={`damage-answer-${answer.name}`}>{answer.words}</dd>
          </Fragment>
        ))}
        <dt className="text-slate-600">Submitted</dt>
        <dd>{time(claim.submittedAt)}</dd>
        {storm ? (
          <>
            <dt className="text-slate-600">Storm</dt>
            <dd data-testid="claim-storm">
              <Link to={`/admin/storms?event=${encodeURIComponent(storm.id)}`} className="text-brand-700 underline">
                {storm.name}
              </Link>
              : {storm.days}, ZIP {storm.area}
              {storm.vehicleZip ? ` (the vehicle is kept in ${storm.vehicleZip})` : ''}. Its window: {storm.filingDays} days to file
              {storm.deadline ? `, until ${time(storm.deadline)}` : ''}.
            </dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">What happened</h3>
      <p className="mt-1 whitespace-pre-line text-slate-800">{claim.description}</p>
      <h3 id="damage-photos-title" className="mt-4 text-sm font-semibold text-slate-900">
        {CLAIM_PAGE_MESSAGES.damagePhotos}
      </h3>
      <PhotoGrid photos={damagePhotos} empty="No photos." labelledBy="damage-photos-title" />
      {damagePhotos.some((photo) => photo.capturedAt || photo.camera) ? (
        <ul className="mt-2 text-xs text-slate-600" aria-label="What the photos' cameras recorded">
          {damagePhotos.map((photo, index) =>
            photo.capturedAt || photo.camera ? (
              <li key={photo.id}>
                Damage photo {index + 1}:{' '}
                {[photo.capturedAt ? `taken ${photo.capturedAt.replace('T', ' ')}` : null, photo.camera].filter(Boolean).join(', ')}
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Windshield at activation</h3>
      <p className="mt-1 text-sm text-slate-700">
        The photos the customer took when coverage started. Damage already there then is not covered (terms).
      </p>
      <PhotoGrid photos={setupPhotos} empty="No setup photos (the policy was not set up)." />
    </Card>
  )
}
