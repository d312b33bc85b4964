import type { ComponentProps } from 'react'
import { Form } from 'react-router'

import { ClaimThread, MessageField } from '~/components/claims/claim-thread'
import { buttonClass } from '~/components/ui'
import { ClaimMessageSchema } from '~/validation/claims'
import { fieldLimits } from '~/validation/limits'

const MESSAGE_LIMITS = fieldLimits(ClaimMessageSchema)

/** The claim's thread with the customer and (once booked) the shop, and the operator's answer. */
export function ClaimMessages({
  thread,
  shopName,
  shopIsOnThread,
  failed,
  values,
}: {
  thread: ComponentProps<typeof ClaimThread>['messages']
  shopName: string | null
  shopIsOnThread: boolean
  /** The messages of a refused form of this intent, by field. */
  failed: (intent: string) => Record<string, string[] | undefined>
  /** What a refused message form sent, shown again in the box. */
  values?: Record<string, string | undefined>
}) {
  return (
    <ClaimThread
      messages={thread}
      reader="operator"
      shopName={shopName}
      note={shopIsOnThread ? 'The customer and the shop read these messages.' : 'The customer reads these messages.'}
    >
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="message" />
        <MessageField errors={failed('message').body} value={values?.body} maxLength={MESSAGE_LIMITS.body.maxLength} />
        <button type="submit" className={buttonClass('primary')}>
          Send message
        </button>
      </Form>
    </ClaimThread>
  )
}
