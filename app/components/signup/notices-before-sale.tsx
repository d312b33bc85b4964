import { isStateCode, noticesBeforeSale } from '~/domain/state-rules'

/**
 * The notices a state wants given before the sale (Florida: purchase not required), above the payment step. With a
 * state chosen, that state's; before a choice (and always without JavaScript, where the choice is only known once the
 * form is sent), every state's, each naming its state.
 */
export function NoticesBeforeSale({ governingState }: { governingState: string }) {
  const notices = noticesBeforeSale().filter(({ code }) => !isStateCode(governingState) || code === governingState)
  if (notices.length === 0) return null
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900" data-testid="notice-before-sale">
      {notices.map(({ code, notice }) => (
        <p key={code}>{notice}</p>
      ))}
    </div>
  )
}
