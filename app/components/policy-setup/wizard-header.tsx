import { PageHeading } from '~/components/ui'

/** The setup wizard's title and step indicator, shared by the wizard and the demo. */
export function WizardHeader({
  planName,
  policyNumber,
  step,
  title = 'Complete Your Policy',
}: {
  planName: string
  /** The number the customer reads (GP-…), not the internal id. */
  policyNumber: string
  step: 'photos' | 'vehicle'
  /** The transfer to a replacement vehicle reuses the wizard under its own title. */
  title?: string
}) {
  return (
    <>
      <PageHeading sub={`${planName} · Policy ${policyNumber}`}>{title}</PageHeading>
      <ol className="mb-8 grid grid-cols-2 gap-2 text-sm font-medium" aria-label="Setup steps">
        <li
          className={`rounded-full px-3 py-1.5 text-center ${step === 'photos' ? 'bg-brand-600 text-white' : 'bg-brand-100 text-brand-900'}`}
          aria-current={step === 'photos' ? 'step' : undefined}
        >
          1. Windshield photos
        </li>
        <li
          className={`rounded-full px-3 py-1.5 text-center ${step === 'vehicle' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700'}`}
          aria-current={step === 'vehicle' ? 'step' : undefined}
        >
          2. Vehicle information
        </li>
      </ol>
    </>
  )
}
