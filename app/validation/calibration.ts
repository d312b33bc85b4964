import { z } from 'zod'

import { CALIBRATION_METHODS, CALIBRATION_RESULTS } from '~/domain/calibration'
import { CALIBRATION_MESSAGES } from '~/domain/messages'

import { singleLineText } from './text'

const required = (max: number, message: string) => singleLineText({ error: message }).min(1, message).max(max, message)

/** The shop's calibration proof for a job (its files are checked beside it, by their bytes). */
export const CalibrationProofSchema = z.object({
  method: z.enum(CALIBRATION_METHODS, { error: CALIBRATION_MESSAGES.method }),
  toolMake: required(80, CALIBRATION_MESSAGES.toolMake),
  toolSerial: required(60, CALIBRATION_MESSAGES.toolSerial),
  technicianName: required(100, CALIBRATION_MESSAGES.technicianName),
  result: z.enum(CALIBRATION_RESULTS, { error: CALIBRATION_MESSAGES.result }),
})
