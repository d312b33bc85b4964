import { parseWithZod } from '@conform-to/zod/v4'
import { data, UNSAFE_ErrorResponseImpl } from 'react-router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { RuleError } from '~/domain/errors'
import { EMAIL_CHANGE_MESSAGES, NOT_FOUND, PHOTO_MESSAGES, PHOTOS_REQUIRED } from '~/domain/messages'
import { UploadError } from '~/services/multipart.server'
import {
  answerErrors,
  answerRefusal,
  answerSchemaErrors,
  answerSubmission,
  answerUploadRefused,
  isNotFound,
  jsonError,
  jsonNotFound,
  notFound,
  refusalOf,
  refusedResult,
  resultErrors,
  resultValues,
} from '~/utils/refusal'

const Schema = z.object({ email: z.email('Please enter a valid email address'), note: z.string().optional() })

function submit(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return parseWithZod(form, { schema: Schema })
}

/** What `data()` carries: the answer and its response init. */
function unwrap<T>(answer: { data: T; init: ResponseInit | null }) {
  return { body: answer.data, status: answer.init?.status }
}

describe('RuleError.from', () => {
  it('takes the title and the message from a messages entry, for the whole form with 400 unless told', () => {
    const error = RuleError.from(PHOTOS_REQUIRED)
    expect(error).toBeInstanceOf(RuleError)
    expect(error).toMatchObject({ name: 'RuleError', field: 'form', title: 'Photos Required', status: 400 })
    expect(error.message).toBe('Please upload at least one photo of the damage.')
    expect(error.fieldErrors).toBeUndefined()
  })

  it('puts the refusal next to a field, with its status and several fields’ messages', () => {
    const error = RuleError.from(EMAIL_CHANGE_MESSAGES.taken, { field: 'email', status: 409, fieldErrors: { a: ['x'], b: ['y'] } })
    expect(error).toMatchObject({ field: 'email', status: 409, title: 'Address already in use', fieldErrors: { a: ['x'], b: ['y'] } })
    expect(error.message).toBe(EMAIL_CHANGE_MESSAGES.taken.description)
  })
})

describe('notFound', () => {
  it('throws a 404 with the one wording, which isNotFound recognises', () => {
    let thrown: unknown
    try {
      notFound()
    } catch (error) {
      thrown = error
    }
    expect(isNotFound(thrown)).toBe(true)
    expect(thrown).toMatchObject({ data: { error: NOT_FOUND }, init: { status: 404 } })
    expect(NOT_FOUND).toBe('Not found')
  })

  it('is not mistaken for a refusal or another status', () => {
    expect(isNotFound(RuleError.from(PHOTOS_REQUIRED, { status: 404 }))).toBe(false)
    expect(isNotFound({ data: 'x', init: { status: 400 } })).toBe(false)
    expect(isNotFound(data('x', { status: 410 }))).toBe(false)
    expect(isNotFound(new Response(null, { status: 403 }))).toBe(false)
    expect(isNotFound(new UNSAFE_ErrorResponseImpl(500, 'Internal Server Error', null))).toBe(false)
    expect(isNotFound(new Error('Not found'))).toBe(false)
    expect(isNotFound(null)).toBe(false)
  })

  it('recognises the 404 wherever it is seen: the route error of a boundary or meta, and a 404 Response', () => {
    // What React Router hands an ErrorBoundary and a meta function after a loader threw notFound().
    expect(isNotFound(new UNSAFE_ErrorResponseImpl(404, 'Not Found', NOT_FOUND))).toBe(true)
    expect(isNotFound(new Response(null, { status: 404 }))).toBe(true)
  })
})

describe('the JSON error shape', () => {
  it('is { error } with the status, what a caller reads beside it, and the headers', async () => {
    const response = jsonError('Too many attempts.', 429, { field: 'code', headers: { 'Retry-After': '30' } })
    expect(response.status).toBe(429)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Retry-After')).toBe('30')
    expect(await response.json()).toEqual({ error: 'Too many attempts.', field: 'code' })
  })

  it('keeps its message even when an extra names the same key', async () => {
    expect(await jsonError('the message', 400, { error: 'not this' }).json()).toEqual({ error: 'the message' })
  })

  it("answers a missing thing as notFound()'s words, with 404", async () => {
    const response = jsonNotFound({ 'Cache-Control': 'no-store' })
    expect(response.status).toBe(404)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ error: NOT_FOUND })
    expect(isNotFound(response)).toBe(true)
  })
})

