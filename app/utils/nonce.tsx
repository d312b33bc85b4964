import { createContext, useContext } from 'react'

/** Carries the request's CSP nonce from entry.server to <Scripts> and friends; empty in the browser. */
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export function useNonce() {
  return useContext(NonceContext)
}
