/**
 * The shop's completion invoice, declared once: each field's name, the claims column it is kept in, its label and
 * hint, its rule, its CSV heading and how it is shown. The shop's form, the operator's claim page, the partner
 * statements' CSV and the payouts all read this list, so adding a field is one entry here and a migration for its
 * column. Each field's check (`read`) is pure; app/validation/invoice.ts makes the forms' zod rules of it, after the
 * single-line cleaning every field gets. Also the part number's NAGS shape and the dispute clock. Safe in the browser.
 */
import { dollarsWithin, formatDollars, formatPrice } from './format'
import { CLAIM_FIELD_MESSAGES, INVOICE_FIELD_MESSAGES } from './messages'
import { endOfBusinessDaysAfter } from './service-promise'
import { ADAS_CALIBRATION_NAMES, ADAS_CALIBRATIONS, type AdasCalibration, MAX_LABOR_HOURS } from './shops'

/**
 * A NAGS-style part number as the glass trade writes it: D (domestic) or F (foreign), the kind of glass (W windshield,
 * B back, D door, Q quarter, V vent, R roof), four or five digits, then up to six letters for the options (tint, bracket,
 * moulding, and so on): FW04567GTY, DW01234. Spaces and dashes are left out before the check and in what is kept, so
 * 'fw04567 gty' and 'FW04567-GTY' are the same part.
 */
export const PART_NUMBER_PATTERN = /^[DF][WBDQVR]\d{4,5}[A-Z]{0,6}$/

/** A typed part number as it is kept: upper case, without spaces or dashes. */
export function normalizePartNumber(raw: string) {
  return raw.toUpperCase().replace(/[\s-]+/g, '')
}

export function isPartNumber(raw: string) {
  return PART_NUMBER_PATTERN.test(normalizePartNumber(raw))
}

/** The most characters typed into the part number (a few spaces around the number itself). */
export const PART_NUMBER_MAX = 40

/** The largest invoice total a shop may type: $999,999.99. */
export const MAX_INVOICE_CENTS = 99_999_999

/** The most characters of a kit or moulding description. */
export const KIT_MOULDING_MAX = 120

/** How a field is typed on the shop's form. */
type Control =
  | { kind: 'text'; inputMode?: 'decimal' | 'text'; maxLength?: number }
  | { kind: 'select'; options: readonly { value: string; label: string }[] }

type Field<Column extends string, Value> = {
  /** The form's field name. */
  name: string
  /** The claims column that keeps it. */
  column: Column
  label: string
  hint: string
  control: Control
  /** What is kept when the field is left empty. */
  empty: Value | null
  /** The form's rule for a cleaned, non-empty answer: what is kept, or the message shown next to the field. */
  read: (text: string) => { ok: true; value: Value } | { ok: false; message: string }
  csvHeading: string
  /** The kept value in words ('' for none), for the pages and the CSV. */
  show: (value: Value | null) => string
  /** The kept value as the form writes it again, to correct a rejected invoice. */
  formValue: (value: Value | null) => string
}

const orEmpty = (value: string | number | null) => (value === null ? '' : String(value))

const partNumber: Field<'partNumber', string> = {
  name: 'partNumber',
  column: 'partNumber',
  label: 'Part number (optional)',
  hint: 'NAGS-style, like FW04567 GTY.',
  control: { kind: 'text', maxLength: PART_NUMBER_MAX },
  empty: null,
  read: (text) =>
    isPartNumber(text) ? { ok: true, value: normalizePartNumber(text) } : { ok: false, message: INVOICE_FIELD_MESSAGES.partNumber },
  csvHeading: 'Part number',
  show: orEmpty,
  formValue: orEmpty,
}

const laborHours: Field<'laborHours', number> = {
  name: 'laborHours',
  column: 'laborHours',
  label: 'Labor hours (optional)',
  hint: `From 0 to ${MAX_LABOR_HOURS}, like 1.5.`,
  control: { kind: 'text', inputMode: 'decimal' },
  empty: null,
  read: (text) =>
    /^\d{1,2}(\.\d{1,2})?$/.test(text) && Number(text) <= MAX_LABOR_HOURS
      ? { ok: true, value: Number(text) }
      : { ok: false, message: INVOICE_FIELD_MESSAGES.laborHours },
  csvHeading: 'Labor hours',
  show: orEmpty,
  formValue: orEmpty,
}

const kitMoulding: Field<'kitMoulding', string> = {
  name: 'kitMoulding',
  column: 'kitMoulding',
  label: 'Kit or moulding (optional)',
  hint: 'Yes, no, or what was used.',
  control: { kind: 'text', maxLength: KIT_MOULDING_MAX },
  empty: null,
  read: (text) =>
    text.length <= KIT_MOULDING_MAX ? { ok: true, value: text } : { ok: false, message: INVOICE_FIELD_MESSAGES.kitMoulding },
  csvHeading: 'Kit/moulding',
  show: orEmpty,
  formValue: orEmpty,
}

