import { Form } from 'react-router'

import { buttonClass, choiceClass, cx, FieldError, inputClass } from '~/components/ui'
import { SHOP_RATING_MESSAGES } from '~/domain/messages'
import { RATING_HIDE_REASON_LABELS, RATING_SCORES } from '~/domain/ratings'
import type { OwnRating } from '~/models/shops/shop-ratings.types'
import { fieldLimits } from '~/validation/limits'
import { RatingSchema } from '~/validation/ratings'

const LIMITS = fieldLimits(RatingSchema)

/**
 * The customer's rating of the shop: 1 to 5 stars as radio buttons and an optional comment, posted to the rating's
 * own route (`action`), which answers with a redirect back or the fields' messages. Works with JavaScript off.
 */
export function RatingForm({
  action,
  values,
  errors,
  submitting,
  editing,
}: {
  action: string
  values: { score?: string; comment?: string }
  errors: Record<string, string[] | undefined>
  submitting: boolean
  editing: boolean
}) {
  return (
    <Form method="post" action={action} className="space-y-4" data-testid="rating-form">
      <fieldset aria-describedby={errors.score ? 'score-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {RATING_SCORES.map((score) => (
            <label key={score} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="score" value={score} defaultChecked={values.score === String(score)} className={choiceClass} />
              {score} {score === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        <FieldError id="score-error" errors={errors.score} />
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor="rating-comment" className="text-sm font-medium text-slate-900">
          Comment (optional)
        </label>
        <textarea
          id="rating-comment"
          name="comment"
          rows={4}
          maxLength={LIMITS.comment.maxLength}
          defaultValue={values.comment}
          className={cx(inputClass)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? 'comment-error' : undefined}
        />
        <FieldError id="comment-error" errors={errors.comment} />
      </div>
      <p className="text-xs text-slate-700">{SHOP_RATING_MESSAGES.allShown}</p>
      <button type="submit" className={buttonClass('primary')} disabled={submitting}>
        {submitting ? 'Saving...' : editing ? 'Change my rating' : 'Send my rating'}
      </button>
    </Form>
  )
}

/** The ask, or the rating given with its edit form while it may change; the claim page's card shows the same. */
export function RatingCardBody({
  path,
  rating,
  values,
  errors,
  submitting,
}: {
  path: string
  rating: OwnRating['rating']
  values: Record<string, string | undefined>
  errors: Record<string, string[] | undefined>
  submitting: boolean
}) {
  if (!rating) {
    return (
      <>
        <p className="text-slate-800">{SHOP_RATING_MESSAGES.ask}</p>
        <RatingForm action={path} values={values} errors={errors} submitting={submitting} editing={false} />
      </>
    )
  }
  return (
    <>
      <p className="font-semibold text-slate-900" data-testid="rating-given">
        {SHOP_RATING_MESSAGES.yours(rating.score)}
      </p>
      {rating.hiddenReason ? (
        <p className="text-sm italic text-slate-700">{RATING_HIDE_REASON_LABELS[rating.hiddenReason]}</p>
      ) : rating.comment ? (
        <p className="whitespace-pre-line text-sm text-slate-800">{rating.comment}</p>
      ) : null}
      {rating.answer ? (
        <p className="ml-4 whitespace-pre-line border-l-2 border-slate-300 pl-3 text-sm text-slate-800">
          <span className="font-medium">{SHOP_RATING_MESSAGES.shopAnswer}:</span> {rating.answer}
        </p>
      ) : null}
      {rating.editable ? (
        <>
          <p className="text-sm text-slate-700">{SHOP_RATING_MESSAGES.editableUntil(rating.editableUntil)}</p>
          <RatingForm
            action={path}
            values={{ score: values.score ?? String(rating.score), comment: values.comment ?? rating.comment ?? '' }}
            errors={errors}
            submitting={submitting}
            editing
          />
        </>
      ) : null}
    </>
  )
}
