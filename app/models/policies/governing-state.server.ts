import { and, eq, isNull } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { policies } from '~/db/schema'
import { recordAudit } from '~/models/operations/audit.server'
import { notFound } from '~/utils/refusal'

/**
 * The state whose law governs a policy (`policies.governing_state`): set at signup, asked once on the dashboard for
 * plans bought before signup asked, and corrected by the operator. Until it is set the most protective rule applies
 * (`rulesFor(null)` in app/domain/state-rules.ts).
 */

/** How many of the customer's policies have no state yet (the dashboard asks while there is one). */
export function policiesWithoutState(profileId: string) {
  return db()
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.profileId, profileId), isNull(policies.governingState)))
    .all().length
}

/**
 * The customer's answer to the dashboard's question: recorded on every one of their policies without a state (a
 * policy that has one keeps it: only the operator corrects a state). Each policy's change is audited. Returns how many.
 */
export function setMissingGoverningState(profileId: string, state: string, now = new Date()) {
  return transaction((tx) => {
    const missing = tx
      .select({ id: policies.id })
      .from(policies)
      .where(and(eq(policies.profileId, profileId), isNull(policies.governingState)))
      .all()
    for (const { id } of missing) {
      tx.update(policies).set({ governingState: state, updatedAt: now.toISOString() }).where(eq(policies.id, id)).run()
      recordAudit(tx, { actor: profileId, action: 'policy.governing_state_set', entityId: id, detail: { from: null, to: state } })
    }
    return missing.length
  })
}

/** The operator corrects one policy's state, with a reason; audited with the old and the new value. */
export function correctGoverningState(input: { profileId: string; policyId: string; state: string; reason: string; actorId: string }) {
  transaction((tx) => {
    const policy = tx
      .select({ id: policies.id, governingState: policies.governingState })
      .from(policies)
      .where(and(eq(policies.id, input.policyId), eq(policies.profileId, input.profileId)))
      .get()
    if (!policy) notFound()
    tx.update(policies).set({ governingState: input.state }).where(eq(policies.id, policy.id)).run()
    recordAudit(tx, {
      actor: input.actorId,
      action: 'policy.governing_state_corrected',
      entityId: policy.id,
      detail: { from: policy.governingState, to: input.state, reason: input.reason },
    })
  })
}
