import { HONEYPOT_FIELD, HONEYPOT_STAMP_FIELD, type HoneypotProps } from '~/utils/honeypot-fields'

/**
 * The honeypot's inputs (app/utils/honeypot-fields.ts), plain HTML that works without JavaScript: a pixel each, clipped, out
 * of the tab order and hidden from screen readers; the label tells anyone who does meet it to leave it empty. No ids,
 * so a page may hold several forms with it.
 */
export function HoneypotInputs({ stamp }: HoneypotProps) {
  return (
    <div className="sr-only" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} defaultValue="" autoComplete="off" tabIndex={-1} className="sr-only" />
      </label>
      {/* A text field too, so a bot that fills every field it finds overwrites it (a hidden input it would leave alone). */}
      <label>
        Leave this field as it is
        <input type="text" name={HONEYPOT_STAMP_FIELD} defaultValue={stamp} autoComplete="off" tabIndex={-1} className="sr-only" />
      </label>
    </div>
  )
}
