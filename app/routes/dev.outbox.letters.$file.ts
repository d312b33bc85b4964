import fs from 'node:fs'
import path from 'node:path'

import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { requireLocalTools } from '~/server/security.server'
import { lettersDir } from '~/services/mail.server'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/dev.outbox.letters.$file'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The twin's letter names: the ISO time with dashes, the letter id, '.pdf' (nothing that could leave the folder). */
const LETTER_FILE = /^[0-9TZ-]+-[A-Za-z0-9_-]+\.pdf$/

/** One letter of the local outbox as its PDF; only on this machine and while letters go to the outbox. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireLocalTools({ request, context })
  if (env().mail !== 'outbox' || !LETTER_FILE.test(params.file)) notFound()
  const file = path.join(lettersDir(), params.file)
  if (!fs.existsSync(file)) notFound()
  return new Response(new Uint8Array(fs.readFileSync(file)), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${params.file}"` },
  })
}
