import { formatLongDate } from '~/domain/format'
import { WALLET_MESSAGES } from '~/domain/messages'
import { submitClaimPath } from '~/domain/paths'
import { formatPhone, phoneHref } from '~/domain/phones'
import { planName } from '~/domain/plans'
import { hasWalletCard } from '~/domain/policies'
import { vehicleName } from '~/domain/vehicles'
import { env } from '~/env.server'
import { getPolicyForProfile, type PolicyWithVehicle } from '~/models/policies/policies.server'
import type { WalletCard } from '~/services/wallet.server'

/**
 * The plan card of one of the customer's policies, read now: its status is the policy's as it stands, so a card
 * downloaded again after the plan ended says so. Another customer's policy, a previous owner's after the policy
 * passed to the vehicle's next owner, and a policy not set up are null (the routes answer 404).
 */
export function walletCard(profileId: string, policyId: string): WalletCard | null {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy || !hasWalletCard(policy) || !policy.vehicle) return null
  const config = env()
  const vehicle = policy.vehicle
  const plate = [vehicle.licensePlateState, vehicle.licensePlate].filter(Boolean).join(' ')
  return {
    serial: policy.id,
    policyNumber: policy.policyNumber,
    planName: planName(policy),
    vehicle: vehicleName(vehicle),
    plate: plate || null,
    status: cardStatus(policy),
    endsAt: policy.canceledAt ?? policy.cancelAt ?? null,
    claimUrl: `${config.APP_URL}${submitClaimPath(policy.id)}`,
    support: { phone: formatPhone(config.SUPPORT_PHONE), phoneHref: phoneHref(config.SUPPORT_PHONE), email: config.SUPPORT_EMAIL },
    company: config.PROVIDER_NAME,
    origin: new URL(config.APP_URL).origin,
  }
}

function cardStatus(policy: PolicyWithVehicle): WalletCard['status'] {
  const day = (at: string | null) => formatLongDate(at, '', policy.timeZone)
  if (policy.status === 'canceled') {
    return { label: WALLET_MESSAGES.status.canceled, line: WALLET_MESSAGES.statusLine.canceled(day(policy.canceledAt)), ended: true }
  }
  if (policy.status === 'past_due') {
    return { label: WALLET_MESSAGES.status.past_due, line: WALLET_MESSAGES.statusLine.past_due, ended: false }
  }
  return {
    label: WALLET_MESSAGES.status.active,
    line: policy.cancelAt ? WALLET_MESSAGES.statusLine.activeUntil(day(policy.cancelAt)) : WALLET_MESSAGES.statusLine.active,
    ended: false,
  }
}

/** Which wallets this server offers the card in (none of one whose credentials are unset on a server others reach). */
export function walletsOffered() {
  const config = env()
  return { apple: config.appleWallet !== 'off', google: config.googleWallet !== 'off' }
}
