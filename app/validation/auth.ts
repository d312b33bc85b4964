import { z } from 'zod'

import { CODE_FORMAT, INVALID_EMAIL } from '~/domain/messages'

import { MAX_LENGTH } from './limits'
import { singleLineText, sixDigitCode } from './text'

const email = singleLineText({ error: INVALID_EMAIL.description })
  .max(MAX_LENGTH.email, INVALID_EMAIL.description)
  .pipe(z.email({ error: INVALID_EMAIL.description }))

/** /auth: 'Send login link' (intent send) and, after 'Check Your Email', the typed code (intent code). */
export const SendLinkSchema = z.object({
  intent: z.literal('send'),
  email,
  redirect: singleLineText().optional(),
})

export const SignInCodeSchema = z.object({
  intent: z.literal('code'),
  email,
  code: sixDigitCode(CODE_FORMAT),
  redirect: singleLineText().optional(),
})

export const AuthFormSchema = z.discriminatedUnion('intent', [SendLinkSchema, SignInCodeSchema])
