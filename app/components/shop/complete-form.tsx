import { type KeptFile, KeptFiles } from '~/components/claims/kept-files'
import { buttonClass, Card, FieldError, inputClass } from '~/components/ui'
import { calibrationRequired } from '~/domain/invoice'

import { describedBy, fileClass, type FormErrors, type FormValues, InvoiceFields, type InvoiceJob, labelClass } from './invoice-fields'

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
  const file = (name: string, label: string, accept: string, already: KeptFile[], multiple = false) => (
    <div className="space-y-1.5">
      <label htmlFor={name} className={labelClass}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        className={fileClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(already.length > 0 && `${name}-attached`, errors[name] && `${name}-error`)}
      />
      <KeptFiles
        id={`${name}-attached`}
        files={already}
        replaces={multiple ? 'Photos chosen above replace them.' : 'A file chosen above replaces it.'}
      />
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </div>
  )
  return (
    <Card className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Complete the job</h2>
      <form method="post" encType="multipart/form-data" className="space-y-5">
        <input type="hidden" name="intent" value="complete" />
        <FieldError id="form-error" errors={errors.form} />
        <fieldset aria-describedby={errors.repairType ? 'repairType-error' : undefined}>
          <legend className={labelClass}>Work done</legend>
          <div className="mt-2 flex gap-6">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="repairType" value="repair" defaultChecked={!replacement} /> Repair
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="repairType" value="replacement" defaultChecked={replacement} /> Replacement
            </label>
          </div>
          <FieldError id="repairType-error" errors={errors.repairType} />
        </fieldset>
        <InvoiceFields
          job={job}
          errors={errors}
          values={values}
          required={calibrationRequired({ planHasAdas: job.planHasAdas, repairType: replacement ? 'replacement' : 'repair' })}
          afterCalibration={file(
            'calibrationReport',
            'Calibration report (PDF or photo; required with a calibration)',
            'application/pdf,.pdf,image/*',
            attached.calibrationReport,
          )}
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
        {file('invoice', 'Invoice photo', 'image/*', attached.invoice)}
        {file('repairPhotos', 'Repair photos', 'image/*', attached.repairPhotos, true)}
        <button type="submit" className={buttonClass('primary')} data-pending-label="Completing...">
          Mark job complete
        </button>
      </form>
    </Card>
  )
}

/** After completion: the work done, the invoice's fields as sent, the notes and the files. */
export function Completed({
  job,
  documents,
  lines,
}: {
  job: { repairType: 'repair' | 'replacement' | null; partnerNotes: string | null }
  documents: { id: string; type: string; fileName: string; url: string }[]
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
            <a href={document.url} className="text-brand-700 underline" target="_blank" rel="noreferrer">
              {document.type === 'invoice' ? 'Invoice' : document.type === 'calibration_report' ? 'Calibration report' : 'Repair photo'}:{' '}
              {document.fileName}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}
