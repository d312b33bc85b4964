import { StateSelect } from '~/components/state-select'
import { Field, inputClass } from '~/components/ui'
import type { MailingAddress } from '~/domain/letters'
import { fieldLimits, MAX_LENGTH } from '~/validation/limits'
import { MailingAddressSchema } from '~/validation/operator'

const ADDRESS_LIMITS = fieldLimits(MailingAddressSchema)

/** The street fields with the browser's autofill names (WCAG 2.2, 1.3.5: the purpose of a field about the user). */
const ADDRESS_FIELDS = [
  ['name', 'Name on the letter', 'name'],
  ['line1', 'Street address', 'address-line1'],
  ['line2', 'Apartment, suite (optional)', 'address-line2'],
  ['city', 'City', 'address-level2'],
] as const

/**
 * A US mailing address's fields, as MailingAddressSchema reads them: the operator's customer page and the customer's
 * own address form show the same ones, each with its error by it. `idPrefix` keeps the ids unique on a page.
 */
export function MailingAddressFields({
  address,
  errors,
  idPrefix = 'address',
  ownAddress = false,
}: {
  address: MailingAddress | null
  errors: Record<string, string[] | undefined>
  idPrefix?: string
  /** The customer's own address: the browser may fill it in. */
  ownAddress?: boolean
}) {
  const auto = (token: string) => (ownAddress ? token : 'off')
  return (
    <>
      {ADDRESS_FIELDS.map(([key, label, token]) => (
        <Field key={key} label={label} htmlFor={`${idPrefix}-${key}`} errors={errors[key]}>
          <input
            id={`${idPrefix}-${key}`}
            name={key}
            required={key !== 'line2'}
            defaultValue={address?.[key] ?? ''}
            maxLength={ADDRESS_LIMITS[key].maxLength}
            autoComplete={auto(token)}
            className={inputClass}
            aria-invalid={errors[key] ? true : undefined}
            aria-describedby={errors[key] ? `${idPrefix}-${key}-error` : undefined}
          />
        </Field>
      ))}
      <Field label="State" htmlFor={`${idPrefix}-state`} errors={errors.state}>
        <StateSelect
          id={`${idPrefix}-state`}
          name="state"
          defaultValue={address?.state}
          invalid={Boolean(errors.state)}
          errorId={`${idPrefix}-state-error`}
        />
      </Field>
      <Field label="ZIP code" htmlFor={`${idPrefix}-zip`} errors={errors.zip}>
        <input
          id={`${idPrefix}-zip`}
          name="zip"
          required
          inputMode="numeric"
          defaultValue={address?.zip ?? ''}
          maxLength={MAX_LENGTH.zipPlus4}
          autoComplete={auto('postal-code')}
          className={inputClass}
          aria-invalid={errors.zip ? true : undefined}
          aria-describedby={errors.zip ? `${idPrefix}-zip-error` : undefined}
        />
      </Field>
    </>
  )
}
