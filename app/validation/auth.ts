import { z } from 'zod'

import { singleLineText } from './text'

// SPEC §5 / §8 wording.
export const INVALID_EMAIL = { title: 'Validation Error', description: 'Please enter a valid email address' } as const
export const LINK_SENT = { title: 'Check your email!', description: "We've sent you a magic link to sign in." } as const
export const SIGNED_OUT = { title: 'Signed out', description: "You've been successfully logged out." } as const
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.'
export const CODE_FORMAT = 'Enter the 6-digit code from the e-mail'

const email = singleLineText({ error: INVALID_EMAIL.description })
  .max(254, INVALID_EMAIL.description)
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
  code: singleLineText({ error: CODE_FORMAT }).regex(/^\d{6}$/, CODE_FORMAT),
  redirect: singleLineText().optional(),
})

export const AuthFormSchema = z.discriminatedUnion('intent', [SendLinkSchema, SignInCodeSchema])
