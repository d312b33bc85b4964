import { DEMO_BANNER } from '~/components/demo/sample-data'

/** Shown on every demo page (the demo layout route), so nobody mistakes sample data for their own. */
export function DemoBanner() {
  return (
    <div role="note" aria-label="Demo" className="border-b border-amber-300 bg-amber-50" data-testid="demo-banner">
      <p className="mx-auto max-w-6xl px-4 py-2 text-center text-sm font-semibold text-amber-950">{DEMO_BANNER}</p>
    </div>
  )
}