const adasCalibration: Field<'adasCalibration', AdasCalibration> = {
  name: 'adasCalibration',
  column: 'adasCalibration',
  label: 'ADAS calibration',
  hint: 'Required after a replacement on a plan with ADAS.',
  control: { kind: 'select', options: ADAS_CALIBRATIONS.map((value) => ({ value, label: ADAS_CALIBRATION_NAMES[value] })) },
  empty: 'none',
  read: (text) =>
    (ADAS_CALIBRATIONS as readonly string[]).includes(text)
      ? { ok: true, value: text as AdasCalibration }
      : { ok: false, message: INVOICE_FIELD_MESSAGES.adasCalibration },
  csvHeading: 'ADAS calibration',
  show: (value) => (value ? ADAS_CALIBRATION_NAMES[value] : ''),
  formValue: (value) => value ?? 'none',
}

const actualCost: Field<'actualCostCents', number> = {
  name: 'actualCost',
  column: 'actualCostCents',
  label: 'Total (optional)',
  hint: 'In dollars, like 289.50.',
  control: { kind: 'text', inputMode: 'decimal' },
  empty: null,
  read: (text) => {
    // Read as every amount field reads dollars (app/validation/dollars.ts), so '$1,250.00' and '1,250' are one total.
    const cents = dollarsWithin(text, { min: 0, max: MAX_INVOICE_CENTS })
    return cents === null ? { ok: false, message: CLAIM_FIELD_MESSAGES.actualCost } : { ok: true, value: cents }
  },
  csvHeading: 'Cost (USD)',
  show: (cents) => (cents === null ? '' : formatPrice(cents)),
  formValue: (cents) => (cents === null ? '' : formatDollars(cents)),
}

/** The invoice's fields, in the form's order. */
export const INVOICE_FIELDS = { partNumber, laborHours, kitMoulding, adasCalibration, actualCost } as const
export type InvoiceFieldName = keyof typeof INVOICE_FIELDS
export const INVOICE_FIELD_NAMES = Object.keys(INVOICE_FIELDS) as InvoiceFieldName[]

/** The two kinds of work a shop does on a claim. */
export const REPAIR_TYPES = ['repair', 'replacement'] as const
export type RepairType = (typeof REPAIR_TYPES)[number]

/** What the glass trade invoices beyond the total, from the shop's job page (the code-only page and the API send none). */
export type InvoiceDetails = {
  partNumber: string | null
  laborHours: number | null
  kitMoulding: string | null
  adasCalibration: AdasCalibration
}

/** A completion's fields as completeClaim takes them (app/validation/invoice.ts `completionInput` reads them). */
export type CompletionInput = {
  repairType: RepairType
  actualCostCents: number | null
  partnerNotes: string | null
  invoiceDetails?: InvoiceDetails
}

/** What the invoice keeps, as the claims row has it. */
export type InvoiceColumns = {
  partNumber: string | null
  laborHours: number | null
  kitMoulding: string | null
  adasCalibration: AdasCalibration | null
  actualCostCents: number | null
}

/** The parsed form's invoice values as the claims columns keep them. */
export function invoiceColumnsOf(values: {
  partNumber: string | null
  laborHours: number | null
  kitMoulding: string | null
  adasCalibration: AdasCalibration
  actualCost: number | null
}): InvoiceColumns {
  return {
    partNumber: values.partNumber,
    laborHours: values.laborHours,
    kitMoulding: values.kitMoulding,
    adasCalibration: values.adasCalibration,
    actualCostCents: values.actualCost,
  }
}

const showField = <Column extends keyof InvoiceColumns>(field: Field<Column, NonNullable<InvoiceColumns[Column]>>, row: InvoiceColumns) =>
  field.show(row[field.column] as NonNullable<InvoiceColumns[Column]> | null)

/** Each field with its label and its value in words ('' for none), for the pages. */
export function invoiceLines(row: InvoiceColumns): { name: InvoiceFieldName; label: string; shown: string }[] {
  return INVOICE_FIELD_NAMES.map((name) => ({
    name,
    label: INVOICE_FIELDS[name].label.replace(/ \(optional\)$/, ''),
    shown: showField(INVOICE_FIELDS[name] as never, row),
  }))
}

/** The CSV's headings for the invoice, in the declaration's order. */
export const INVOICE_CSV_HEADINGS = INVOICE_FIELD_NAMES.map((name) => INVOICE_FIELDS[name].csvHeading)

/** The CSV's cells for one invoice (plain numbers for the amounts and hours, so a spreadsheet adds them up). */
export function invoiceCsvCells(row: InvoiceColumns): string[] {
  return INVOICE_FIELD_NAMES.map((name) => {
    if (name === 'actualCost') return formatDollars(row.actualCostCents ?? 0)
    if (name === 'adasCalibration') return row.adasCalibration ?? ''
    return showField(INVOICE_FIELDS[name] as never, row)
  })
}

