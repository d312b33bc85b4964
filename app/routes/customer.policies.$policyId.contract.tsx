import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { LegalDocumentView } from '~/components/legal-document'
import { PolicyPageHeader } from '~/components/policy-page-header'
import { Button, Card, FieldError } from '~/components/ui'
import { WalletLinks } from '~/components/wallet-links'
import { type DisclosureBlock, DISCLOSURES_HEADING } from '~/content/disclosures'
import { RuleError } from '~/domain/errors'
import { formatDateTime, formatLongDate } from '~/domain/format'
import { OPT_OUT_MESSAGES } from '~/domain/messages'
import { contractPath, contractPdfPath } from '~/domain/paths'
import { offersWalletCard } from '~/domain/policies'
import { optOutOfArbitration, policyContract } from '~/models/policies/contract.server'
import { walletsOffered } from '~/models/policies/wallet-card.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, notFound } from '~/utils/refusal'
import { useHydrated } from '~/utils/use-hydrated'
import { ArbitrationOptOutSchema } from '~/validation/signup'

import type { Route } from './+types/customer.policies.$policyId.contract'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  const contract = policyContract(customer.id, params.policyId)
  if (!contract) notFound()
  return { contract, wallets: offersWalletCard(contract) ? walletsOffered() : { apple: false, google: false } }
}

export async function action({ request, params }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: ArbitrationOptOutSchema })
  if (submission.status !== 'success') return answerSubmission(submission)
  try {
    await optOutOfArbitration(customer.id, params.policyId)
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error, submission)
  }
  throw await redirectWithToast(contractPath(params.policyId), { type: 'success', ...OPT_OUT_MESSAGES.done })
}

export default function PolicyContract({ loaderData, actionData }: Route.ComponentProps) {
  const { contract, wallets } = loaderData
  const hydrated = useHydrated()
  const pdfHref = contractPdfPath(contract.policyId)
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0">
      <PolicyPageHeader title="Your plan documents" toast={actionData?.toast} printable>
        The contract between you and {contract.company} for policy <span className="font-mono text-sm">{contract.policyNumber}</span>, as
        you agreed to it.
      </PolicyPageHeader>
      <div className="mt-4 flex flex-wrap items-center gap-3 print:hidden">
        <a
          href={pdfHref}
          download
          className="inline-flex items-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Download PDF
        </a>
        <WalletLinks
          policyId={contract.policyId}
          wallets={wallets}
          className="inline-flex items-center text-sm font-medium text-slate-700 underline hover:text-slate-900 max-sm:min-h-11"
        />
        {hydrated ? (
          <Button type="button" variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        ) : (
          <span className="text-sm text-slate-700">
            To print, use your browser&apos;s Print command: this page prints without the menus.
          </span>
        )}
      </div>

      {/* wrap-anywhere: the cancel address and the e-mail are long unbroken strings; on a phone they wrap, not the page. */}
      <Card className="mt-6 wrap-anywhere">
        <h2 className="text-xl font-semibold text-slate-900">Your plan</h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="Plan">{contract.planName}</Fact>
          {contract.vehicleClass ? <Fact label="Vehicle class">{contract.vehicleClass}</Fact> : null}
          {contract.hasAdas !== null ? <Fact label="ADAS">{contract.hasAdas ? 'Yes: recalibration included' : 'No'}</Fact> : null}
          <Fact label={contract.price.label}>{contract.price.text}</Fact>
          <Fact label="Billing">{contract.billing}</Fact>
          <Fact label="Purchased">{formatLongDate(contract.purchasedAt)}</Fact>
          <Fact label={contract.commitmentEndsLabel}>{formatLongDate(contract.commitmentEndsAt)}</Fact>
          <Fact label="Vehicle">{contract.vehicle ?? 'Not set up yet'}</Fact>
          {contract.vin ? <Fact label="VIN">{contract.vin}</Fact> : null}
          <Fact label="Customer">
            {contract.customer.name ? `${contract.customer.name} · ${contract.customer.email}` : contract.customer.email}
          </Fact>
          <Fact label="Governing state">{contract.governingState ?? 'Not set yet: the most protective rules apply'}</Fact>
          <Fact label="Terms accepted">
            Version {contract.terms.version} on {formatDateTime(contract.terms.acceptedAt)}
          </Fact>
          {contract.canceledAt ? <Fact label="Cancelled">{formatLongDate(contract.canceledAt)}</Fact> : null}
          {!contract.canceledAt && contract.renewalOffUntil ? (
            <Fact label="Renewal">Turned off: the plan ends on {formatLongDate(contract.renewalOffUntil)}</Fact>
          ) : null}
        </dl>
        <h3 className="mt-6 font-semibold text-slate-900">Renewal</h3>
        {contract.renewal.map((line) => (
          <p key={line} className="mt-2 text-sm leading-6 text-slate-800">
            {line}
          </p>
        ))}
        <h3 className="mt-6 font-semibold text-slate-900">How to cancel</h3>
        {contract.cancelling.map((line) => (
          <p key={line} className="mt-2 text-sm leading-6 text-slate-800">
            {line}
          </p>
        ))}
        <p className="mt-2 text-sm print:hidden">
          <Link to={contract.cancelPath} className="text-brand-700 underline">
            Cancel or turn off renewal
          </Link>
        </p>
      </Card>

      <DisclosuresCard disclosures={contract.disclosures} />

      <ArbitrationCard contract={contract} lastResult={actionData?.result ?? undefined} />

      <div className="mt-10 border-t border-slate-200 pt-8">
        {contract.terms.document ? (
          <LegalDocumentView
            doc={contract.terms.document}
            titleAs="h2"
            idPrefix="terms-"
            details={
              <p>
                <span>Version {contract.terms.version}</span>
                {contract.terms.lastUpdated ? (
                  <>
                    <span aria-hidden> · </span>
                    <span>Last updated {formatLongDate(contract.terms.lastUpdated)}</span>
                  </>
                ) : null}
              </p>
            }
          />
        ) : (
          <p className="text-slate-800">
            The text of terms version {contract.terms.version} is not available online. Please write to us and we will send it to you.
          </p>
        )}
      </div>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  )
}

