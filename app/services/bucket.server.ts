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
 * Photos and documents in an S3-compatible bucket: the second adapter of the storage service, on when
 * UPLOADS_BUCKET is set. Objects are named `uploads/<the same relative path a row stores>`, so rows, links and the
 * authorization of /files/* are the same for both adapters. Credentials, endpoint and region come from the settings
 * `fly storage create` makes for a Tigris bucket (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL_S3,
 * AWS_REGION).
 */

export const BUCKET_PREFIX = 'uploads/'

let client: S3Client | null = null

function s3() {
  if (client) return client
  const config = env()
  client = new S3Client({
    region: config.AWS_REGION,
    endpoint: config.AWS_ENDPOINT_URL_S3,
    // Path-style requests work with every S3-compatible store (Tigris, MinIO, a local test server).
    forcePathStyle: Boolean(config.AWS_ENDPOINT_URL_S3),
    credentials: { accessKeyId: config.AWS_ACCESS_KEY_ID!, secretAccessKey: config.AWS_SECRET_ACCESS_KEY! },
    maxAttempts: 3,
  })
  return client
}

function bucket() {
  const name = env().UPLOADS_BUCKET
  if (!name) throw new Error('UPLOADS_BUCKET is not set')
  return name
}

export function usesBucket() {
  return env().uploads === 's3'
}

/** For tests that change the settings between runs. */
export function resetBucketClientForTests() {
  client?.destroy()
  client = null
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
