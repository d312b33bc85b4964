import { useRouteLoaderData } from 'react-router'

import { DEFAULT_OPERATOR_ZONE, type OperatorZone } from '~/domain/calendar'
import { formatDateTime } from '~/domain/format'

/** What the operator area's layout (app/routes/admin.tsx) loads for every console page; its loader returns this. */
export type OperatorLayoutData = { timeZone: OperatorZone }

/** The zone the signed-in operator chose for the console's times (the operator area's layout loads it). */
export function useOperatorZone(): OperatorZone {
  return useRouteLoaderData<OperatorLayoutData>('routes/admin')?.timeZone ?? DEFAULT_OPERATOR_ZONE
}

/** `formatDateTime` in the operator's zone, labelled with its abbreviation: 'Nov 21, 2026, 8:04 AM MST'. */
export function useOperatorTime() {
  const zone = useOperatorZone()
  return (value: string | Date | null | undefined, fallback?: string) => formatDateTime(value, fallback, zone)
}