/** What the contract must disclose: the provider, and the policy's state (content/disclosures.ts). */
function DisclosuresCard({ disclosures }: { disclosures: DisclosureBlock[] }) {
  return (
    <Card className="mt-6" aria-labelledby="disclosures-heading" role="region">
      <h2 id="disclosures-heading" className="text-xl font-semibold text-slate-900">
        {DISCLOSURES_HEADING}
      </h2>
      {disclosures.map((block) => (
        <section key={block.id} aria-labelledby={`disclosures-${block.id}`}>
          <h3 id={`disclosures-${block.id}`} className="mt-5 font-semibold text-slate-900">
            {block.heading}
          </h3>
          {block.lines.map((line) => (
            <p
              key={line}
              className={block.conspicuous ? 'mt-2 text-sm leading-6 font-bold text-slate-900' : 'mt-2 text-sm leading-6 text-slate-800'}
            >
              {line}
            </p>
          ))}
        </section>
      ))}
    </Card>
  )
}

function ArbitrationCard({
  contract,
  lastResult,
}: {
  contract: Route.ComponentProps['loaderData']['contract']
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { arbitration } = contract
  const busy = useIsPending({ intent: 'opt-out-arbitration' })
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ArbitrationOptOutSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <Card className="mt-6" aria-labelledby="arbitration-heading" role="region">
      <h2 id="arbitration-heading" className="text-xl font-semibold text-slate-900">
        Arbitration
      </h2>
      {arbitration.optedOutAt ? (
        <p className="mt-2 text-sm leading-6 text-slate-800" data-testid="arbitration-status">
          You opted out of arbitration on {formatDateTime(arbitration.optedOutAt)}. Disputes about this plan can go to court; the rest of
          the terms is unchanged.
        </p>
      ) : arbitration.open ? (
        <>
          <p className="mt-2 text-sm leading-6 text-slate-800" data-testid="arbitration-status">
            The terms include a binding arbitration agreement and a class-action waiver. You can opt out of them until{' '}
            {formatLongDate(arbitration.windowEndsAt)} (30 days after you accepted the terms). Opting out does not change anything else.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3 print:hidden">
            <input type="hidden" name="intent" value="opt-out-arbitration" />
            <label className="flex items-start gap-3 text-sm text-slate-900">
              <input
                {...getInputProps(fields.confirm, { type: 'checkbox' })}
                className="mt-0.5 size-5 rounded border-slate-400"
                aria-describedby={fields.confirm.errors ? fields.confirm.errorId : undefined}
              />
              <span>I opt out of the arbitration agreement and class-action waiver for this plan.</span>
            </label>
            <FieldError id={fields.confirm.errorId} errors={fields.confirm.errors} />
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Opting out...' : 'Opt out of arbitration'}
            </Button>
          </Form>
        </>
      ) : (
        <p className="mt-2 text-sm leading-6 text-slate-800" data-testid="arbitration-status">
          The 30 days to opt out of arbitration closed on {formatLongDate(arbitration.windowEndsAt)}. The arbitration agreement in the terms
          applies.
        </p>
      )}
    </Card>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Your plan documents', 'The contract of your Glass Plan policy as you agreed to it, as a page and a PDF.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