describe('the action answer', () => {
  it('from a refused submission: each field’s messages, status 400, no toast unless given', () => {
    const plain = unwrap(answerSubmission(submit({ email: 'nope' })))
    expect(plain.status).toBe(400)
    expect(plain.body.toast).toBeNull()
    expect(plain.body.result?.error).toEqual({ email: ['Please enter a valid email address'] })
    expect(plain.body.result?.initialValue).toMatchObject({ email: 'nope' })

    const toast = { type: 'error' as const, title: 'Too many requests' }
    const withExtra = unwrap(answerSubmission(submit({ email: 'nope' }), { toast, status: 429, intent: 'change-email' }))
    expect(withExtra).toMatchObject({ status: 429, body: { toast, intent: 'change-email' } })
  })

  it('from a refusal of one field: its message next to the field, its toast and its status', () => {
    const error = RuleError.from(EMAIL_CHANGE_MESSAGES.same, { field: 'email' })
    const answer = unwrap(answerRefusal(error, submit({ email: 'me@example.com' }), { intent: 'change-email' }))
    expect(answer.status).toBe(400)
    expect(answer.body.intent).toBe('change-email')
    expect(answer.body.toast).toEqual({ type: 'error', title: 'Nothing to change', description: 'This is already your e-mail address.' })
    expect(answer.body.result?.error).toEqual({ email: ['This is already your e-mail address.'] })
  })

  it('from a refusal of the whole form: the toast only, the values kept', () => {
    const answer = unwrap(answerRefusal(RuleError.from(EMAIL_CHANGE_MESSAGES.taken, { status: 409 }), submit({ email: 'a@b.co' })))
    expect(answer.status).toBe(409)
    expect(answer.body.toast?.title).toBe('Address already in use')
    expect(answer.body.result?.error ?? {}).toEqual({})
    expect(answer.body.result?.initialValue).toMatchObject({ email: 'a@b.co' })
  })

  it('from a refusal with several fields’ messages, and without a submission', () => {
    const error = RuleError.from(PHOTOS_REQUIRED, { fieldErrors: { head_on: ['one'], other: ['two'] } })
    expect(unwrap(answerRefusal(error, submit({ email: 'a@b.co' }))).body.result?.error).toEqual({ head_on: ['one'], other: ['two'] })
    const bare = unwrap(answerRefusal(RuleError.from(EMAIL_CHANGE_MESSAGES.invalid)))
    expect(bare).toEqual({
      status: 400,
      body: { result: null, toast: { type: 'error', ...EMAIL_CHANGE_MESSAGES.invalid } },
    })
  })

  it('refusalOf gives the same toast and status, with the field’s messages', () => {
    const refused = refusalOf(RuleError.from(PHOTOS_REQUIRED, { field: 'photos', status: 413 }))
    expect(refused).toEqual({
      status: 413,
      errors: { photos: [PHOTOS_REQUIRED.description] },
      toast: { type: 'error', ...PHOTOS_REQUIRED },
    })
  })

  it('adds messages the schema did not give, and headers, to a submission’s answer', () => {
    const answer = answerSubmission(submit({ email: 'a@b.co' }), {
      status: 429,
      headers: { 'Retry-After': '60' },
      fieldErrors: { email: ['Wait a minute'] },
    })
    expect(new Headers(answer.init?.headers).get('Retry-After')).toBe('60')
    expect(unwrap(answer)).toMatchObject({ status: 429, body: { result: { error: { email: ['Wait a minute'] } }, toast: null } })
  })
})

describe('a form checked by hand (no Conform submission)', () => {
  it('answers its fields’ messages and values in Conform’s shape, empty lists left out', () => {
    const toast = { type: 'error' as const, ...PHOTOS_REQUIRED }
    const answer = unwrap(answerErrors({ photos: ['Add a photo'], description: [] }, { toast, values: { description: 'x' }, intent: 'a' }))
    expect(answer).toEqual({
      status: 400,
      body: { intent: 'a', toast, result: { status: 'error', initialValue: { description: 'x' }, error: { photos: ['Add a photo'] } } },
    })
  })

  it('a form its schema refused shows each field’s messages, the values sent and the toast asking for a correction', () => {
    const answer = unwrap(
      answerSchemaErrors(submit({ email: 'not-an-address' }), { email: 'not-an-address' }, { title: 'Please check the form.' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body.toast).toEqual({ type: 'error', title: 'Please check the form.' })
    expect(answer.body.result).toMatchObject({ status: 'error', initialValue: { email: 'not-an-address' } })
    expect(Object.keys(answer.body.result?.error ?? {})).toEqual(['email'])
  })

  it('a refused upload shows the reader’s message next to the photos (or the field named) and in the toast, with its status', () => {
    const refused = new UploadError('form', 'This upload is too large.', 413)
    const toast = { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: 'This upload is too large.' }
    expect(unwrap(answerUploadRefused(refused))).toEqual({
      status: 413,
      body: { toast, result: { status: 'error', initialValue: null, error: { photos: ['This upload is too large.'] } } },
    })
    const answer = unwrap(answerUploadRefused(refused, { field: 'repairPhotos', values: { note: 'x' } }))
    expect(answer.body.result).toEqual({
      status: 'error',
      initialValue: { note: 'x' },
      error: { repairPhotos: ['This upload is too large.'] },
    })
  })

  it('a refusal with the values keeps the whole form’s message under form', () => {
    const answer = unwrap(answerRefusal(RuleError.from(EMAIL_CHANGE_MESSAGES.invalid, { status: 409 }), { values: { code: 'CS-1' } }))
    expect(answer.status).toBe(409)
    expect(answer.body.result).toEqual({
      status: 'error',
      initialValue: { code: 'CS-1' },
      error: { form: [EMAIL_CHANGE_MESSAGES.invalid.description] },
    })
  })

  it('the page reads the messages and the text values back', () => {
    const result = refusedResult({ photos: ['Add a photo'], description: undefined }, { description: 'x' })
    expect(resultErrors(result)).toEqual({ photos: ['Add a photo'] })
    expect(resultValues(result)).toEqual({ description: 'x' })
    expect(resultErrors({ status: 'error', initialValue: { a: ['list'] }, error: { a: null } })).toEqual({})
    expect(resultValues({ status: 'error', initialValue: { a: ['list'], b: 'kept' } })).toEqual({ b: 'kept' })
    expect(resultErrors(null)).toEqual({})
    expect(resultValues(undefined)).toEqual({})
  })
})
