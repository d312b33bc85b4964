import { SHOP_RATING_MESSAGES } from '~/domain/messages'

import { oneLine, type RenderedEmail, renderLinesEmail } from './layout'

type RatingRequestProps = { confirmationCode: string; shop: string; rateUrl: string }

/**
 * The one e-mail asking the customer of a finished job to rate its shop: the same words as the claim page's card, and
 * nothing offered for a rating (every rating is shown, app/domain/ratings.ts).
 */
export function ratingRequestEmail(props: RatingRequestProps): Promise<RenderedEmail> {
  const shop = oneLine(props.shop)
  return renderLinesEmail(
    {
      subject: SHOP_RATING_MESSAGES.askTitle(shop),
      title: SHOP_RATING_MESSAGES.askTitle(shop),
      preheader: null,
      lines: [SHOP_RATING_MESSAGES.ask],
      help: `Claim ID: ${props.confirmationCode}`,
    },
    { href: props.rateUrl, label: 'Rate the shop', textAction: 'Rate the shop' },
  )
}
