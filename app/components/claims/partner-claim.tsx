import type { KeptFile } from '~/components/claims/kept-files'
import { HoneypotInputs } from '~/components/honeypot'
import { DamagePhotos } from '~/components/shop/damage-photos'
import { FileField, InvoiceField, RepairTypeChoices } from '~/components/shop/invoice-fields'
import { JobPrice, type JobPriceView } from '~/components/shop/job-price'
import { Toast } from '~/components/toast'
import { buttonClass, Card, FieldError, inputClass } from '~/components/ui'
import { SHOP_FILE_FIELDS } from '~/domain/invoice'
import { REPAIR_FAILURE_MESSAGES, type ToastMessage } from '~/domain/messages'
import { vehicleName } from '~/domain/vehicles'
import type { HoneypotProps } from '~/utils/honeypot-fields'
import { MAX_LENGTH } from '~/validation/lengths'

// Emitted as its own file with a content hash in its name (served with a year-long immutable cache), never inlined:
// the page sends no React, and the CSP allows scripts from this site only.
import partnerScript from './partner-complete-claim.js?url&no-inline'

/**
 * The shop's 'Complete Claim Service' page as plain HTML forms: it renders on the server and
 * needs no JavaScript. A tiny optional script (partner-complete-claim.js) upper-cases the code as it is typed and
 * shows the pending labels.
 */

export const PARTNER_PAGE = '/partner/complete-claim'

export type PartnerClaimDetailsView = {
  claimId: string
  damageType: 'chip' | 'crack'
  damageDate: string | null
  description: string
  customer: { name: string; email: string }
  vehicle: { year: number; make: string; model: string; licensePlate: string | null; vin?: string | null } | null
  planType: 'chip_only' | 'comprehensive'
  planName: string
  partnerGroup: string | null
  replacementsLeft: number
  /** A claim under the repair-failure guarantee: the code of the repaired claim (the replacement is covered). */
  reworkOf?: string | null
  photos: { id: string; fileName: string; thumb: string; full: string }[]
  /** Files kept from a refused submit: listed on the form, used when its post names them, unless new ones are chosen. */
  attached?: { invoice: KeptFile[]; repairPhotos: KeptFile[] }
  /** What the job pays under the shops' price schedule, shown before the shop submits (none in the demo). */
  price?: JobPriceView | null
}

export type PartnerView =
  | { kind: 'entry' }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; wait: string; sitewide?: boolean }
  | { kind: 'pending_review' | 'denied' | 'completed'; code: string }
  | { kind: 'done'; code: string; claimId: string }
  | { kind: 'approved'; code: string; details: PartnerClaimDetailsView }

export function PartnerClaimPage({
  code,
  view,
  honeypot,
  errors = {},
  values = {},
  toast,
}: {
  code: string | null
  view: PartnerView
  /** The code lookup's honeypot (app/utils/honeypot-fields.ts). */
  honeypot: HoneypotProps
  errors?: Record<string, string[]>
  values?: Record<string, string>
  toast?: ToastMessage | null
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Complete Claim Service</h1>
      <p className="mt-2 text-slate-700">Enter the confirmation code the customer gave you to see the claim and mark the work complete.</p>
      {toast ? <Toast toast={toast} className="mt-6" /> : null}

      {view.kind === 'done' ? (
        <Done code={view.code} claimId={view.claimId} />
      ) : (
        <>
          <CodeEntry code={view.kind === 'entry' ? null : code} honeypot={honeypot} />
          <Result view={view} errors={errors} values={values} />
        </>
      )}
      <script src={partnerScript} defer />
    </div>
  )
}

function CodeEntry({ code, honeypot }: { code: string | null; honeypot: HoneypotProps }) {
  return (
    <form method="get" action={PARTNER_PAGE} className="mt-6 flex flex-wrap items-end gap-3" data-lookup-form>
      <div className="min-w-[14rem] flex-1 space-y-1.5">
        <label htmlFor="code" className="block text-sm font-medium text-slate-900">
          Confirmation Code
        </label>
        <input
          id="code"
          name="code"
          type="text"
          defaultValue={code ?? ''}
          placeholder="CS-XXXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={MAX_LENGTH.claimCode}
          required
          className={`${inputClass} font-mono uppercase tracking-widest`}
        />
      </div>
      <HoneypotInputs {...honeypot} />
      <button type="submit" className={buttonClass('primary')} data-pending-label="Looking up claim...">
        Look Up Claim
      </button>
    </form>
  )
}

function Notice({ title, children, tone = 'info' }: { title: string; children: React.ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div
      role="status"
      className={`mt-6 rounded-lg border p-4 ${tone === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-brand-100 bg-brand-50 text-brand-900'}`}
    >
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm">{children}</p>
    </div>
  )
}

