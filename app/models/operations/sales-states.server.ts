import { and, desc, eq } from 'drizzle-orm'

import { TOS_VERSION } from '~/content/terms'
import { termsVersion } from '~/content/terms-versions'
import { db, transaction } from '~/db/client.server'
import { profiles, salesStates, stateFacts, stateFormFilings } from '~/db/schema'
import { dayOf } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { STATE_FACTS_MESSAGES } from '~/domain/messages'
import { toE164UsPhone } from '~/domain/phones'
import {
  factProblem,
  NO_FACTS,
  type Readiness,
  readiness,
  type ReadinessChecks,
  type ReadinessRule,
  readinessRule,
  STATE_FACT_KEYS,
  STATE_FACT_LABELS,
  type StateFactKey,
  type StateFactValues,
  withSampleFacts,
} from '~/domain/state-readiness'
import { type StateRules, stateRules } from '~/domain/state-rules'
import { US_STATES } from '~/domain/us-states'
import { env } from '~/env.server'
import { recordAudit } from '~/models/operations/audit.server'

/**
 * Where the product is sold. The starting set comes from configuration (`SALES_STATES`; when unset, every state in the
 * embedded local default and none in a production start); a state the operator opened or closed at /admin/states has
 * a row, and the row wins from then on (docs/decisions/048). A state is sold in only while its required facts
 * (app/domain/state-readiness.ts) are filled in: in a production start the operator's, locally the samples stand in
 * for the missing ones (docs/decisions/064). Signup and every checkout ask `isSoldIn` before taking a customer.
 */

/** Whether the configuration's starting set holds `code`. */
function openByConfiguration(code: string) {
  const config = env()
  if (config.SALES_STATES === null) return config.stateFacts === 'sample'
  return config.SALES_STATES.includes(code)
}

/** The facts the operator filled in for a state (nothing filled in: all null). */
export function filledFacts(code: string): StateFactValues {
  const row = db().select().from(stateFacts).where(eq(stateFacts.code, code)).get()
  if (!row) return NO_FACTS
  return Object.fromEntries(STATE_FACT_KEYS.map((key) => [key, row[key]])) as StateFactValues
}

/** The facts the contract prints and readiness judges: the operator's, the samples filling gaps in the local default. */
export function effectiveFacts(code: string): StateFactValues {
  const filled = filledFacts(code)
  return env().stateFacts === 'sample' ? withSampleFacts(filled) : filled
}

/** The terms versions whose filing with the state's regulator is recorded (app/domain/state-readiness.ts `filedForm`). */
function filedVersionsOf(code: string): string[] {
  return db()
    .select({ version: stateFormFilings.tosVersion })
    .from(stateFormFilings)
    .where(eq(stateFormFilings.code, code))
    .all()
    .map((row) => row.version)
}

/** What readiness checks beyond the facts: the printed service number, and the terms sold now against the filings. */
function checksFor(code: string, filedVersions = filedVersionsOf(code)): ReadinessChecks {
  return { servicePhone: env().SUPPORT_PHONE, termsVersion: TOS_VERSION, filedVersions }
}

export function stateReadiness(code: string): Readiness {
  return readiness(code, effectiveFacts(code), env().stateFacts === 'sample', checksFor(code))
}

/** Whether new customers living in `code` may sign up now. An unknown code is never sold. */
export function isSoldIn(code: string): boolean {
  if (!US_STATES.some((state) => state.code === code)) return false
  const row = db().select({ isOpen: salesStates.isOpen }).from(salesStates).where(eq(salesStates.code, code)).get()
  const open = row ? row.isOpen : openByConfiguration(code)
  return open && stateReadiness(code).ready
}

export type SalesStateRow = {
  code: string
  name: string
  /** Sold in now: opened (or by configuration) and ready. */
  isOpen: boolean
  /** Opened by the operator or the configuration, whether or not its facts allow selling. */
  opened: boolean
  /** Who last opened or closed it (the operator's e-mail) and when; null while it follows the configuration. */
  changedBy: string | null
  changedAt: string | null
  rules: StateRules
  readinessRule: ReadinessRule
  readiness: Readiness
  facts: StateFactValues
}

