import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { WindshieldDiagram } from '~/components/glass-record/windshield-diagram'
import { type CalibrationProofFacts, calibrationProofGaps, requiredCalibrationFiles } from '~/domain/calibration'
import { WINDSHIELD_ZONES } from '~/domain/claims'
import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH, WINDSHIELD_OUTLINE, ZONE_SHAPES } from '~/domain/windshield-diagram'

const proof = (overrides: Partial<CalibrationProofFacts> = {}): CalibrationProofFacts => ({
  method: 'static',
  toolMake: 'Autel',
  toolSerial: 'MA600-1234',
  technicianName: 'Sam Ortiz',
  result: 'pass',
  ...overrides,
})
const allFiles = ['calibration_pre_scan', 'calibration_post_scan', 'calibration_tool_screen', 'calibration_target_setup']

describe('a calibration proof is complete only with every part its method needs', () => {
  it('needs nothing for a job without a calibration', () => {
    expect(calibrationProofGaps({ adasCalibration: 'none' }, null, [])).toEqual([])
    expect(calibrationProofGaps({ adasCalibration: null }, null, [])).toEqual([])
  })

  it('names the missing proof of a calibrated job', () => {
    expect(calibrationProofGaps({ adasCalibration: 'dynamic' }, null, allFiles)).toEqual(['no_proof'])
  })

  it('is complete for a passed static calibration with all four files', () => {
    expect(calibrationProofGaps({ adasCalibration: 'static' }, proof(), allFiles)).toEqual([])
  })

  it('asks a static calibration (alone or with a dynamic one) for the target set-up, a dynamic one not', () => {
    const withoutTarget = allFiles.filter((type) => type !== 'calibration_target_setup')
    expect(calibrationProofGaps({ adasCalibration: 'static' }, proof(), withoutTarget)).toEqual(['calibration_target_setup'])
    expect(calibrationProofGaps({ adasCalibration: 'both' }, proof({ method: 'both' }), withoutTarget)).toEqual([
      'calibration_target_setup',
    ])
    expect(calibrationProofGaps({ adasCalibration: 'dynamic' }, proof({ method: 'dynamic' }), withoutTarget)).toEqual([])
    expect(requiredCalibrationFiles('dynamic')).not.toContain('calibration_target_setup')
  })

  it('names each missing scan and photo, a failed result and a method other than the completion’s', () => {
    expect(calibrationProofGaps({ adasCalibration: 'dynamic' }, proof({ result: 'fail' }), ['calibration_post_scan'])).toEqual([
      'method_differs',
      'failed',
      'calibration_pre_scan',
      'calibration_tool_screen',
      'calibration_target_setup',
    ])
  })
})

describe('the windshield diagram marks the claim’s zone', () => {
  const inside = ([x, y]: readonly [number, number]) => x >= 0 && x <= DIAGRAM_WIDTH && y >= 0 && y <= DIAGRAM_HEIGHT
  const centreX = (zone: string) => {
    const points = ZONE_SHAPES.find((shape) => shape.zone === zone)!.points
    return points.reduce((sum, [x]) => sum + x, 0) / points.length
  }

  it('has one shape per zone of the claim form, inside the drawing', () => {
    expect(ZONE_SHAPES.map((shape) => shape.zone).toSorted()).toEqual([...WINDSHIELD_ZONES].toSorted())
    for (const shape of ZONE_SHAPES) expect(shape.points.every(inside)).toBe(true)
    // The edge is the whole outline, drawn first: the other zones lie on top of it.
    expect(ZONE_SHAPES[0]).toMatchObject({ zone: 'edge', points: WINDSHIELD_OUTLINE })
  })

  it('places the driver on the left, the passenger on the right and the camera at the top centre, seen from the driver’s seat', () => {
    expect(centreX('driver')).toBeLessThan(centreX('center'))
    expect(centreX('center')).toBeLessThan(centreX('passenger'))
    expect(Math.abs(centreX('camera') - DIAGRAM_WIDTH / 2)).toBeLessThan(1)
    const cameraBottom = Math.max(...ZONE_SHAPES.find((shape) => shape.zone === 'camera')!.points.map(([, y]) => y))
    expect(cameraBottom).toBeLessThan(DIAGRAM_HEIGHT / 2)
  })

  it('fills only the claim’s zone and says it in words; a claim without a zone marks none', () => {
    for (const zone of WINDSHIELD_ZONES) {
      const html = renderToStaticMarkup(WindshieldDiagram({ zone }))
      expect(html.match(/data-marked="true"/g)).toHaveLength(1)
      expect(html).toContain(`data-zone-shape="${zone}" data-marked="true"`)
      expect(html).toMatch(/<title>Damage zone: [^<]+<\/title>/)
    }
    const none = renderToStaticMarkup(WindshieldDiagram({ zone: null }))
    expect(none).not.toContain('data-marked')
    expect(none).toContain('Damage zone not recorded')
  })
})
