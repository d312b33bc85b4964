import type { ReactNode } from 'react'

/**
 * Charts drawn on the server as SVG (no library, no JavaScript). Each is an image with a title and a description for
 * screen readers, and its numbers are in a table beside it: the table is the chart's text alternative and its data.
 */

export type Point = { label: string; value: number }

/**
 * Each chart is drawn twice, for the two widths it is read at, and CSS shows one: an SVG scales its text with its
 * width, so one drawing 480 units wide made 10-unit labels about 6 px tall on a 375 px phone. The phone's drawing is
 * about as wide in units as it is on screen, so its labels render at their size (at least 12 px).
 */
type Layout = { width: number; height: number; font: number; phone: boolean }
const WIDE: Layout = { width: 480, height: 180, font: 12, phone: false }
const PHONE: Layout = { width: 290, height: 190, font: 13, phone: true }
const AXIS = 24

/** A chart's drawing: what names it for a screen reader, and how it is drawn at a layout's size. */
type Drawing = {
  id: string
  title: string
  description: string
  height?: (layout: Layout) => number
  draw: (layout: Layout) => ReactNode
}

function Drawings({ id, title, description, height, draw }: Drawing) {
  return (
    <>
      {[WIDE, PHONE].map((layout) => {
        const key = layout.phone ? `${id}-phone` : id
        return (
          <svg
            key={key}
            role="img"
            aria-labelledby={`${key}-title ${key}-desc`}
            viewBox={`0 0 ${layout.width} ${height ? height(layout) : layout.height}`}
            className={layout.phone ? 'h-auto w-full sm:hidden' : 'h-auto w-full max-w-xl max-sm:hidden'}
            data-testid={`chart-${key}`}
          >
            <title id={`${key}-title`}>{title}</title>
            <desc id={`${key}-desc`}>{description}</desc>
            {draw(layout)}
          </svg>
        )
      })}
    </>
  )
}

function ChartFrame({
  table,
  wideTable,
  ...drawing
}: Drawing & {
  table: ReactNode
  /** The table has more columns than a phone shows at once. */
  wideTable: boolean
}) {
  const { id, title } = drawing
  return (
    <figure aria-labelledby={`${id}-heading`} className="grid min-w-0 gap-4 lg:grid-cols-[3fr_2fr]">
      <figcaption id={`${id}-heading`} className="text-base font-semibold text-slate-900 lg:col-span-2">
        {title}
      </figcaption>
      <div className="min-w-0">
        <Drawings {...drawing} />
      </div>
      <SideScroller label={`${title}: the numbers`} cue={wideTable}>
        {table}
      </SideScroller>
    </figure>
  )
}

/**
 * A table that may be wider than a phone: it scrolls sideways, and says so — a caption on a phone, and shadows at the
 * edges where more columns hide (drawn by the background, so they show without JavaScript). Focusable, so a keyboard
 * can scroll it.
 */
export function SideScroller({ label, cue, children }: { label: string; cue: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0">
      {cue ? (
        <p className="mb-1 text-xs text-slate-600 sm:hidden" data-testid="scroll-cue">
          Scroll sideways for more columns.
        </p>
      ) : null}
      <div className="scroll-shadows overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </div>
  )
}

/** A bar chart's id (its drawings' anchor), the words that name it, its points, and how a value reads. */
type Bars = { id: string; title: string; description: string; points: Point[]; format?: (value: number) => string }

const countFormat = (value: number) => value.toLocaleString('en-US')

