// Types of compression.js, which server.js runs as plain JavaScript, for the TypeScript that uses it (the page cache,
// the tests).
import type http from 'node:http'

export declare const COMPRESSIBLE: RegExp

/** A body kept in memory to be sent many times, with its compressed forms as they are made (see compression.js). */
export type KeptBody = {
  identity: Buffer
  compressible: boolean
  gzip: Buffer | null
  br: Buffer | null
  brotli: Promise<Buffer | null> | null
}

type RequestLike = Pick<http.IncomingMessage, 'headers'> & { method?: string }
type ResponseLike = {
  appendHeader(name: string, value: string): unknown
  writeHead(status: number, statusText?: string): unknown
  end(body?: Buffer): unknown
}

export declare function acceptedCodings(header: string | undefined): Map<string, number>
export declare function preferredEncoding<Coding extends string>(req: RequestLike, available: Coding[]): Coding | null
export declare function brotliVariant(variants: KeptBody): Promise<Buffer | null>
export declare function keptBody(identity: Buffer, type: string): KeptBody
export declare function sendVariants(
  req: RequestLike,
  res: ResponseLike,
  status: number,
  headers: [string, string][],
  variants: KeptBody,
): void
export declare function writeHeadWithPairs(
  res: ResponseLike,
  status: number,
  statusText: string | undefined,
  pairs: Iterable<[string, string]>,
): void
export declare function compress(req: RequestLike, response: Response): Response
