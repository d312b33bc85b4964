import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { emailLog, profiles } from '~/db/schema'
import { normalizeEmail } from '~/domain/email'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordEmail } from '~/server/metrics.server'
import type { EmailMessage, EmailTransport } from '~/services/email-transport.server'
import { outboxTransport } from '~/services/outbox.server'
import { swappableAdapter } from '~/services/swappable-adapter.server'

export type SentEmail = { id: string; transport: 'postmark' | 'outbox' }

const transport = swappableAdapter<EmailTransport>(async () => {
  if (env().email !== 'postmark') return outboxTransport
  const { postmarkTransport } = await import('./postmark.server')
  return postmarkTransport(env().POSTMARK_SERVER_TOKEN!)
})

/** Tests may swap the transport (e.g. a Postmark client pointed at a local fake). */
export const setEmailTransport = transport.set

/**
 * Sends one e-mail and records it in the e-mail log. Never throws: a failed send is logged (with the log row's id)
 * and reported as null, so the user's action that caused it is never lost.
 */
export async function sendEmail({ profileId: forProfile, ...message }: EmailMessage): Promise<SentEmail | null> {
  const id = createId()
  let chosen: EmailTransport | undefined
  let profileId: string | null = null
  // The log row of this e-mail, with how it went.
  const record = (outcome: Pick<typeof emailLog.$inferInsert, 'transport' | 'status' | 'providerMessageId' | 'error'>) =>
    db()
      .insert(emailLog)
      .values({ id, to: message.to, profileId, subject: message.subject, tag: message.tag, ...outcome })
      .run()
  try {
    profileId = forProfile !== undefined ? forProfile : accountOf(message.to)
    chosen = await transport.get()
    const { providerMessageId } = await chosen.send({ ...message, from: env().EMAIL_FROM })
    record({ transport: chosen.name, status: 'sent', providerMessageId })
    recordEmail(message.tag, 'sent')
    return { id, transport: chosen.name }
  } catch (error) {
    recordEmail(message.tag, 'failed')
    const reason = error instanceof Error ? error.message : String(error)
    logger.error({ emailId: id, tag: message.tag, err: error }, 'e-mail failed')
    try {
      record({
        transport: chosen?.name ?? (env().email === 'postmark' ? 'postmark' : 'outbox'),
        status: 'failed',
        error: reason.slice(0, 500),
      })
    } catch (logError) {
      logger.error({ emailId: id, err: logError }, 'e-mail failure could not be recorded')
    }
    return null
  }
}

/** The account that has this address now (addresses are stored lower case). */
function accountOf(address: string) {
  return (
    db()
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, normalizeEmail(address)))
      .get()?.id ?? null
  )
}