/** Vertical bars over time (e.g. the last 12 weeks). */
export function ColumnChart({
  points,
  format = countFormat,
  table,
  wideTable = false,
  ...named
}: Bars & {
  /** Replaces the default two-column table (e.g. to add columns). */
  table?: ReactNode
  /** The table given has more columns than fit a phone's width. */
  wideTable?: boolean
}) {
  const max = Math.max(1, ...points.map((point) => point.value))
  return (
    <ChartFrame
      {...named}
      draw={({ width, height, font, phone }) => {
        const slot = width / Math.max(1, points.length)
        const barWidth = Math.max(4, slot * 0.7)
        const plot = height - AXIS
        // Labels need about three characters' width each: every second or third one on a narrow drawing.
        const every = Math.max(1, Math.ceil((font * 3) / slot))
        return (
          <g>
            <line x1={0} x2={width} y1={plot} y2={plot} stroke="#94a3b8" />
            {points.map((point, index) => {
              const barHeight = (point.value / max) * (plot - font - 6)
              const x = index * slot + (slot - barWidth) / 2
              const labelled = (points.length - 1 - index) % every === 0
              return (
                <g key={point.label}>
                  <rect x={x} y={plot - barHeight} width={barWidth} height={barHeight} fill="#0b63c5" rx={2} />
                  {point.value > 0 && (!phone || labelled) ? (
                    <text x={x + barWidth / 2} y={plot - barHeight - 3} textAnchor="middle" fontSize={font} fill="#0f172a">
                      {format(point.value)}
                    </text>
                  ) : null}
                  {labelled ? (
                    // Kept inside the drawing: the last week's label would otherwise be cut at the right edge.
                    <text
                      x={Math.min(x + barWidth / 2, width - font * 1.6)}
                      y={height - 6}
                      textAnchor="middle"
                      fontSize={font}
                      fill="#334155"
                    >
                      {point.label}
                    </text>
                  ) : null}
                </g>
              )
            })}
          </g>
        )
      }}
      table={
        table ?? (
          <NumbersTable
            caption={named.title}
            head={['Week of', 'Number']}
            rows={points.map((point) => [point.label, format(point.value)])}
          />
        )
      }
      wideTable={wideTable}
    />
  )
}

/** About how wide a character of the charts' sans-serif text is, as a share of its font size (digits and most letters). */
const CHAR_WIDTH = 0.6

/** A label cut with an ellipsis to about `room` units at `font`: the full label is in the table beside the chart. */
function fitted(label: string, room: number, font: number) {
  const chars = Math.floor(room / (font * CHAR_WIDTH))
  return label.length <= chars ? label : `${label.slice(0, Math.max(1, chars - 1)).trimEnd()}…`
}

/** How tall one bar's band is in the wide drawing: the drawing is as tall as its bars, with no empty bands below. */
const WIDE_BAR_ROW = WIDE.height / 4

/** Horizontal bars, one per category (e.g. active policies by plan); on a phone each label sits above its bar. */
export function BarChart({ points, format = countFormat, ...chart }: Bars & { table: ReactNode }) {
  const max = Math.max(1, ...points.map((point) => point.value))
  const rows = Math.max(1, points.length)
  return (
    <ChartFrame
      {...chart}
      height={({ font, phone }) => (phone ? rows * (font * 2 + 12) : rows * WIDE_BAR_ROW)}
      draw={({ width, font, phone }) => {
        const row = phone ? font * 2 + 12 : WIDE_BAR_ROW
        const labelWidth = phone ? 0 : 200
        const barTop = phone ? font + 4 : row * 0.2
        const barHeight = phone ? font + 2 : row * 0.6
        // Room for the longest value after its bar, and a label no longer than its column: neither is cut at an edge.
        const valueRoom = Math.max(...points.map((point) => format(point.value).length)) * font * CHAR_WIDTH + 8
        const fits = (label: string) => fitted(label, phone ? width : labelWidth - 6, font)
        return (
          <g>
            {points.map((point, index) => {
              const barWidth = (point.value / max) * (width - labelWidth - valueRoom)
              const y = index * row
              return (
                <g key={point.label}>
                  <text
                    x={phone ? 0 : labelWidth - 6}
                    y={phone ? y + font : y + row / 2 + 4}
                    textAnchor={phone ? 'start' : 'end'}
                    fontSize={font}
                    fill="#0f172a"
                  >
                    {fits(point.label)}
                  </text>
                  <rect x={labelWidth} y={y + barTop} width={barWidth} height={barHeight} fill="#0b63c5" rx={2} />
                  <text x={labelWidth + barWidth + 4} y={y + barTop + barHeight - 2} fontSize={font} fill="#0f172a">
                    {format(point.value)}
                  </text>
                </g>
              )
            })}
          </g>
        )
      }}
      wideTable
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
  const over = value > limit
  return (
    <Drawings
      id={id}
      title={title}
      description={description}
      height={({ font }) => 34 + font}
      draw={({ width, font }) => {
        const toX = (amount: number) => (amount / scale) * width
        const labelWidth = label.length * font * 0.6
        return (
          <>
            <rect x={0} y={8} width={width} height={16} fill="#e2e8f0" rx={3} />
            <rect x={0} y={8} width={toX(value)} height={16} fill={over ? '#b91c1c' : '#0b63c5'} rx={3} />
            <line x1={toX(limit)} x2={toX(limit)} y1={2} y2={30} stroke="#0f172a" strokeWidth={2} />
            <text x={Math.max(0, Math.min(toX(limit) + 4, width - labelWidth))} y={30 + font} fontSize={font} fill="#0f172a">
              {label}
            </text>
          </>
        )
      }}
    />
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
