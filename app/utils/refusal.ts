import type { Submission, SubmissionResult } from '@conform-to/react'
import { data, isRouteErrorResponse } from 'react-router'

import type { RuleError } from '~/domain/errors'
import { type FieldErrors, NOT_FOUND, PHOTO_MESSAGES, type ToastMessage } from '~/domain/messages'

/** What `notFound()` carries: the JSON error shape in the one wording. */
const NOT_FOUND_BODY = { error: NOT_FOUND } as const

/**
 * Something that is not there, or not this person's (an unknown id and another customer's look the same): thrown as a
 * 404 with one wording. A page's ErrorBoundary shows it as the 404 page; a resource route (a PDF, a file, a calendar
 * file, a JSON call) answers it as `{ "error": "Not found" }`, the JSON error shape, so every kind of route says it the
 * same way. Loaders, actions and models use it alike; a model's `null` for "no such row" is turned into it by the route.
 */
export function notFound(): never {
  throw data(NOT_FOUND_BODY, { status: 404 })
}

/**
 * Whether `thrown` is a 404: what `notFound()` throws (for the server code and tests that catch it), a 404 Response, or
 * the route error React Router makes of either (for an ErrorBoundary or a `meta` function). The one place a status is
 * compared with 404.
 */
export function isNotFound(thrown: unknown) {
  if (isRouteErrorResponse(thrown) || thrown instanceof Response) return thrown.status === 404
  return typeof thrown === 'object' && thrown !== null && 'init' in thrown && (thrown.init as ResponseInit | null)?.status === 404
}

/**
 * The one answer of a JSON route that says no: `{ error }` with the status (the shape the product's calls answer with),
 * plus what a caller reads beside it (`field`, `title`, a toast) and the response's headers (a 429's Retry-After).
 */
export function jsonError(error: string, status: number, { headers, ...extra }: { headers?: HeadersInit } & Record<string, unknown> = {}) {
  return Response.json({ ...extra, error }, { status, headers })
}

/**
 * `notFound()`'s answer, returned rather than thrown, for a JSON route that answers with its own headers (no-store):
 * `{ error: 'Not found' }`, 404, nothing that says whether it exists.
 */
export function jsonNotFound(headers?: HeadersInit) {
  return jsonError(NOT_FOUND, 404, { headers })
}

/**
 * What a form route's action answers when it does not redirect: Conform's result of the submission (each field's
 * messages, the values sent) and the toast; a route adds what its page needs beside them (`intent`, lists to show).
 */
export type ActionAnswer<Extra extends object = object> = Extra & {
  result?: SubmissionResult<string[]> | null
  toast?: ToastMessage | null
}

/**
 * A form its schema refused: the fields' messages with status 400, and the toast if the form shows one. `fieldErrors`
 * (or `formErrors`, the whole form's) adds messages the schema did not give (a limit, a wrong code); `headers` go on the
 * response (a 429's Retry-After).
 */
export function answerSubmission<Extra extends object = object>(
  submission: Pick<Submission<unknown>, 'reply'>,
  {
    toast = null,
    status = 400,
    fieldErrors,
    formErrors,
    headers,
    ...extra
  }: {
    toast?: ToastMessage | null
    status?: number
    fieldErrors?: Record<string, string[]>
    formErrors?: string[]
    headers?: HeadersInit
  } & Extra = {} as Extra,
) {
  const result = fieldErrors || formErrors ? submission.reply({ fieldErrors, formErrors }) : submission.reply()
  return data<ActionAnswer<Extra>>({ ...(extra as Extra), result, toast }, { status, headers })
}

/**
 * The result of a form checked without Conform's `parseWithZod` (a multipart form with files, a hand-written check), in
 * Conform's shape: each field's messages (a field may be 'form': the whole form) and the values to show again.
 */
export function refusedResult(errors: FieldErrors, values: Record<string, string> | null = null): SubmissionResult<string[]> {
  const error = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)))
  return { status: 'error', initialValue: values, error }
}

/** A form its own checks refused (no Conform submission): the fields' messages, the values sent, the toast, status 400. */
export function answerErrors<Extra extends object = object>(
  errors: FieldErrors,
  {
    toast = null,
    status = 400,
    values = null,
    headers,
    ...extra
  }: { toast?: ToastMessage | null; status?: number; values?: Record<string, string> | null; headers?: HeadersInit } & Extra = {} as Extra,
) {
  return data<ActionAnswer<Extra>>({ ...(extra as Extra), result: refusedResult(errors, values), toast }, { status, headers })
}

/**
 * A form its zod schema refused, answered like a form checked by hand (`answerErrors`): each field's messages, the
 * values sent and an error toast. For the pages that show an answer without Conform's `useForm` (the shop's).
 */
export function answerSchemaErrors(
  submission: Pick<Submission<unknown>, 'reply'>,
  values: Record<string, string>,
  toast: Omit<ToastMessage, 'type'>,
) {
  return answerErrors(submission.reply().error ?? {}, { values, toast: { type: 'error', ...toast } })
}

/**
 * An upload the multipart reader refused (its `UploadError`) as the form's answer: the reader's message next to the
 * field that takes the files and under 'Upload Failed' in the toast, with the reader's status (400, 413 or 415).
 */
/** What a form sent, as text by name (a field sent twice keeps its last value), to show it again with a refusal. */
export function formValues(fields: FormData): Record<string, string> {
  return Object.fromEntries([...fields.entries()].map(([key, value]) => [key, String(value)]))
}

export function answerUploadRefused(
  error: { message: string; status: number },
  { field = 'photos', values = null }: { field?: string; values?: Record<string, string> | null } = {},
) {
  return answerErrors(
    { [field]: [error.message] },
    { status: error.status, values, toast: { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: error.message } },
  )
}

/**
 * A model's refusal as the form's answer: its message next to its field, its toast and its status. With Conform's
 * submission a refusal of the whole form (field 'form') shows in the toast only; with the `values` of a form checked by
 * hand (`answerErrors`) its message also shows at the top of the form, under 'form'. Without either, only the toast.
 */
export function answerRefusal<Extra extends object = object>(
  error: RuleError,
  submission?: Pick<Submission<unknown>, 'reply'> | { values: Record<string, string> | null } | null,
  extra: Extra = {} as Extra,
) {
  const refused = refusalOf(error)
  const result = !submission
    ? null
    : 'values' in submission
      ? refusedResult(refused.errors, submission.values)
      : error.field !== 'form' || error.fieldErrors
        ? submission.reply({ fieldErrors: refused.errors })
        : submission.reply()
  // A rate limit's refusal says when to try again, as the other limited answers do (at least a second).
  const headers =
    error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) }
  return data<ActionAnswer<Extra>>({ ...extra, result, toast: refused.toast }, { status: refused.status, headers })
}

/** The messages next to each field in an answer's result, for a page that shows them without Conform's `useForm`. */
export function resultErrors(result: SubmissionResult<string[]> | null | undefined): Record<string, string[] | undefined> {
  return Object.fromEntries(Object.entries(result?.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)))
}

/** The values an answer's result sends back to the form (text fields only), for the same pages. */
export function resultValues(result: SubmissionResult<string[]> | null | undefined): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(result?.initialValue ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

/**
 * How a route shows a model's refusal: the status it answers with, the message next to the field it concerns (the
 * field may be 'form': the whole form), and the toast. Not for "not found": that is `notFound()`, the 404 page.
 */
export function refusalOf(error: RuleError, field: string = error.field) {
  const toast: ToastMessage = { type: 'error', title: error.title, description: error.message }
  return { status: error.status, errors: error.fieldErrors ?? { [field]: [error.message] }, toast }
}
