import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvForTests } from '~/env.server'
import { loader } from '~/routes/dev.outbox'
import { sendEmail } from '~/services/email.server'
import { settle } from '../support/requests'

afterEach(() => {
  delete process.env.POSTMARK_SERVER_TOKEN
  resetEnvForTests()
})

describe('/dev/outbox', () => {
  it('lists the outbox newest first', async () => {
    expect(await loader()).toEqual({ messages: [], total: 0 })
    await sendEmail({ to: 'older@example.com', subject: 'Older', html: '<p>1</p>', text: 'one http://localhost:3999/auth/verify?token=a', tag: 'sign-in' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sendEmail({ to: 'newer@example.com', subject: 'Newer', html: '<p>2</p>', text: 'two', tag: 'claim-approved' })
    const { messages, total } = await loader()
    expect(total).toBe(2)
    expect(messages.map((message) => message.subject)).toEqual(['Newer', 'Older'])
    expect(messages[1]).toMatchObject({ to: 'older@example.com', tag: 'sign-in', text: 'one http://localhost:3999/auth/verify?token=a' })
  })

  it('is a 404 while Postmark is the transport', async () => {
    process.env.POSTMARK_SERVER_TOKEN = 'server-token'
    resetEnvForTests()
    expect((await settle(() => loader())).status).toBe(404)
  })
})
