import { buttonClass, Card, Field, FieldError, inputClass } from '~/components/ui'
import { formatDateTime } from '~/domain/format'

import { describedBy, type FormErrors, type FormValues } from './invoice-fields'
import type { ShopJobView } from './job-summary'

/** The appointment: confirm a time inside the window the customer asked for, or propose another day and time. */
export function Appointment({
  job,
  window,
  errors,
  values,
}: {
  job: ShopJobView
  window: { words: string; from: number; until: number } | null
  errors: FormErrors
  values: FormValues
}) {
  const proposing = values.intent === 'propose'
  return (
    <Card className="space-y-5" data-testid="appointment">
      <h2 className="text-xl font-semibold text-slate-900">Appointment</h2>
      {window ? (
        <form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="confirm" />
          <Field
            label="Confirm a time"
            hint={`Inside the window asked for: ${window.words}.`}
            htmlFor="confirm-time"
            errors={proposing ? undefined : errors.time}
            errorId="confirm-time-error"
          >
            <input
              id="confirm-time"
              name="time"
              type="time"
              step={300}
              required
              defaultValue={proposing ? undefined : values.time}
              aria-invalid={!proposing && errors.time ? true : undefined}
              aria-describedby={describedBy('confirm-time-hint', !proposing && errors.time && 'confirm-time-error')}
              className={inputClass}
            />
          </Field>
          <button type="submit" className={buttonClass('primary')} data-pending-label="Confirming...">
            Confirm appointment
          </button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">The customer asked for no time: propose one.</p>
      )}
      <form method="post" className="space-y-3 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="propose" />
        <h3 className="text-base font-semibold">{window ? 'Propose another day and time' : 'Propose a time'}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Day" htmlFor="propose-date" errors={proposing ? errors.date : undefined} errorId="propose-date-error">
            <input
              id="propose-date"
              name="date"
              type="date"
              required
              defaultValue={proposing ? values.date : job.asked?.date}
              aria-invalid={proposing && errors.date ? true : undefined}
              aria-describedby={proposing && errors.date ? 'propose-date-error' : undefined}
              className={inputClass}
            />
          </Field>
          <Field label="Time" htmlFor="propose-time" errors={proposing ? errors.time : undefined} errorId="propose-time-error">
            <input
              id="propose-time"
              name="time"
              type="time"
              step={300}
              required
              defaultValue={proposing ? values.time : undefined}
              aria-invalid={proposing && errors.time ? true : undefined}
              aria-describedby={proposing && errors.time ? 'propose-time-error' : undefined}
              className={inputClass}
            />
          </Field>
        </div>
        <button type="submit" className={buttonClass('secondary')} data-pending-label="Proposing...">
          Propose this time
        </button>
      </form>
    </Card>
  )
}

/** A mobile appointment's "On the way": pressed once as the technician leaves; the customer is texted when they asked for texts. */
export function OnTheWay({ onTheWayAt, errors, zone }: { onTheWayAt: string | null; errors: FormErrors; zone: string }) {
  return (
    <Card className="space-y-3" data-testid="on-the-way">
      <h2 className="text-xl font-semibold text-slate-900">On the way</h2>
      {onTheWayAt ? (
        <p className="text-sm text-slate-800">
          On the way since <time dateTime={onTheWayAt}>{formatDateTime(onTheWayAt, '—', zone)}</time>.
        </p>
      ) : (
        <form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="on-the-way" />
          <p className="text-sm text-slate-700">Press as the technician leaves: the customer is told you are on the way.</p>
          <FieldError id="on-the-way-error" errors={errors.form} />
          <button type="submit" className={buttonClass('primary')} data-pending-label="Telling the customer...">
            On the way
          </button>
        </form>
      )}
    </Card>
  )
}
