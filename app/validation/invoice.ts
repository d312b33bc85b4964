import { z } from 'zod'

import { type CompletionInput, INVOICE_FIELDS, REPAIR_TYPES } from '~/domain/invoice'
import { CLAIM_FIELD_MESSAGES, CODE_FORMAT_MESSAGE } from '~/domain/messages'
import { ADAS_CALIBRATIONS, type AdasCalibration } from '~/domain/shops'

import { MAX_LENGTH } from './limits'
import { freeText, singleLineText } from './text'

/**
 * The invoice's form rules, made from its declaration (app/domain/invoice.ts): each field is cleaned like every
 * single-line field, left empty keeps the field's empty value, and otherwise passes the field's own check, its message
 * shown next to it.
 */
function ruleOf<Value>(field: {
  empty: Value | null
  read: (text: string) => { ok: true; value: Value } | { ok: false; message: string }
}) {
  return singleLineText()
    .optional()
    .transform((text, context): Value | null => {
      if (!text) return field.empty
      const read = field.read(text)
      if (read.ok) return read.value
      context.addIssue({ code: 'custom', message: read.message })
      return z.NEVER
    })
}

/** The zod shape of the invoice's fields (a form schema's extend). */
export const invoiceShape = {
  partNumber: ruleOf(INVOICE_FIELDS.partNumber),
  laborHours: ruleOf(INVOICE_FIELDS.laborHours),
  kitMoulding: ruleOf(INVOICE_FIELDS.kitMoulding),
  // Never empty once read: the form's default is no calibration.
  adasCalibration: ruleOf(INVOICE_FIELDS.adasCalibration).transform((value) => value ?? 'none'),
  actualCost: ruleOf(INVOICE_FIELDS.actualCost),
}

const repairType = z.enum(REPAIR_TYPES, { error: CLAIM_FIELD_MESSAGES.repairType }).default('repair')
const partnerNotes = freeText()
  .max(MAX_LENGTH.longText, CLAIM_FIELD_MESSAGES.notesTooLong)
  .optional()
  .transform((value) => value || null)

/**
 * The completion by code alone (the code-only page and the API): the claim's code, the work done, the invoice's total
 * and the shop's notes (the invoice and repair photos are files, checked beside this schema).
 */
export const CompleteClaimSchema = z.object({
  code: singleLineText({ error: CODE_FORMAT_MESSAGE }).min(1, CODE_FORMAT_MESSAGE),
  repairType,
  actualCost: invoiceShape.actualCost,
  partnerNotes,
})

/** The completion from the shop's job page: the same fields without the code (the job names it), and the whole invoice. */
export const ShopCompletionSchema = CompleteClaimSchema.omit({ code: true }).extend(invoiceShape)

/** Which form a completion comes from: by code alone (the code-only page, the API), or the shop's job page. */
export type CompletionForm = 'code' | 'job'

/** A form's messages by field, as conform gives them (a message with no field is under ''). */
function errorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message)
  return errors
}

/**
 * The one way from a completion's fields (as text, by the form's names) to completeClaim's typed input, for the shop's
 * job page, the code-only page and the API. A field left empty counts as not sent, as conform reads a form. A refused
 * form still yields an input, with its field errors, so completeClaim tells them together with the files' own: the
 * work done and the calibration are read from the values as sent, every other field is left empty. Only the job page
 * sends the invoice's details; the other two leave them out, so nothing of them is checked or written.
 */
export function completionInput(
  fields: Readonly<Record<string, string | undefined>>,
  form: CompletionForm,
): { code: string; input: CompletionInput; fieldErrors: Record<string, string[]> } {
  const sent = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''))
  const code = (fields.code ?? '').trim()
  if (form === 'code') {
    const parsed = CompleteClaimSchema.safeParse(sent)
    if (parsed.success) {
      const { repairType, actualCost, partnerNotes } = parsed.data
      return { code: parsed.data.code, input: { repairType, actualCostCents: actualCost, partnerNotes }, fieldErrors: {} }
    }
    return { code, input: refusedInput(fields), fieldErrors: errorsOf(parsed.error) }
  }
  const parsed = ShopCompletionSchema.safeParse(sent)
  if (parsed.success) {
    const { repairType, actualCost, partnerNotes, partNumber, laborHours, kitMoulding, adasCalibration } = parsed.data
    return {
      code,
      input: {
        repairType,
        actualCostCents: actualCost,
        partnerNotes,
        invoiceDetails: { partNumber, laborHours, kitMoulding, adasCalibration },
      },
      fieldErrors: {},
    }
  }
  const calibration = (ADAS_CALIBRATIONS as readonly string[]).includes(fields.adasCalibration ?? '')
    ? (fields.adasCalibration as AdasCalibration)
    : 'none'
  return {
    code,
    input: {
      ...refusedInput(fields),
      invoiceDetails: { partNumber: null, laborHours: null, kitMoulding: null, adasCalibration: calibration },
    },
    fieldErrors: errorsOf(parsed.error),
  }
}

function refusedInput(fields: Readonly<Record<string, string | undefined>>): CompletionInput {
  const repairType = REPAIR_TYPES.find((type) => type === fields.repairType) ?? 'repair'
  return { repairType, actualCostCents: null, partnerNotes: null }
}
