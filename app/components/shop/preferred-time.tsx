import { choiceClass, Field, FieldError, inputClass } from '~/components/ui'
import { formatLongDate } from '~/domain/format'
import { TIME_SLOT_NAMES, TIME_SLOTS } from '~/domain/shops'

/**
 * The customer's preferred day and half-day for a repair: asked when choosing the shop and again when asking the shop
 * for another time. Plain inputs, so the form works without JavaScript; a refused post comes back with its values.
 */
export function PreferredTimeFields({
  dates,
  values,
  errors,
}: {
  dates: readonly string[]
  values: Record<string, string | undefined>
  errors: Record<string, string[] | undefined>
}) {
  return (
    <>
      <Field label="Preferred day" htmlFor="preferredDate" errors={errors.preferredDate}>
        <select id="preferredDate" name="preferredDate" defaultValue={values.preferredDate ?? dates[0]} className={inputClass}>
          {dates.map((date) => (
            <option key={date} value={date}>
              {formatLongDate(date)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset aria-describedby={errors.preferredSlot ? 'preferredSlot-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">Time of day</legend>
        {TIME_SLOTS.map((slot) => (
          <label key={slot} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="preferredSlot"
              value={slot}
              defaultChecked={(values.preferredSlot ?? 'morning') === slot}
              className={choiceClass}
            />
            {TIME_SLOT_NAMES[slot]}
          </label>
        ))}
        <FieldError id="preferredSlot-error" errors={errors.preferredSlot} />
      </fieldset>
    </>
  )
}
