/**
 * `npm run photos:backfill`: gives the photos stored before photo hashing began their perceptual hash, and every photo
 * stored before the oriented hashes those (docs/decisions/098-photo-reuse-through-edits-and-own-claims.md), and files
 * them in the band index (models/claims/photo-integrity.server.ts). Safe beside the running server (it takes the image queue's
 * slots like an upload and writes a batch per transaction) and safe to stop at any moment: the next run resumes
 * after the last batch that finished. `--limit N` stops after N photos.
 */
import { logger } from '~/logger.server'
import { backfillPhotoHashes, photosWithoutHash } from '~/models/claims/photo-integrity.server'

import { runDatabaseCommand } from './run-command'

await runDatabaseCommand({ context: { job: 'photo-hash-backfill' }, message: 'photo hash backfill failed' }, async () => {
  const limitArg = process.argv.indexOf('--limit')
  const limit = limitArg >= 0 ? Number(process.argv[limitArg + 1]) : undefined
  if (limit !== undefined && !(limit > 0)) throw new Error('--limit needs a positive number')
  logger.info({ job: 'photo-hash-backfill', waiting: photosWithoutHash() }, 'photo hash backfill starting')
  const result = await backfillPhotoHashes({ limit })
  logger.info({ job: 'photo-hash-backfill', result, waiting: photosWithoutHash() }, 'photo hash backfill done')
})
