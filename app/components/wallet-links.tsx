import { WALLET_MESSAGES } from '~/domain/messages'
import { appleWalletPath, googleWalletPath } from '~/domain/paths'

/** Which wallets the server offers the plan card in (app/models/policies/wallet-card.server.ts `walletsOffered`). */
export type WalletsOffered = { apple: boolean; google: boolean }

/**
 * The plan card in a wallet: plain anchors to resource routes (a .pkpass download, a redirect to Google's save link),
 * which work without JavaScript and which the client router leaves to the browser. On the dashboard's policy card and
 * the plan documents page, for a policy that offers one (`offersWalletCard` in app/domain/policies.ts).
 */
export function WalletLinks({ policyId, wallets, className }: { policyId: string; wallets: WalletsOffered; className: string }) {
  return (
    <>
      {wallets.apple ? (
        <a href={appleWalletPath(policyId)} className={className}>
          {WALLET_MESSAGES.addToApple}
        </a>
      ) : null}
      {wallets.google ? (
        <a href={googleWalletPath(policyId)} className={className}>
          {WALLET_MESSAGES.saveToGoogle}
        </a>
      ) : null}
    </>
  )
}
