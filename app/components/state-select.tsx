import { US_STATES } from '~/domain/us-states'

import { inputClass } from './ui'

/**
 * The "State of residence" select: the 50 states and DC by name, a USPS code as the value, nothing chosen at first
 * (the server refuses an empty or unknown value with a message next to it).
 */
export function StateSelect({
  id,
  name,
  defaultValue,
  errorId,
  invalid,
  onChange,
}: {
  id: string
  name: string
  defaultValue?: string | null
  errorId?: string
  invalid?: boolean
  onChange?: (code: string) => void
}) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue ?? ''}
      required
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      className={inputClass}
    >
      <option value="">Select your state</option>
      {US_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </select>
  )
}