/** The 51 states (and DC), alphabetical by name, each with its sales status, readiness and the table's rules. */
export function listSalesStates(): SalesStateRow[] {
  const rows = new Map(
    db()
      .select({ code: salesStates.code, isOpen: salesStates.isOpen, changedAt: salesStates.changedAt, changedBy: profiles.email })
      .from(salesStates)
      .leftJoin(profiles, eq(profiles.id, salesStates.changedBy))
      .all()
      .map((row) => [row.code, row]),
  )
  const filled = new Map(
    db()
      .select()
      .from(stateFacts)
      .all()
      .map((row) => [row.code, Object.fromEntries(STATE_FACT_KEYS.map((key) => [key, row[key]])) as StateFactValues]),
  )
  const filings = new Map<string, string[]>()
  for (const filing of db().select({ code: stateFormFilings.code, version: stateFormFilings.tosVersion }).from(stateFormFilings).all()) {
    filings.set(filing.code, [...(filings.get(filing.code) ?? []), filing.version])
  }
  const sample = env().stateFacts === 'sample'
  return US_STATES.map(({ code, name }) => {
    const row = rows.get(code)
    const own = filled.get(code) ?? NO_FACTS
    const facts = sample ? withSampleFacts(own) : own
    const ready = readiness(code, facts, sample, checksFor(code, filings.get(code) ?? []))
    const opened = row ? row.isOpen : openByConfiguration(code)
    return {
      code,
      name,
      isOpen: opened && ready.ready,
      opened,
      changedBy: row?.changedBy ?? null,
      changedAt: row?.changedAt ?? null,
      rules: stateRules(code),
      readinessRule: readinessRule(code),
      readiness: ready,
      facts: own,
    }
  })
}

/** A refusal to open a state: what is missing or wrong, by field. */
export function openingRefusal(code: string): RuleError | null {
  const ready = stateReadiness(code)
  // Counsel's open questions hold a state for a real sale; the local samples sell everywhere (readiness says which).
  if (!ready.ready && ready.counsel) return RuleError.from(STATE_FACTS_MESSAGES.needsCounsel(ready.counsel), { status: 409 })
  if (!ready.ready && ready.problems.length && !ready.missing.length) {
    return RuleError.from(STATE_FACTS_MESSAGES.held(ready.problems), { status: 409 })
  }
  if (ready.missing.length) {
    return RuleError.from(STATE_FACTS_MESSAGES.missing(ready.missing.map((key) => STATE_FACT_LABELS[key])), {
      status: 409,
      field: ready.missing[0],
    })
  }
  return null
}

/**
 * Opens or closes sales in one state, audited with the status before and after. Existing plans are unchanged. A state
 * whose required facts are missing (or that counsel holds) is not opened: the refusal names what is missing.
 */
export function setSalesState(actorId: string, code: string, isOpen: boolean, now = new Date()) {
  if (isOpen) {
    const refusal = openingRefusal(code)
    if (refusal) throw refusal
  }
  transaction((tx) => {
    const before = tx.select({ isOpen: salesStates.isOpen }).from(salesStates).where(eq(salesStates.code, code)).get()
    const wasOpen = before ? before.isOpen : openByConfiguration(code)
    const changedAt = now.toISOString()
    tx.insert(salesStates)
      .values({ code, isOpen, changedBy: actorId, changedAt })
      .onConflictDoUpdate({ target: salesStates.code, set: { isOpen, changedBy: actorId, changedAt } })
      .run()
    recordAudit(tx, {
      actor: actorId,
      action: isOpen ? 'sales_state.opened' : 'sales_state.closed',
      entityId: code,
      detail: { wasOpen, isOpen },
    })
  })
}

/** What is wrong with each fact as entered (its shape); blank values are fine here (a state may be saved half-filled). */
export function factProblems(code: string, values: StateFactValues): Partial<Record<StateFactKey, string>> {
  const rule = readinessRule(code)
  const problems: Partial<Record<StateFactKey, string>> = {}
  for (const key of STATE_FACT_KEYS) {
    const value = values[key]
    const problem = value?.trim() ? factProblem(rule, key, value.trim()) : null
    if (problem) problems[key] = problem
  }
  return problems
}

/**
 * Saves a state's facts, audited with the fields that changed. With `open`, the state is opened in the same step, or
 * nothing is saved while a required fact is missing. Refusals are RuleErrors with each field's message.
 */
