import { Form } from 'react-router'

import { TEXTS_CONSENT_LABEL, textsConsentText } from '~/content/texts-consent'
import { TEXT_MESSAGES } from '~/domain/messages'
import { TEXTS_PATH } from '~/domain/paths'
import { useIsPending } from '~/utils/pending'
import { MAX_LENGTH } from '~/validation/lengths'

import { buttonClass, Card, cx, Field, FieldError, inputClass } from './ui'

export type TextsState = {
  /** The number texts go to, as shown ('(801) 555-0142'), or null when texts are off. */
  phone: string | null
  /** The number waiting for the code texted to it (and whether one was sent), or null. */
  pending: { phone: string; codeSent: boolean } | null
  /** The mobile number already on the account, offered in the field instead of asking for it again. */
  numberOnFile: string | null
  supportPhone: string
}

/**
 * The customer's texts about their claims, on the dashboard (and on /customer/texts when a post needs its messages
 * shown again): the number they are sent to with a way to stop them; the number waiting for its code, with the code's
 * field, a new code and a way back; or the opt-in with its consent box, the number on the account filled in.
 */
export function TextsCard({
  texts,
  errors = {},
  values = {},
}: {
  texts: TextsState
  errors?: Record<string, string[] | undefined>
  values?: Record<string, string | undefined>
}) {
  const busy = useIsPending({ formMethod: 'POST', formAction: TEXTS_PATH })
  return (
    <Card className="mt-6" role="region" aria-labelledby="texts-heading" data-testid="texts-card">
      <h2 id="texts-heading" className="text-lg font-semibold text-slate-900">
        Texts about your claims
      </h2>
      {texts.phone ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            We text <span className="font-medium text-slate-900">{texts.phone}</span> when your claim is decided, booked, on the way and
            done.
          </p>
          <Form method="post" action={TEXTS_PATH} className="mt-3">
            <input type="hidden" name="intent" value="texts-off" />
            <button type="submit" className={buttonClass('secondary')} disabled={busy}>
              {busy ? 'Turning texts off...' : 'Turn texts off'}
            </button>
          </Form>
        </>
      ) : texts.pending ? (
        <>
          <p className="mt-1 text-sm text-slate-700" id="texts-code-text">
            {texts.pending.codeSent ? TEXT_MESSAGES.codeWaiting(texts.pending.phone) : TEXT_MESSAGES.codeNotSent(texts.pending.phone)}
          </p>
          {texts.pending.codeSent ? (
            <Form method="post" action={TEXTS_PATH} className="mt-3 space-y-4">
              <input type="hidden" name="intent" value="texts-confirm" />
              <Field label="Code from the text" htmlFor="texts-code" errors={errors.code} errorId="texts-code-error" className="max-w-xs">
                <input
                  id="texts-code"
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={MAX_LENGTH.numberCode}
                  required
                  aria-invalid={errors.code ? true : undefined}
                  aria-describedby={cx('texts-code-text', errors.code ? 'texts-code-error' : undefined)}
                  className={`${inputClass} font-mono tracking-[0.3em]`}
                />
              </Field>
              <button type="submit" className={buttonClass('primary')} disabled={busy}>
                {busy ? 'Confirming...' : 'Confirm number'}
              </button>
            </Form>
          ) : (
            <FieldError id="texts-code-error" errors={errors.code} />
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post" action={TEXTS_PATH}>
              <input type="hidden" name="intent" value="texts-code" />
              <button type="submit" className={buttonClass('secondary')} disabled={busy}>
                {texts.pending.codeSent ? 'Text me a new code' : 'Text me a code'}
              </button>
            </Form>
            <Form method="post" action={TEXTS_PATH}>
              <input type="hidden" name="intent" value="texts-off" />
              <button type="submit" className={buttonClass('secondary')} disabled={busy}>
                Use another number
              </button>
            </Form>
          </div>
        </>
      ) : (
        <Form method="post" action={TEXTS_PATH} className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="texts-on" />
          <Field label="Mobile number" htmlFor="texts-phone" errors={errors.phone} errorId="texts-phone-error" className="max-w-sm">
            <input
              id="texts-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={MAX_LENGTH.phone}
              required
              defaultValue={values.phone ?? texts.numberOnFile ?? undefined}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={cx(texts.numberOnFile ? 'texts-phone-on-file' : undefined, errors.phone ? 'texts-phone-error' : undefined)}
              className={inputClass}
            />
          </Field>
          {texts.numberOnFile ? (
            <p id="texts-phone-on-file" className="-mt-2 text-sm text-slate-600">
              {TEXT_MESSAGES.numberOnFile(texts.numberOnFile)}
            </p>
          ) : null}
          <div>
            <div className="space-y-1 text-sm text-slate-700" id="texts-consent-text">
              {textsConsentText(texts.supportPhone).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            <div className="mt-3 flex items-start gap-3">
              <input
                id="texts-consent"
                name="consent"
                type="checkbox"
                required
                className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={cx('texts-consent-text', errors.consent ? 'texts-consent-error' : undefined)}
              />
              <label htmlFor="texts-consent" className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
                {TEXTS_CONSENT_LABEL}
              </label>
            </div>
            <FieldError id="texts-consent-error" errors={errors.consent} />
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Texting a code...' : 'Turn texts on'}
          </button>
        </Form>
      )}
    </Card>
  )
}
