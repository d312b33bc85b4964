import type { RuleError } from '~/domain/errors'
import type { ToastMessage } from '~/domain/messages'

/**
 * How a route shows a model's refusal (one helper for every form, issue 14): the status it answers with, the message
 * next to the field it concerns (the field may be 'form': the whole form), and the toast. A 404 refusal ("not yours")
 * is thrown by the route with `invariantResponse` before it gets here.
 */
export function refusalOf(error: RuleError, field: string = error.field) {
  const toast: ToastMessage = { type: 'error', title: error.title, description: error.message }
  return { status: error.status, errors: error.fieldErrors ?? { [field]: [error.message] }, toast }
}
