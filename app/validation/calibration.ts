import { z } from 'zod'

import { CALIBRATION_METHODS, CALIBRATION_RESULTS } from '~/domain/calibration'
import { CALIBRATION_MESSAGES } from '~/domain/messages'

import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

const required = (max: number, message: string) => singleLineText({ error: message }).min(1, message).max(max, message)

/** The shop's calibration proof for a job (its files are checked beside it, by their bytes). */
export const CalibrationProofSchema = z.object({
  method: z.enum(CALIBRATION_METHODS, { error: CALIBRATION_MESSAGES.method }),
  toolMake: required(MAX_LENGTH.toolMake, CALIBRATION_MESSAGES.toolMake),
  toolSerial: required(MAX_LENGTH.serialNumber, CALIBRATION_MESSAGES.toolSerial),
  technicianName: required(MAX_LENGTH.personName, CALIBRATION_MESSAGES.technicianName),
  result: z.enum(CALIBRATION_RESULTS, { error: CALIBRATION_MESSAGES.result }),
})