/** The kept invoice as the form writes it, to correct a rejected invoice. */
export function invoiceFormValues(row: InvoiceColumns): Record<InvoiceFieldName, string> {
  return Object.fromEntries(
    INVOICE_FIELD_NAMES.map((name) => {
      const field = INVOICE_FIELDS[name] as unknown as Field<keyof InvoiceColumns, never>
      return [name, field.formValue(row[field.column] as never)]
    }),
  ) as Record<InvoiceFieldName, string>
}

// --- the operator's answer, and disputes --------------------------------------------------------------------------

/**
 * A job's documents as the operator reviews its invoice: the invoice photos newest first (a correction's photo is the
 * one to read), each earlier one marked as such and still listed, never dropped; the other documents follow as they
 * came. Newest is by when it was stored, then by its path, whose name starts with the moment it was sent.
 */
export function latestInvoiceFirst<Doc extends { documentType: string; createdAt: string; filePath: string }>(
  documents: readonly Doc[],
): (Doc & { earlier: boolean })[] {
  const invoices = documents
    .filter((document) => document.documentType === 'invoice')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.filePath.localeCompare(a.filePath))
  return [
    ...invoices.map((document, index) => ({ ...document, earlier: index > 0 })),
    ...documents.filter((document) => document.documentType !== 'invoice').map((document) => ({ ...document, earlier: false })),
  ]
}

/** The stages of one submission of an invoice (invoice_submissions.outcome). */
export const INVOICE_OUTCOMES = ['pending', 'accepted', 'rejected'] as const
export type InvoiceOutcome = (typeof INVOICE_OUTCOMES)[number]

/** What a shop disputes: a rejected invoice, or a short-pay (the operator accepted less than the invoice). */
export const DISPUTE_KINDS = ['rejection', 'short_pay'] as const
export type DisputeKind = (typeof DISPUTE_KINDS)[number]
export const DISPUTE_KIND_NAMES: Record<DisputeKind, string> = { rejection: 'Rejected invoice', short_pay: 'Short-pay' }

/** The operator's answer: the shop is right (upheld: the invoice is accepted, or the amount raised), or not. */
export const DISPUTE_OUTCOMES = ['upheld', 'refused'] as const
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number]
export const DISPUTE_OUTCOME_NAMES: Record<DisputeOutcome, string> = { upheld: 'Upheld', refused: 'Refused' }

/** The kinds of file a shop sends with a job: the invoice photo, the repair photos and the calibration report. */
export type ShopDocumentType = 'invoice' | 'repair_photo' | 'calibration_report'

/**
 * The form's file input of each kind of shop file: the completion and correction forms name their inputs from it, and
 * the server picks the files and tells their problems by it.
 */
export const SHOP_FILE_FIELDS = {
  invoice: 'invoice',
  repair_photo: 'repairPhotos',
  calibration_report: 'calibrationReport',
} as const satisfies Record<ShopDocumentType, string>

/** The most files one dispute carries (each a PDF or a photo, under the upload limit). */
export const MAX_DISPUTE_FILES = 3
/** The dispute form's file input. */
export const DISPUTE_FILES_FIELD = 'files'

/** The business days the operator has to answer a dispute (weekends and federal holidays do not count). */
export const DISPUTE_ANSWER_BUSINESS_DAYS = 5

/** When the operator's answer to a dispute opened at `openedAt` is due: the end of the 5th business day after. */
export function disputeAnswerDue(openedAt: Date) {
  return endOfBusinessDaysAfter(openedAt, DISPUTE_ANSWER_BUSINESS_DAYS)
}

/** Past its deadline with no answer. */
export function isDisputeOverdue(dispute: { answerDueAt: string; answeredAt: string | null }, now = new Date()) {
  return dispute.answeredAt === null && now.getTime() >= Date.parse(dispute.answerDueAt)
}

/**
 * A calibration is part of the invoice after a replacement on a plan that covers ADAS: the camera behind the
 * windshield must be recalibrated once the glass is new.
 */
export function calibrationRequired(facts: { planHasAdas: boolean | null; repairType: 'repair' | 'replacement' }) {
  return Boolean(facts.planHasAdas) && facts.repairType === 'replacement'
}

/**
 * What a completed job is paid, the one amount its page, the shop's lists, the payouts and the remittance show: what the
 * operator accepted when less than the invoice (a short-pay), else the invoice's total. The price schedule only sets the
 * ceiling above which an invoice is held (docs/decisions/087-shop-price-schedule.md), never the amount.
 * `jobAmountCents` in app/models/money/payouts.server.ts is the same rule in SQL, for the sums.
 */
export function amountPaidCents(job: { acceptedCostCents: number | null; actualCostCents: number | null }): number {
  return job.acceptedCostCents ?? job.actualCostCents ?? 0
}
