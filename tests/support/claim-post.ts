import http from 'node:http'

import { REVIEWED_CHIP } from './claim-answers'
import { usToday } from './days'
import { randomIp } from './e2e'

/** What a submission got: its status (0 when the connection was cut off) and, for a success, the filed claim's id. */
export type ClaimAnswer = { status: number; claimId: string | null }

/**
 * Files a claim on a running server as the browser sends it (multipart, `photoCount` copies of a real photo), from a
 * fresh client address each time, for the drills over the built server.
 */
export function postClaim(
  port: number,
  claim: { cookie: string; policyId: string; photo: Buffer; description: string; photoCount: number },
): Promise<ClaimAnswer> {
  const boundary = `----claim${Math.random().toString(36).slice(2)}`
  const parts: Buffer[] = []
  const field = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  field('policyId', claim.policyId)
  field('damageType', 'chip')
  field('damageDate', usToday())
  field('description', claim.description)
  for (const [name, value] of Object.entries(REVIEWED_CHIP)) field(name, value)
  for (let i = 0; i < claim.photoCount; i++) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="damage-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    )
    parts.push(claim.photo, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  const body = Buffer.concat(parts)
  return new Promise((resolve) => {
    const request = http.request(`http://localhost:${port}/customer/submit-claim?policy_id=${claim.policyId}`, {
      method: 'POST',
      headers: {
        Origin: `http://localhost:${port}`,
        Cookie: claim.cookie,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(body.length),
        'X-Forwarded-For': randomIp(),
      },
    })
    request.on('response', (response) => {
      response.resume()
      // Success is the redirect to the claim's confirmation: /customer/submit-claim?policy_id=…&claim=<id>
      const location = response.headers.location ?? ''
      resolve({ status: response.statusCode ?? 0, claimId: new URL(location, 'http://localhost').searchParams.get('claim') })
    })
    request.on('error', () => resolve({ status: 0, claimId: null }))
    request.end(body)
  })
}
