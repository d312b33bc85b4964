import { z } from 'zod'

import { CODE_FORMAT, INVALID_EMAIL } from '~/domain/messages'

const email = z
  .string({ error: INVALID_EMAIL.description })
  .trim()
  .max(254, INVALID_EMAIL.description)
  .pipe(z.email({ error: INVALID_EMAIL.description }))

/** /auth: 'Send login link' (intent send) and, after 'Check Your Email', the typed code (intent code). */
export const SendLinkSchema = z.object({
  intent: z.literal('send'),
  email,
  redirect: z.string().optional(),
})

export const SignInCodeSchema = z.object({
  intent: z.literal('code'),
  email,
  code: z
    .string({ error: CODE_FORMAT })
    .trim()
    .regex(/^\d{6}$/, CODE_FORMAT),
  redirect: z.string().optional(),
})

export const AuthFormSchema = z.discriminatedUnion('intent', [SendLinkSchema, SignInCodeSchema])
