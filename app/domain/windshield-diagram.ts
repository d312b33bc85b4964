import type { WindshieldZone } from './claims'

/**
 * The windshield diagram of the vehicle's glass record, seen from the driver's seat (the claim form's zones): one
 * drawing shared by the page (a server-rendered SVG) and the PDF (pdfkit), so both mark a zone in the same place.
 * Drawn in layers: the edge band is the whole outline, the three areas across the glass lie inside it, and the camera's
 * patch behind the mirror lies on top of the center.
 */
export const DIAGRAM_WIDTH = 300
export const DIAGRAM_HEIGHT = 140

export type Point = readonly [number, number]

export const WINDSHIELD_OUTLINE: readonly Point[] = [
  [30, 10],
  [270, 10],
  [295, 130],
  [5, 130],
]

/** Each zone's shape, in drawing order (later ones on top), and where its short label sits. */
export const ZONE_SHAPES: readonly { zone: WindshieldZone; points: readonly Point[]; label: Point; short: string }[] = [
  { zone: 'edge', points: WINDSHIELD_OUTLINE, label: [150, 127], short: 'Edge' },
  {
    zone: 'driver',
    points: [
      [40, 22],
      [115, 22],
      [115, 118],
      [20, 118],
    ],
    label: [72, 90],
    short: 'Driver',
  },
  {
    zone: 'center',
    points: [
      [115, 22],
      [185, 22],
      [185, 118],
      [115, 118],
    ],
    label: [150, 90],
    short: 'Center',
  },
  {
    zone: 'passenger',
    points: [
      [185, 22],
      [260, 22],
      [280, 118],
      [185, 118],
    ],
    label: [228, 90],
    short: 'Passenger',
  },
  {
    zone: 'camera',
    points: [
      [130, 22],
      [170, 22],
      [170, 50],
      [130, 50],
    ],
    label: [150, 40],
    short: 'Camera',
  },
]

/** An SVG polygon's points attribute. */
export function svgPoints(points: readonly Point[]) {
  return points.map(([x, y]) => `${x},${y}`).join(' ')
}
