import type { KeptFile } from '~/components/claims/kept-files'
import { buttonClass, Card, FieldError, inputClass } from '~/components/ui'
import { calibrationRequired, SHOP_FILE_FIELDS } from '~/domain/invoice'
import { INVOICE_CORRECTION_FILES } from '~/domain/messages'

import {
  FileField,
  type FormErrors,
  type FormValues,
  InvoiceFields,
  type InvoiceJob,
  labelClass,
  RepairTypeChoices,
} from './invoice-fields'

/** Before completion: the work done, the invoice's fields, the notes and the files, kept as drafts when a post is refused. */
export function CompleteForm({
  job,
  errors,
  values,
  attached,
}: {
  job: InvoiceJob
  errors: FormErrors
  values: FormValues
  attached: { invoice: KeptFile[]; repairPhotos: KeptFile[]; calibrationReport: KeptFile[] }
}) {
  const replacement = (values.repairType ?? (job.damageType === 'crack' ? 'replacement' : 'repair')) === 'replacement'
  return (
    <Card className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Complete the job</h2>
      <form method="post" encType="multipart/form-data" className="space-y-5">
        <input type="hidden" name="intent" value="complete" />
        <FieldError id="form-error" errors={errors.form} />
        <fieldset aria-describedby={errors.repairType ? 'repairType-error' : undefined}>
          <legend className={labelClass}>Work done</legend>
          <RepairTypeChoices replacement={replacement} errors={errors.repairType} />
        </fieldset>
        <InvoiceFields
          job={job}
          errors={errors}
          values={values}
          required={calibrationRequired({ planHasAdas: job.planHasAdas, repairType: replacement ? 'replacement' : 'repair' })}
          afterCalibration={
            <FileField
              name={SHOP_FILE_FIELDS.calibration_report}
              label="Calibration report (PDF or photo; required with a calibration)"
              accept="application/pdf,.pdf,image/*"
              kept={attached.calibrationReport}
              errors={errors}
            />
          }
        />
        <div className="space-y-1.5">
          <label htmlFor="partnerNotes" className={labelClass}>
            Notes (optional)
          </label>
          <textarea
            id="partnerNotes"
            name="partnerNotes"
            rows={3}
            defaultValue={values.partnerNotes}
            aria-describedby={errors.partnerNotes ? 'partnerNotes-error' : undefined}
            className={inputClass}
          />
          <FieldError id="partnerNotes-error" errors={errors.partnerNotes} />
        </div>
        <FileField name={SHOP_FILE_FIELDS.invoice} label="Invoice photo" kept={attached.invoice} errors={errors} />
        <FileField name={SHOP_FILE_FIELDS.repair_photo} label="Repair photos" kept={attached.repairPhotos} multiple errors={errors} />
        <button type="submit" className={buttonClass('primary')} data-pending-label="Completing...">
          Mark job complete
        </button>
      </form>
    </Card>
  )
}

/** How the shop's list names a file: an invoice photo a correction replaced says so. */
function documentLabel(document: { type: string; earlier: boolean }) {
  if (document.type === 'invoice') return document.earlier ? INVOICE_CORRECTION_FILES.earlierInvoice : 'Invoice'
  return document.type === 'calibration_report' ? 'Calibration report' : 'Repair photo'
}

/** After completion: the work done, the invoice's fields as sent, the notes and the files. */
export function Completed({
  job,
  documents,
  lines,
}: {
  job: { repairType: 'repair' | 'replacement' | null; partnerNotes: string | null }
  documents: { id: string; type: string; earlier: boolean; fileName: string; url: string }[]
  lines: { name: string; label: string; shown: string }[]
}) {
  const rows: [string, string | null][] = [
    ['Work done', job.repairType === 'replacement' ? 'Replacement' : 'Repair'],
    // The invoice's fields as its declaration shows them (app/domain/invoice.ts).
    ...lines.map((line): [string, string | null] => [line.label, line.shown || null]),
    ['Notes', job.partnerNotes],
  ]
  return (
    <Card className="space-y-3" data-testid="job-completed">
      <h2 className="text-xl font-semibold text-slate-900">Done</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="whitespace-pre-line">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <ul className="text-sm">
        {documents.map((document) => (
          <li key={document.id}>
            {/* Links stacked one a line are targets of their own: 24 px high at least (WCAG 2.2, 2.5.8). */}
            <a href={document.url} className="inline-flex min-h-6 items-center text-brand-700 underline" target="_blank" rel="noreferrer">
              {documentLabel(document)}: {document.fileName}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}
