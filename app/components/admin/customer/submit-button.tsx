import type { ReactNode } from 'react'

import { Button } from '~/components/ui'
import { useIsPending } from '~/utils/pending'

/** A form's button on the customer page: disabled while its own intent is being sent. */
export function SubmitButton({
  intent,
  variant = 'primary',
  children,
}: {
  intent: string
  variant?: 'primary' | 'secondary' | 'destructive'
  children: ReactNode
}) {
  const pending = useIsPending({ state: 'submitting', intent })
  return (
    <Button type="submit" variant={variant} disabled={pending}>
      {children}
    </Button>
  )
}