function Result({ view, errors, values }: { view: PartnerView; errors: Record<string, string[]>; values: Record<string, string> }) {
  switch (view.kind) {
    case 'entry':
      return null
    case 'not_found':
      return (
        <Notice title="Claim Not Found" tone="warning">
          No claim matches this code. Please check the code with the customer and try again.
        </Notice>
      )
    case 'rate_limited':
      return (
        <Notice title="Too Many Attempts" tone="warning">
          {view.sitewide
            ? `We are receiving an unusual number of wrong codes, so lookups are paused for now. Please wait ${view.wait} and try again, or call us if you need help.`
            : `Too many codes were tried from this connection. Please wait ${view.wait} and try again, or call us if you need help.`}
        </Notice>
      )
    case 'pending_review':
      return (
        <Notice title="Awaiting Approval">
          Claim {view.code} is awaiting approval. Please don't start work yet: the customer will hear from us as soon as it is reviewed
          (within 48 hours).
        </Notice>
      )
    case 'denied':
      return (
        <Notice title="Claim Not Approved" tone="warning">
          Claim {view.code} was not approved, so it cannot be serviced under the plan.
        </Notice>
      )
    case 'completed':
      return <Notice title="Already Completed">Claim {view.code} has already been marked as complete. Nothing more to do.</Notice>
    case 'approved':
      return <ApprovedClaim code={view.code} details={view.details} errors={errors} values={values} />
    case 'done':
      return null
  }
}

function ApprovedClaim({
  code,
  details,
  errors,
  values,
}: {
  code: string
  details: PartnerClaimDetailsView
  errors: Record<string, string[]>
  values: Record<string, string>
}) {
  const replacement = values.repairType === 'replacement'
  const attached = details.attached
  const replacementNote = details.reworkOf
    ? REPAIR_FAILURE_MESSAGES.reworkOf(details.reworkOf) +
      ' A replacement is covered under the repair guarantee, on any plan, and does not use the plan year’s replacement.'
    : details.planType === 'chip_only'
      ? 'Chip Repair Only plan: a windshield replacement is not covered.'
      : details.replacementsLeft > 0
        ? 'Comprehensive plan: 1 windshield replacement left this plan year.'
        : 'Comprehensive plan: the replacement for this plan year has been used; a replacement is not covered.'
  return (
    <>
      <Card className="mt-6 space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">
          Claim <span className="font-mono">{code}</span>
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Customer</dt>
            <dd className="font-medium" data-testid="customer-name">
              {details.customer.name || '—'}
            </dd>
            <dd>{details.customer.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Vehicle</dt>
            <dd className="font-medium">{details.vehicle ? vehicleName(details.vehicle) : 'Not recorded'}</dd>
            {details.vehicle?.licensePlate ? <dd>Plate {details.vehicle.licensePlate}</dd> : null}
            {details.vehicle?.vin ? (
              <dd>
                VIN <span className="font-mono">{details.vehicle.vin}</span>
              </dd>
            ) : null}
          </div>
          <div>
            <dt className="text-slate-600">Damage type</dt>
            <dd className="capitalize">{details.damageType}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Plan</dt>
            <dd data-testid="plan-name">{details.planName}</dd>
          </div>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">What happened</h3>
          <p className="mt-1 whitespace-pre-line text-slate-800">{details.description}</p>
        </div>
        {details.photos.length ? <DamagePhotos photos={details.photos} /> : null}
      </Card>

      <Card className="mt-6">
        <h2 className="text-xl font-semibold text-slate-900">Complete the Service</h2>
        {details.price !== undefined ? (
          <div className="mt-4">
            <JobPrice price={details.price} />
          </div>
        ) : null}
        <form
          method="post"
          encType="multipart/form-data"
          action={`${PARTNER_PAGE}?code=${encodeURIComponent(code)}`}
          className="mt-4 space-y-5"
        >
          <input type="hidden" name="code" value={code} />
          <FieldError id="form-error" errors={errors.form ?? errors.code} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Service Type</legend>
            <p className="text-sm text-slate-600">{replacementNote}</p>
            <RepairTypeChoices replacement={replacement} errors={errors.repairType} />
          </fieldset>
          <InvoiceField name="actualCost" errors={errors} values={values} />
          <div className="space-y-1.5">
            <label htmlFor="partnerNotes" className="block text-sm font-medium text-slate-900">
              Partner Notes (optional)
            </label>
            <textarea id="partnerNotes" name="partnerNotes" rows={3} defaultValue={values.partnerNotes} className={inputClass} />
            <FieldError id="partnerNotes-error" errors={errors.partnerNotes} />
          </div>
          <FileField
            name={SHOP_FILE_FIELDS.invoice}
            label="Invoice Photo"
            kept={attached?.invoice ?? []}
            replaces="An invoice chosen above replaces it."
            errors={errors}
          />
          <FileField
            name={SHOP_FILE_FIELDS.repair_photo}
            label="Repair Photos"
            kept={attached?.repairPhotos ?? []}
            multiple
            errors={errors}
          />
          <button type="submit" className={buttonClass('primary')} data-pending-label="Completing...">
            Mark Service Complete
          </button>
        </form>
      </Card>
    </>
  )
}

function Done({ code, claimId }: { code: string; claimId: string }) {
  return (
    <Card className="mt-6 space-y-3 text-center">
      <h2 className="text-2xl font-bold text-slate-900">Service Completed!</h2>
      <p className="text-slate-700">Thank you. The claim has been marked as complete and the customer has been notified.</p>
      <dl className="mx-auto grid max-w-sm grid-cols-2 gap-2 text-left text-sm">
        <dt className="text-slate-600">Claim ID</dt>
        <dd className="font-mono" data-testid="completed-claim-id">
          {claimId}
        </dd>
        <dt className="text-slate-600">Confirmation code</dt>
        <dd className="font-mono">{code}</dd>
      </dl>
      <a href={PARTNER_PAGE} className={buttonClass('secondary')}>
        Look up another claim
      </a>
    </Card>
  )
}
