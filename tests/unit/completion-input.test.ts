import { describe, expect, it } from 'vitest'

import { completionInput } from '~/validation/invoice'

// The one way from a completion's fields to completeClaim's input, for the job page, the code-only page and the API.
describe('completionInput', () => {
  it('reads the code-only form: the code, the work, the total in cents however it is written, no invoice details', () => {
    for (const actualCost of ['$1,250.00', '1250', '1,250']) {
      expect(completionInput({ code: ' CS-ABC123 ', repairType: 'replacement', actualCost, partnerNotes: '' }, 'code')).toEqual({
        code: 'CS-ABC123',
        input: { repairType: 'replacement', actualCostCents: 125_000, partnerNotes: null },
        fieldErrors: {},
      })
    }
  })

  it("reads the job page's invoice too, an empty field as not sent", () => {
    const { input, fieldErrors } = completionInput(
      { repairType: '', actualCost: '89.50', partNumber: 'FW04567', laborHours: '1.5', kitMoulding: '', adasCalibration: 'static' },
      'job',
    )
    expect(fieldErrors).toEqual({})
    expect(input).toEqual({
      repairType: 'repair',
      actualCostCents: 8950,
      partnerNotes: null,
      invoiceDetails: { partNumber: 'FW04567', laborHours: 1.5, kitMoulding: null, adasCalibration: 'static' },
    })
  })

  it('still yields an input for a refused form, with the errors by field and the work and calibration as sent', () => {
    const refused = completionInput({ repairType: 'replacement', actualCost: 'a lot', adasCalibration: 'dynamic' }, 'job')
    expect(Object.keys(refused.fieldErrors)).toEqual(['actualCost'])
    expect(refused.input).toEqual({
      repairType: 'replacement',
      actualCostCents: null,
      partnerNotes: null,
      invoiceDetails: { partNumber: null, laborHours: null, kitMoulding: null, adasCalibration: 'dynamic' },
    })
    expect(completionInput({ actualCost: '12' }, 'code').fieldErrors).toHaveProperty('code')
  })
})
