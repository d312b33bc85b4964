import { describe, expect, it } from 'vitest'

import {
  disputeAnswerDue,
  INVOICE_CSV_HEADINGS,
  INVOICE_FIELD_NAMES,
  INVOICE_FIELDS,
  invoiceCsvCells,
  invoiceFormValues,
  invoiceLines,
  isDisputeOverdue,
  isPartNumber,
  latestInvoiceFirst,
  normalizePartNumber,
} from '~/domain/invoice'
import { INVOICE_FIELD_MESSAGES } from '~/domain/messages'
import { ShopCompletionSchema } from '~/validation/invoice'
import { InvoiceCorrectionSchema } from '~/validation/shops'

const invoice = {
  partNumber: 'FW04567GTY',
  laborHours: 1.5,
  kitMoulding: 'Moulding kit',
  adasCalibration: 'static' as const,
  actualCostCents: 41250,
}

describe('the invoice’s declaration', () => {
  it('gives every field a label, a hint, a CSV heading, a check and a column of its own', () => {
    const columns = new Set<string>()
    for (const name of INVOICE_FIELD_NAMES) {
      const field = INVOICE_FIELDS[name]
      expect(field.name, name).toBe(name)
      expect(field.label.length, name).toBeGreaterThan(0)
      expect(field.hint.length, name).toBeGreaterThan(0)
      expect(field.csvHeading.length, name).toBeGreaterThan(0)
      expect(typeof field.read, name).toBe('function')
      columns.add(field.column)
    }
    expect(columns.size).toBe(INVOICE_FIELD_NAMES.length)
    expect(new Set(INVOICE_CSV_HEADINGS).size).toBe(INVOICE_FIELD_NAMES.length)
  })

  it('drives the forms: every declared field is in the completion and the correction schemas', () => {
    for (const name of INVOICE_FIELD_NAMES) {
      expect(Object.keys(ShopCompletionSchema.shape), name).toContain(name)
      expect(Object.keys(InvoiceCorrectionSchema.shape), name).toContain(name)
    }
    const parsed = InvoiceCorrectionSchema.safeParse({
      intent: 'resubmit',
      partNumber: 'dw 01234',
      laborHours: '2',
      actualCost: '$1,250.00',
    })
    expect(parsed.data).toEqual({
      intent: 'resubmit',
      partNumber: 'DW01234',
      laborHours: 2,
      kitMoulding: null,
      adasCalibration: 'none',
      actualCost: 125000,
    })
  })

  it('drives the pages and the CSV: one line and one cell per field, in the declaration’s order', () => {
    expect(invoiceLines(invoice)).toEqual([
      { name: 'partNumber', label: 'Part number', shown: 'FW04567GTY' },
      { name: 'laborHours', label: 'Labor hours', shown: '1.5' },
      { name: 'kitMoulding', label: 'Kit or moulding', shown: 'Moulding kit' },
      { name: 'adasCalibration', label: 'ADAS calibration', shown: 'Static' },
      { name: 'actualCost', label: 'Total', shown: '$412.50' },
    ])
    expect(INVOICE_CSV_HEADINGS).toEqual(['Part number', 'Labor hours', 'Kit/moulding', 'ADAS calibration', 'Cost (USD)'])
    expect(invoiceCsvCells(invoice)).toEqual(['FW04567GTY', '1.5', 'Moulding kit', 'static', '412.50'])
    // The correction form starts from the invoice as kept.
    expect(invoiceFormValues(invoice)).toEqual({
      partNumber: 'FW04567GTY',
      laborHours: '1.5',
      kitMoulding: 'Moulding kit',
      adasCalibration: 'static',
      actualCost: '412.50',
    })
  })
})

describe('the part number’s shape', () => {
  it('takes NAGS-style numbers, however spaced or cased', () => {
    for (const good of ['FW04567GTY', 'fw04567 gty', 'FW04567-GTY', 'DW01234', 'FB22345YPY', 'DD12345'])
      expect(isPartNumber(good), good).toBe(true)
    expect(normalizePartNumber(' fw04567 gty ')).toBe('FW04567GTY')
  })

  it('refuses what is not one, with the message that shows the shape', () => {
    for (const bad of ['1HGCM82633', 'XW04567', 'FX04567', 'FW123', 'FW1234567', 'FW04567GTYABCD', 'windshield'])
      expect(isPartNumber(bad), bad).toBe(false)
    expect(INVOICE_FIELDS.partNumber.read('FW123')).toEqual({ ok: false, message: INVOICE_FIELD_MESSAGES.partNumber })
  })
})

describe('the dispute’s deadline', () => {
  it('ends after five business days, the day opened not counted', () => {
    // Monday December 7, 2026: Tuesday to Monday the 14th, ending at its midnight (UTC).
    expect(disputeAnswerDue(new Date('2026-12-07T15:00:00Z')).toISOString()).toBe('2026-12-15T00:00:00.000Z')
  })

  it('skips weekends and federal holidays', () => {
    // Monday November 23, 2026: Thanksgiving (Thursday 26) does not count, nor the weekend: Tue, Wed, Fri, Mon, Tue.
    expect(disputeAnswerDue(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-12-02T00:00:00.000Z')
    // Wednesday December 23, 2026: Christmas (Friday 25) and the weekend skipped: Thu 24, Mon 28 to Thu 31, ending at its midnight.
    expect(disputeAnswerDue(new Date('2026-12-23T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })

  it('is overdue once due and unanswered', () => {
    const dispute = { answerDueAt: '2026-12-15T00:00:00.000Z', answeredAt: null }
    expect(isDisputeOverdue(dispute, new Date('2026-12-14T23:59:59Z'))).toBe(false)
    expect(isDisputeOverdue(dispute, new Date('2026-12-15T00:00:00Z'))).toBe(true)
    expect(isDisputeOverdue({ ...dispute, answeredAt: '2026-12-16T00:00:00.000Z' }, new Date('2026-12-20T00:00:00Z'))).toBe(false)
  })
})

describe('the invoice photos as the operator reviews them', () => {
  it('puts the newest invoice first, marks the others earlier, and keeps every document', () => {
    const at = '2026-11-27T09:00:00.000Z'
    const documents = [
      { documentType: 'invoice', createdAt: '2026-11-20T09:00:00.000Z', filePath: 'c/1_invoice_a.jpg' },
      { documentType: 'repair_photo', createdAt: '2026-11-20T09:00:00.000Z', filePath: 'c/1_repair_photo_b.jpg' },
      // Stored in the same millisecond: the path, which starts with the moment sent, decides.
      { documentType: 'invoice', createdAt: at, filePath: 'c/1764234000000_invoice_c.jpg' },
      { documentType: 'invoice', createdAt: at, filePath: 'c/1764234000001_invoice_d.jpg' },
    ]
    expect(latestInvoiceFirst(documents).map((document) => [document.filePath, document.earlier])).toEqual([
      ['c/1764234000001_invoice_d.jpg', false],
      ['c/1764234000000_invoice_c.jpg', true],
      ['c/1_invoice_a.jpg', true],
      ['c/1_repair_photo_b.jpg', false],
    ])
    expect(latestInvoiceFirst([])).toEqual([])
  })
})
