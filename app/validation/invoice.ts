import { z } from 'zod'

import { INVOICE_FIELDS } from '~/domain/invoice'

import { singleLineText } from './text'

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
