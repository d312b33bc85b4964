import type { Submission, SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'

import type { RuleError } from '~/domain/errors'
import { NOT_FOUND, type ToastMessage } from '~/domain/messages'

/**
 * Something that is not there, or not this person's (an unknown id and another customer's look the same): thrown as a
 * 404 with one wording, which the route's ErrorBoundary shows as the 404 page. Loaders, actions and models use it
 * alike; a model's `null` for "no such row" is turned into it by the route.
 */
export function notFound(): never {
  throw data(NOT_FOUND, { status: 404 })
}

/** Whether `thrown` is what `notFound()` throws (for the code and tests that catch it). */
export function isNotFound(thrown: unknown) {
  return typeof thrown === 'object' && thrown !== null && 'init' in thrown && (thrown.init as ResponseInit | null)?.status === 404
}

/**
 * What a form route's action answers when it does not redirect: Conform's result of the submission (each field's
 * messages, the values sent) and the toast; a route adds what its page needs beside them (`intent`, lists to show).
 */
export type ActionAnswer<Extra extends object = object> = Extra & {
  result?: SubmissionResult<string[]> | null
  toast?: ToastMessage | null
}

/** A form its schema refused: the fields' messages with status 400, and the toast if the form shows one. */
export function answerSubmission<Extra extends object = object>(
  submission: Pick<Submission<unknown>, 'reply'>,
  { toast = null, status = 400, ...extra }: { toast?: ToastMessage | null; status?: number } & Extra = {} as Extra,
) {
  return data<ActionAnswer<Extra>>({ ...(extra as Extra), result: submission.reply(), toast }, { status })
}

/**
 * A model's refusal as the form's answer: its message next to its field (a refusal of the whole form, field 'form',
 * shows in the toast only), its toast and its status. Without a submission (a form with no schema) only the toast.
 */
export function answerRefusal<Extra extends object = object>(
  error: RuleError,
  submission?: Pick<Submission<unknown>, 'reply'> | null,
  extra: Extra = {} as Extra,
) {
  const refused = refusalOf(error)
  const result =
    submission && (error.field !== 'form' || error.fieldErrors)
      ? submission.reply({ fieldErrors: error.fieldErrors ?? { [error.field]: [error.message] } })
      : (submission?.reply() ?? null)
  return data<ActionAnswer<Extra>>({ ...extra, result, toast: refused.toast }, { status: refused.status })
}

/**
 * How a route shows a model's refusal: the status it answers with, the message next to the field it concerns (the
 * field may be 'form': the whole form), and the toast. Not for "not found": that is `notFound()`, the 404 page.
 */
export function refusalOf(error: RuleError, field: string = error.field) {
  const toast: ToastMessage = { type: 'error', title: error.title, description: error.message }
  return { status: error.status, errors: error.fieldErrors ?? { [field]: [error.message] }, toast }
}
