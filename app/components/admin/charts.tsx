import type { ReactNode } from 'react'

/**
 * Charts drawn on the server as SVG (no library, no JavaScript). Each is an image with a title and a description for
 * screen readers, and its numbers are in a table beside it: the table is the chart's text alternative and its data.
 */

export type Point = { label: string; value: number }

const WIDTH = 480
const HEIGHT = 180
const AXIS = 20

function ChartFrame({
  id,
  title,
  description,
  chart,
  table,
}: {
  id: string
  title: string
  description: string
  chart: ReactNode
  table: ReactNode
}) {
  return (
    <figure aria-labelledby={`${id}-heading`} className="grid gap-4 lg:grid-cols-[3fr_2fr]">
      <figcaption id={`${id}-heading`} className="text-base font-semibold text-slate-900 lg:col-span-2">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl"
        data-testid={`chart-${id}`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {chart}
      </svg>
      {/* Focusable, so a keyboard can scroll it when the table is wider than the screen. */}
      <div className="overflow-x-auto" role="region" aria-label={`${title}: the numbers`} tabIndex={0}>
        {table}
      </div>
    </figure>
  )
}

/** Vertical bars over time (e.g. the last 12 weeks). */
export function ColumnChart({
  id,
  title,
  description,
  points,
  format = (value) => value.toLocaleString('en-US'),
  table,
}: {
  id: string
  title: string
  description: string
  points: Point[]
  format?: (value: number) => string
  /** Replaces the default two-column table (e.g. to add columns). */
  table?: ReactNode
}) {
  const max = Math.max(1, ...points.map((point) => point.value))
  const slot = WIDTH / Math.max(1, points.length)
  const barWidth = Math.max(4, slot * 0.7)
  const plot = HEIGHT - AXIS
  return (
    <ChartFrame
      id={id}
      title={title}
      description={description}
      chart={
        <g>
          <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke="#94a3b8" />
          {points.map((point, index) => {
            const height = (point.value / max) * (plot - 14)
            const x = index * slot + (slot - barWidth) / 2
            return (
              <g key={point.label}>
                <rect x={x} y={plot - height} width={barWidth} height={height} fill="#0b63c5" rx={2} />
                {point.value > 0 ? (
                  <text x={x + barWidth / 2} y={plot - height - 3} textAnchor="middle" fontSize={10} fill="#0f172a">
                    {format(point.value)}
                  </text>
                ) : null}
                {index % 2 === points.length % 2 || points.length <= 6 ? (
                  <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="#334155">
                    {point.label}
                  </text>
                ) : null}
              </g>
            )
          })}
        </g>
      }
      table={
        table ?? (
          <NumbersTable caption={title} head={['Week of', 'Number']} rows={points.map((point) => [point.label, format(point.value)])} />
        )
      }
    />
  )
}

/** Horizontal bars, one per category (e.g. active policies by plan). */
export function BarChart({
  id,
  title,
  description,
  points,
  format = (value) => value.toLocaleString('en-US'),
  table,
}: {
  id: string
  title: string
  description: string
  points: Point[]
  format?: (value: number) => string
  table: ReactNode
}) {
  const max = Math.max(1, ...points.map((point) => point.value))
  const row = HEIGHT / Math.max(4, points.length)
  const labelWidth = 200
  return (
    <ChartFrame
      id={id}
      title={title}
      description={description}
      chart={
        <g>
          {points.map((point, index) => {
            const width = (point.value / max) * (WIDTH - labelWidth - 60)
            const y = index * row
            return (
              <g key={point.label}>
                <text x={labelWidth - 6} y={y + row / 2 + 4} textAnchor="end" fontSize={11} fill="#0f172a">
                  {point.label}
                </text>
                <rect x={labelWidth} y={y + row * 0.2} width={width} height={row * 0.6} fill="#0b63c5" rx={2} />
                <text x={labelWidth + width + 4} y={y + row / 2 + 4} fontSize={11} fill="#0f172a">
                  {format(point.value)}
                </text>
              </g>
            )
          })}
        </g>
      }
      table={table}
    />
  )
}

/** How far `value` has come toward `limit` (e.g. the oldest claim's wait against the 48-hour promise). */
export function Meter({
  id,
  title,
  description,
  value,
  limit,
  label,
}: {
  id: string
  title: string
  description: string
  value: number
  limit: number
  label: string
}) {
  const scale = Math.max(limit * 1.25, value)
  const toX = (amount: number) => (amount / scale) * WIDTH
  const over = value > limit
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} 48`}
      className="h-auto w-full max-w-xl"
      data-testid={`chart-${id}`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <rect x={0} y={8} width={WIDTH} height={16} fill="#e2e8f0" rx={3} />
      <rect x={0} y={8} width={toX(value)} height={16} fill={over ? '#b91c1c' : '#0b63c5'} rx={3} />
      <line x1={toX(limit)} x2={toX(limit)} y1={2} y2={30} stroke="#0f172a" strokeWidth={2} />
      <text x={Math.min(toX(limit) + 4, WIDTH - 60)} y={44} fontSize={11} fill="#0f172a">
        {label}
      </text>
    </svg>
  )
}

export function NumbersTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-slate-700">
        <tr>
          {head.map((column) => (
            <th key={column} scope="col" className="py-1 pr-3 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map(([first, ...rest], index) => (
          <tr key={index}>
            <th scope="row" className="py-1 pr-3 font-normal">
              {first}
            </th>
            {rest.map((cell, cellIndex) => (
              <td key={cellIndex} className="py-1 pr-3 tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
