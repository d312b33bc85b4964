import type { AdasCalibration } from './shops'

/**
 * The proof of an ADAS camera calibration that a shop records for a job: how it was calibrated, with what tool, by whom,
 * the result, and the files that show it (scan reports before and after, the tool's screen with the VIN and the date,
 * and for a static calibration the target set-up). A job whose completion names a calibration is paid only once its
 * proof is complete and passed (app/models/money/payouts.server.ts). Why: docs/decisions/072-calibration-proof-and-glass-record.md.
 */

/** How the camera was calibrated: the completion's calibrations other than none. */
export const CALIBRATION_METHODS = ['static', 'dynamic', 'both'] as const
export type CalibrationMethod = (typeof CALIBRATION_METHODS)[number]

export const CALIBRATION_RESULTS = ['pass', 'fail'] as const
export type CalibrationResult = (typeof CALIBRATION_RESULTS)[number]
export const CALIBRATION_RESULT_NAMES: Record<CalibrationResult, string> = { pass: 'Passed', fail: 'Did not pass' }

/** The files of a proof, kept as claim documents of these types; each is one file (a new one replaces it). */
export const CALIBRATION_FILE_TYPES = [
  'calibration_pre_scan',
  'calibration_post_scan',
  'calibration_tool_screen',
  'calibration_target_setup',
] as const
export type CalibrationFileType = (typeof CALIBRATION_FILE_TYPES)[number]

export function isCalibrationFileType(type: string): type is CalibrationFileType {
  return (CALIBRATION_FILE_TYPES as readonly string[]).includes(type)
}

/** The form's field for each file, and what the shop and the owner read for it. */
export const CALIBRATION_FILES: Record<CalibrationFileType, { field: string; label: string }> = {
  calibration_pre_scan: { field: 'preScan', label: 'Pre-scan report' },
  calibration_post_scan: { field: 'postScan', label: 'Post-scan report' },
  calibration_tool_screen: { field: 'toolScreen', label: "Photo of the tool's screen showing the VIN and the date" },
  calibration_target_setup: { field: 'targetSetup', label: 'Photo of the target set-up' },
}

/** The scan reports may be a PDF or a photo; the other two are photos. */
export const CALIBRATION_REPORT_TYPES: readonly CalibrationFileType[] = ['calibration_pre_scan', 'calibration_post_scan']

/** A static calibration (alone or with a dynamic one) is shown by its target set-up too. */
export function requiredCalibrationFiles(method: CalibrationMethod): CalibrationFileType[] {
  return method === 'dynamic' ? CALIBRATION_FILE_TYPES.filter((type) => type !== 'calibration_target_setup') : [...CALIBRATION_FILE_TYPES]
}

/** Whether the completion names a calibration: then the job needs a proof before it is paid. */
export function needsCalibrationProof(claim: { adasCalibration: AdasCalibration | null }) {
  return claim.adasCalibration !== null && claim.adasCalibration !== 'none'
}

export type CalibrationProofFacts = {
  method: CalibrationMethod
  toolMake: string
  toolSerial: string
  technicianName: string
  result: CalibrationResult
}

export type CalibrationGap = 'no_proof' | 'method_differs' | 'failed' | CalibrationFileType

/**
 * What keeps a job's calibration proof from being complete: none recorded, a method other than the completion's, a
 * result that did not pass, or a required file missing. Empty when complete (or when the job needs no proof).
 */
export function calibrationProofGaps(
  claim: { adasCalibration: AdasCalibration | null },
  proof: CalibrationProofFacts | null,
  fileTypes: readonly string[],
): CalibrationGap[] {
  if (!needsCalibrationProof(claim)) return []
  if (!proof) return ['no_proof']
  const gaps: CalibrationGap[] = []
  if (proof.method !== claim.adasCalibration) gaps.push('method_differs')
  if (proof.result !== 'pass') gaps.push('failed')
  for (const type of requiredCalibrationFiles(proof.method)) if (!fileTypes.includes(type)) gaps.push(type)
  return gaps
}
