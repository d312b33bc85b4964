import type { WindshieldZone } from '~/domain/claims'
import { WINDSHIELD_ZONE_LABELS } from '~/domain/messages'
import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH, svgPoints, ZONE_SHAPES } from '~/domain/windshield-diagram'

/**
 * A windshield seen from the driver's seat with the claim's damage zone filled: plain SVG rendered on the server (no
 * script), its words in the title for a screen reader. A claim filed before the form asked the zone marks none.
 */
export function WindshieldDiagram({ zone, className }: { zone: WindshieldZone | null; className?: string }) {
  const words = zone ? `Damage zone: ${WINDSHIELD_ZONE_LABELS[zone].toLowerCase()}` : 'Damage zone not recorded'
  return (
    <svg
      viewBox={`0 0 ${DIAGRAM_WIDTH} ${DIAGRAM_HEIGHT}`}
      width={DIAGRAM_WIDTH}
      height={DIAGRAM_HEIGHT}
      role="img"
      aria-label={words}
      className={className}
      data-zone={zone ?? 'none'}
    >
      <title>{words}</title>
      {ZONE_SHAPES.map((shape) => (
        <g key={shape.zone} data-zone-shape={shape.zone} data-marked={shape.zone === zone ? 'true' : undefined}>
          <polygon
            points={svgPoints(shape.points)}
            fill={shape.zone === zone ? '#f59e0b' : shape.zone === 'edge' ? '#cbd5e1' : '#e0f2fe'}
            stroke="#334155"
            strokeWidth={1.5}
          />
          <text x={shape.label[0]} y={shape.label[1]} textAnchor="middle" fontSize={11} fill="#0f172a">
            {shape.short}
          </text>
        </g>
      ))}
    </svg>
  )
}