export function saveStateFacts(actorId: string, code: string, values: StateFactValues, open: boolean, now = new Date()) {
  const fieldErrors: Record<string, string[]> = Object.fromEntries(
    Object.entries(factProblems(code, values)).map(([key, problem]) => [key, [problem]]),
  )
  if (open) {
    const judgedNow = env().stateFacts === 'sample' ? null : readiness(code, values, false, checksFor(code))
    if (judgedNow?.counsel) throw RuleError.from(STATE_FACTS_MESSAGES.needsCounsel(judgedNow.counsel), { status: 409 })
    if (judgedNow?.problems.length) throw RuleError.from(STATE_FACTS_MESSAGES.held(judgedNow.problems), { status: 409 })
    const judged = env().stateFacts === 'sample' ? withSampleFacts(values) : values
    for (const key of readiness(code, judged).missing) fieldErrors[key] ??= [STATE_FACTS_MESSAGES.required]
  }
  const fields = Object.keys(fieldErrors)
  if (fields.length) {
    throw RuleError.from(STATE_FACTS_MESSAGES.check(fields.map((key) => STATE_FACT_LABELS[key as StateFactKey])), {
      status: 400,
      field: fields[0],
      fieldErrors,
    })
  }
  // One spelling of the insurer's number, whatever punctuation was typed (checked toll-free above).
  if (values.insurerPhone) values = { ...values, insurerPhone: toE164UsPhone(values.insurerPhone) ?? values.insurerPhone }
  transaction((tx) => {
    const before = tx.select().from(stateFacts).where(eq(stateFacts.code, code)).get()
    const changed = STATE_FACT_KEYS.filter((key) => (before?.[key] ?? null) !== values[key])
    const updatedAt = now.toISOString()
    tx.insert(stateFacts)
      .values({ code, ...values, updatedBy: actorId, updatedAt })
      .onConflictDoUpdate({ target: stateFacts.code, set: { ...values, updatedBy: actorId, updatedAt } })
      .run()
    recordAudit(tx, { actor: actorId, action: 'sales_state.facts_updated', entityId: code, detail: { changed } })
  })
  if (open) setSalesState(actorId, code, true, now)
}

// --- the contract form filed with the regulator ------------------------------------------------------------------

/** The filings recorded for a state, newest first, with who recorded them. */
export function formFilingsOf(code: string) {
  return db()
    .select({
      tosVersion: stateFormFilings.tosVersion,
      filedOn: stateFormFilings.filedOn,
      reference: stateFormFilings.reference,
      recordedAt: stateFormFilings.recordedAt,
      recordedBy: profiles.email,
    })
    .from(stateFormFilings)
    .leftJoin(profiles, eq(profiles.id, stateFormFilings.recordedBy))
    .where(eq(stateFormFilings.code, code))
    .orderBy(desc(stateFormFilings.filedOn), desc(stateFormFilings.recordedAt))
    .all()
}

/**
 * Records that a terms version was filed with the state's regulator on `filedOn` (where the state requires the form
 * filed before use, `filedForm`): from then on that version may be sold there, once the rest is ready. Recording the
 * same version again corrects its day and reference. Audited. Refusals are RuleErrors by field.
 */
export function recordFormFiling(
  actorId: string,
  code: string,
  input: { tosVersion: string; filedOn: string; reference: string | null },
  now = new Date(),
) {
  if (!readinessRule(code).filedForm) throw RuleError.from(STATE_FACTS_MESSAGES.filingNotRequired, { field: 'tosVersion', status: 409 })
  if (!termsVersion(input.tosVersion)) throw RuleError.from(STATE_FACTS_MESSAGES.filingVersionUnknown, { field: 'tosVersion' })
  if (input.filedOn > dayOf(now)) throw RuleError.from(STATE_FACTS_MESSAGES.filingDayFuture, { field: 'filedOn' })
  transaction((tx) => {
    const before = tx
      .select()
      .from(stateFormFilings)
      .where(and(eq(stateFormFilings.code, code), eq(stateFormFilings.tosVersion, input.tosVersion)))
      .get()
    const recordedAt = now.toISOString()
    tx.insert(stateFormFilings)
      .values({ code, ...input, recordedBy: actorId, recordedAt })
      .onConflictDoUpdate({
        target: [stateFormFilings.code, stateFormFilings.tosVersion],
        set: { filedOn: input.filedOn, reference: input.reference, recordedBy: actorId, recordedAt },
      })
      .run()
    recordAudit(tx, {
      actor: actorId,
      action: 'sales_state.form_filed',
      entityId: code,
      detail: { tosVersion: input.tosVersion, filedOn: input.filedOn, ...(before ? { before: before.filedOn } : {}) },
    })
  })
}
