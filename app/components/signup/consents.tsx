import { getInputProps } from '@conform-to/react'
import type { ReactNode } from 'react'

import { LegalDocumentView } from '~/components/legal-document'
import { cx, Field, FieldError, inputClass } from '~/components/ui'
import { ESIGN_CONSENT_LABEL, esignDisclosure } from '~/content/esign'
import type { LegalDocument } from '~/content/legal'
import { ESIGN_DISCLOSURE_PDF_PATH } from '~/domain/paths'

import type { SignupFields } from './plan-form'

/** The terms of service in a bounded box beside the form, with a link to their own page. */
export function TermsBox({ terms }: { terms: { document: LegalDocument; version: string } }) {
  return (
    <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <div
        role="region"
        aria-label="Terms of Service"
        tabIndex={0}
        className="max-h-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 lg:max-h-[36rem]"
      >
        <LegalDocumentView doc={terms.document} compact titleAs="h2" idPrefix="terms-" details={`Version ${terms.version}`} />
      </div>
      {/* The terms inline on small screens; in a bounded box, so the checkbox and the button stay by the price. */}
      <p className="mt-2 text-xs text-slate-600">
        Scroll the box to read all of the terms, or{' '}
        <a href="/terms-of-service" target="_blank" rel="noreferrer" className="text-brand-700 underline">
          open them on their own page
        </a>
        .
      </p>
    </div>
  )
}

/** The three agreements before paying: the terms, the automatic renewal (its terms for the state chosen), e-delivery. */
export function Consents({
  fields,
  renewalText,
  supportEmail,
  setAccepted,
  setRenewalAccepted,
  setEsignAccepted,
}: {
  fields: SignupFields
  renewalText: string[]
  supportEmail: string
  setAccepted: (accepted: boolean) => void
  setRenewalAccepted: (accepted: boolean) => void
  setEsignAccepted: (accepted: boolean) => void
}) {
  return (
    <>
      <div>
        <ConsentCheckbox field={fields.acceptTerms} onChange={setAccepted}>
          I have read and agree to the Terms of Service
        </ConsentCheckbox>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold text-slate-900">Automatic renewal</h2>
        <div className="mt-2 space-y-2 text-sm text-slate-800" id="renewal-terms" data-testid="renewal-terms" aria-live="polite">
          {renewalText.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <ConsentCheckbox
          field={fields.acceptRenewal}
          onChange={setRenewalAccepted}
          describedBy={cx('renewal-terms', fields.acceptRenewal.errors && fields.acceptRenewal.errorId)}
          boxed
        >
          I agree to the automatic renewal terms above
        </ConsentCheckbox>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold text-slate-900">Electronic delivery</h2>
        {/*
          Shown open, never folded away: the E-SIGN Act wants it read before the consent (15 U.S.C. §7001(c)(1)(B)). In a
          bounded box that scrolls, as the terms are, so on a phone the button stays near the price.
        */}
        <div
          role="region"
          aria-label="Electronic delivery disclosure"
          tabIndex={0}
          className="mt-2 max-h-28 space-y-2 overflow-y-auto text-sm text-slate-800 lg:max-h-none"
          id="esign-disclosure"
          data-testid="esign-disclosure"
        >
          {esignDisclosure(supportEmail).map((section) => (
            <p key={section.heading}>
              <strong>{section.heading}.</strong> {section.text}
            </p>
          ))}
        </div>
        <Field field={fields.esignCode} className="mt-3 max-w-xs" label="Code printed in the PDF" hint={<EsignCodeHint />}>
          <input
            {...getInputProps(fields.esignCode, { type: 'text' })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={inputClass}
          />
        </Field>
        <ConsentCheckbox
          field={fields.acceptEsign}
          onChange={setEsignAccepted}
          describedBy={cx('esign-disclosure', fields.acceptEsign.errors && fields.acceptEsign.errorId)}
          boxed
        >
          {ESIGN_CONSENT_LABEL}
        </ConsentCheckbox>
      </div>
    </>
  )
}

/**
 * One agreement's checkbox, its words as its label, and its message. `boxed`: below the terms it agrees to, in their
 * box; `describedBy` names those terms for a screen reader instead of only the message.
 */
function ConsentCheckbox({
  field,
  onChange,
  describedBy,
  boxed = false,
  children,
}: {
  field: SignupFields['acceptTerms' | 'acceptRenewal' | 'acceptEsign']
  onChange: (accepted: boolean) => void
  describedBy?: string
  boxed?: boolean
  children: ReactNode
}) {
  const input = getInputProps(field, { type: 'checkbox' })
  return (
    <>
      <div className={boxed ? 'mt-3 flex items-start gap-3' : 'flex items-start gap-3'}>
        <input
          {...input}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-describedby={describedBy ?? input['aria-describedby']}
          className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-600"
        />
        <label htmlFor={field.id} className="text-sm text-slate-900 max-sm:flex max-sm:min-h-11 max-sm:items-center">
          {children}
        </label>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </>
  )
}

/** Why the E-SIGN step asks for the PDF's code, with the link to the PDF: the same at signup and for a next owner. */
export function EsignCodeHint() {
  return (
    <>
      Your contract and notices come as PDF files. To show your device opens them,{' '}
      <a href={ESIGN_DISCLOSURE_PDF_PATH} target="_blank" rel="noreferrer" className="text-brand-700 underline">
        open this disclosure as a PDF
      </a>{' '}
      and type the 6-character code printed in it.
    </>
  )
}
