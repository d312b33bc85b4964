import { createContext, RouterContextProvider } from 'react-router'

import { env } from '~/env.server'

/**
 * What only the server knows about a request, handed to the app through React Router's context (server.js's
 * getLoadContext), never through request headers: a client cannot send a context value, so nothing it sends can
 * pose as one of these.
 */
export type ServerFacts = {
  /** The client's address for per-IP limits: the socket's, or the trusted proxy's header named by CLIENT_IP_HEADER. */
  clientAddress: string
  /** Always the socket's own address (never a proxy header): the local tools answer only to this machine. */
  peerAddress: string
  /** The request's id (app/server/request-log.server.ts): answered as X-Request-Id, shown on the error page, on every log line. */
  requestId: string
  /** What the app adds to the request's log line, which server.js writes once the answer is sent. */
  requestLine: { role?: 'customer' | 'admin' }
}

/** Null under the development server and in tests, which have no server.js in front. */
export const serverFactsContext = createContext<ServerFacts | null>(null)

/** For server.js: the context a request starts with. */
export function serverContext(facts: ServerFacts) {
  const context = new RouterContextProvider()
  context.set(serverFactsContext, facts)
  return context
}

export function serverFacts(context: Readonly<RouterContextProvider>) {
  return context.get(serverFactsContext)
}

/** The request's id for the page (the error page's reference), or null under the development server and in tests. */
export function requestIdOf(context: Readonly<RouterContextProvider>) {
  return context.get(serverFactsContext)?.requestId ?? null
}

/**
 * The client's address, for per-IP limits: from server.js, through the request's context (the socket's address, or the
 * proxy's header named by CLIENT_IP_HEADER, e.g. Fly-Client-IP). Under a development server or in tests, which have
 * no server.js in front, the configured header or 'local'.
 */
export function clientIp({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const fromServer = serverFacts(context)?.clientAddress
  if (fromServer) return fromServer
  const header = env().CLIENT_IP_HEADER
  return (header ? request.headers.get(header)?.split(',')[0]?.trim() : undefined) || 'local'
}

/** The longest browser description kept (Stripe's metadata values hold 500 characters). */
const USER_AGENT_MAX = 500

/**
 * Who sent the request, as a consent record keeps it: the client's address (null when none is known: a development
 * server) and its browser's description, cut to what the records hold.
 */
export function clientOf(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  const ip = clientIp(args)
  return {
    clientIp: ip === 'local' ? null : ip,
    userAgent: args.request.headers.get('User-Agent')?.slice(0, USER_AGENT_MAX) || null,
  }
}
