import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

import { env } from '~/env.server'

/**
 * The S3 calls behind the bucket adapter (bucket-store.server.ts), on when UPLOADS_BUCKET is set. Objects are named
 * `uploads/<the same relative path a row stores>`, so rows, links and the authorization of /files/* are the same for
 * both stores. Credentials, endpoint and region come from the settings `fly storage create` makes for a Tigris bucket
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL_S3, AWS_REGION).
 */

export const BUCKET_PREFIX = 'uploads/'

/**
 * Every call has a deadline, like every other outside call: a bucket that stops answering fails the request that waits
 * on it (a refused upload, a 500 for a photo) instead of holding it, and its memory, forever. Connecting takes
 * milliseconds on a working network and a call's answer a second or two (a photo is at most a few MB); the deadlines
 * leave room for a slow moment. The request deadline ends when the answer's headers arrive: a photo's body that stops
 * flowing half-way is ended by the idle deadline instead. Each of the SDK's three attempts gets these.
 */
export const BUCKET_CONNECT_TIMEOUT_MS = 5_000
export const BUCKET_REQUEST_TIMEOUT_MS = 30_000
export const BUCKET_IDLE_TIMEOUT_MS = 30_000

let client: S3Client | null = null
const DEFAULT_TIMEOUTS = {
  connectMs: BUCKET_CONNECT_TIMEOUT_MS,
  requestMs: BUCKET_REQUEST_TIMEOUT_MS,
  idleMs: BUCKET_IDLE_TIMEOUT_MS,
  attempts: 3,
}
let timeouts = DEFAULT_TIMEOUTS

function s3() {
  if (client) return client
  const config = env()
  client = new S3Client({
    region: config.AWS_REGION,
    endpoint: config.AWS_ENDPOINT_URL_S3,
    // Path-style requests work with every S3-compatible store (Tigris, MinIO, a local test server).
    forcePathStyle: Boolean(config.AWS_ENDPOINT_URL_S3),
    credentials: { accessKeyId: config.AWS_ACCESS_KEY_ID!, secretAccessKey: config.AWS_SECRET_ACCESS_KEY! },
    maxAttempts: timeouts.attempts,
    // The SDK's Node handler (NodeHttpHandler), given as its options. Without throwOnRequestTimeout a late answer is
    // only logged as a warning and the call keeps waiting.
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
    },
  })
  return client
}

function bucket() {
  const name = env().UPLOADS_BUCKET
  if (!name) throw new Error('UPLOADS_BUCKET is not set')
  return name
}

/** For tests that change the settings between runs, or shorten the deadlines (call with no argument to restore them). */
export function resetBucketClientForTests(limits?: Partial<typeof DEFAULT_TIMEOUTS>) {
  client?.destroy()
  client = null
  timeouts = { ...DEFAULT_TIMEOUTS, ...limits }
}

const keyOf = (relPath: string) => `${BUCKET_PREFIX}${relPath}`

function isMissing(error: unknown) {
  const name = (error as { name?: string })?.name
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404
}

export async function putObject(relPath: string, bytes: Buffer, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: keyOf(relPath), Body: bytes, ContentType: contentType }))
}

/** The object's size, time and ETag (an MD5 of the bytes for a single-part upload), or null when there is none. */
export async function headObject(relPath: string): Promise<{ size: number; modified: Date; etag: string } | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: keyOf(relPath) }))
    return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0), etag: (head.ETag ?? '').replaceAll('"', '') }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** A stored object as a stream, or null when there is none. */
export async function getObject(relPath: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; modified: Date } | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: keyOf(relPath) }))
    if (!object.Body) return null
    return {
      body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      size: object.ContentLength ?? 0,
      modified: object.LastModified ?? new Date(0),
    }
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** Every object under a folder of uploads/ (paginated: 1,000 per request), as relative paths. */
export async function* listObjects(relPrefix = ''): AsyncGenerator<{ relPath: string; size: number; modified: Date; etag: string }> {
  let token: string | undefined
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: keyOf(relPrefix), ContinuationToken: token, MaxKeys: 1000 }),
    )
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue
      yield {
        relPath: object.Key.slice(BUCKET_PREFIX.length),
        size: object.Size ?? 0,
        modified: object.LastModified ?? new Date(0),
        etag: (object.ETag ?? '').replaceAll('"', ''),
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
}

/** Deletes objects (missing ones are fine), 1,000 per request. */
export async function deleteObjects(relPaths: string[]) {
  for (let start = 0; start < relPaths.length; start += 1000) {
    const batch = relPaths.slice(start, start + 1000)
    if (batch.length === 0) continue
    const result = await s3().send(
      new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: batch.map((relPath) => ({ Key: keyOf(relPath) })), Quiet: true } }),
    )
    const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey')
    if (failed.length) throw new Error(`Could not delete ${failed.length} object(s): ${failed[0]!.Key} ${failed[0]!.Code}`)
  }
}

/** Deletes every object under a folder (a claim whose rows were never saved). */
export async function deleteFolder(relPrefix: string) {
  const folder = relPrefix.endsWith('/') ? relPrefix : `${relPrefix}/`
  const paths: string[] = []
  for await (const object of listObjects(folder)) paths.push(object.relPath)
  await deleteObjects(paths)
}
