import { parseWithZod } from '@conform-to/zod/v4'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { CreditsSection } from '~/components/admin/customer/credits'
import { KeptRecordsSection } from '~/components/admin/customer/kept-records'
import { LettersSection } from '~/components/admin/customer/letters'
import { PoliciesSection } from '~/components/admin/customer/policies'
import { ProfileCard } from '~/components/admin/customer/profile-card'
import { CustomerRecords } from '~/components/admin/customer/records'
import { RefundsSection } from '~/components/admin/customer/refunds'
import { VehiclesSection } from '~/components/admin/customer/vehicles'
import { Toast } from '~/components/toast'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import {
  CHECK_THE_FORM,
  CREDIT_MESSAGES,
  CUSTOMER_ADMIN_MESSAGES,
  type FieldErrors,
  PROVIDER_CANCEL_MESSAGES,
  STATE_MESSAGES,
} from '~/domain/messages'
import { adminCustomerPath } from '~/domain/paths'
import { stateName } from '~/domain/state-rules'
import { addCredit, creditsForPolicies, waiveCredit } from '~/models/money/credits.server'
import { markPenaltyPaidByHand } from '~/models/money/refunds.server'
import {
  cancelOnBehalf,
  correctVehicle,
  customerForOperator,
  planOfVehicle,
  resendCustomerEmail,
} from '~/models/people/customer-admin.server'
import { customerPage } from '~/models/people/customer-page.server'
import { keptRecordsOf } from '~/models/people/kept-records.server'
import { mailingAddressRefusal, setMailingAddress } from '~/models/people/letters.server'
import { correctGoverningState } from '~/models/policies/governing-state.server'
import { CHANNEL_NAMES, followMailedNotices, noticeProviderCancellation } from '~/models/policies/provider-cancellation.server'
import { vinRefusal } from '~/models/policies/vehicles.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerErrors, answerRefusal, isNotFound, notFound, resultErrors } from '~/utils/refusal'
import {
  AddCreditSchema,
  CancelOnBehalfSchema,
  CorrectStateSchema,
  CorrectVehicleSchema,
  MailingAddressSchema,
  PenaltyPaidSchema,
  ProviderCancelSchema,
  ResendSchema,
  WaiveCreditSchema,
} from '~/validation/operator'

import type { Route } from './+types/admin.customers.$profileId'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ params }: Route.LoaderArgs) {
  const page = customerPage(params.profileId) ?? notFound()
  return { ...page, kept: keptRecordsOf(params.profileId) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(operatorContext)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const here = adminCustomerPath(params.profileId)
  // Messages under 'form' show beside the form's reason: these forms are checked field by field, not with useForm.
  const refuse = (target: string, errors: FieldErrors) => {
    const description = Object.values(errors).flatMap((messages) => messages ?? [])[0] ?? CHECK_THE_FORM.description
    return answerErrors(errors, { intent, target, toast: { type: 'error', title: CHECK_THE_FORM.title, description } })
  }
  try {
    if (intent === 'resend') {
      const submission = parseWithZod(form, { schema: ResendSchema })
      if (submission.status !== 'success') return refuse('resend', { form: [CUSTOMER_ADMIN_MESSAGES.chooseResend] })
      const sent = await resendCustomerEmail({ profileId: params.profileId, policyId: submission.value.policyId, actorId: admin.id })
      const kind = sent.kind === 'finish-setup' ? 'finish-setup' : 'sign-in'
      return redirectWithToast(here, { type: 'success', ...CUSTOMER_ADMIN_MESSAGES.emailSent(kind, sent.to) })
    }
    if (intent === 'cancel-policy') {
      const submission = parseWithZod(form, { schema: CancelOnBehalfSchema })
      const target = String(form.get('policyId') ?? '')
      if (submission.status !== 'success') return refuse(target, submission.error ?? {})
      const input = submission.value
      const { refund } = await cancelOnBehalf({
        profileId: params.profileId,
        policyId: input.policyId,
        when: input.when,
        reason: input.reason,
        actorId: admin.id,
      })
      const done = refund
        ? CUSTOMER_ADMIN_MESSAGES.cancelledWithRefund(formatPrice(refund.amountCents))
        : input.when === 'now'
          ? CUSTOMER_ADMIN_MESSAGES.cancelledNow
          : CUSTOMER_ADMIN_MESSAGES.renewalOff
      return redirectWithToast(here, { type: 'success', ...done })
    }
    if (intent === 'mailing-address') {
      const submission = parseWithZod(form, { schema: MailingAddressSchema })
      if (submission.status !== 'success') return refuse('mailing-address', submission.error ?? {})
      const { intent: _intent, ...address } = submission.value
      const refusal = mailingAddressRefusal(address)
      if (refusal) return refuse('mailing-address', refusal)
      const posted = await setMailingAddress(admin.id, params.profileId, address)
      // A cancellation notice waiting for this address ends only its days after the mailing.
      await followMailedNotices(new Date(), undefined, params.profileId)
      return redirectWithToast(here, { type: 'success', ...CUSTOMER_ADMIN_MESSAGES.mailingAddressSaved(posted) })
    }
    if (intent === 'provider-cancel') {
      const submission = parseWithZod(form, { schema: ProviderCancelSchema })
      const target = String(form.get('policyId') ?? '')
      if (submission.status !== 'success') return refuse(target, submission.error ?? {})
      const { policyId, ground, explanation } = submission.value
      const notice = await noticeProviderCancellation({ profileId: params.profileId, policyId, ground, explanation, actorId: admin.id })
      if (notice.waitsForEmail) return redirectWithToast(here, { type: 'info', ...PROVIDER_CANCEL_MESSAGES.emailFailed(notice.noticeDays) })
      const endsOn = formatLongDate(notice.effectiveAt.toISOString())
      return redirectWithToast(here, { type: 'success', ...PROVIDER_CANCEL_MESSAGES.noticed(endsOn, CHANNEL_NAMES[notice.channel]) })
    }
    if (intent === 'correct-state') {
      const submission = parseWithZod(form, { schema: CorrectStateSchema })
      const target = String(form.get('policyId') ?? '')
      if (submission.status !== 'success') return refuse(target, submission.error ?? {})
      const { policyId, governingState, reason } = submission.value
      correctGoverningState({ profileId: params.profileId, policyId, state: governingState, reason, actorId: admin.id })
      return redirectWithToast(here, { type: 'success', ...STATE_MESSAGES.corrected(stateName(governingState)) })
    }
    if (intent === 'correct-vehicle') {
      const vehicleId = String(form.get('vehicleId') ?? '')
      const plan = planOfVehicle(vehicleId)
      const submission = parseWithZod(form, { schema: CorrectVehicleSchema(plan.planType) })
      if (submission.status !== 'success') return refuse(vehicleId, submission.error ?? {})
      const { reason, ...values } = submission.value
      const vinMessage = values.vin ? await vinRefusal(values.vin, plan) : null
      if (vinMessage) return refuse(vehicleId, { vin: [vinMessage] })
      correctVehicle({ profileId: params.profileId, vehicleId, values, reason, actorId: admin.id })
      return redirectWithToast(here, { type: 'success', ...CUSTOMER_ADMIN_MESSAGES.vehicleCorrected })
    }
    if (intent === 'add-credit') {
      const submission = parseWithZod(form, { schema: AddCreditSchema })
      if (submission.status !== 'success') return refuse('add-credit', submission.error ?? {})
      // Only one of this customer's policies: anything else is the same 404 as none.
      const customer = customerForOperator(params.profileId)
      if (!customer?.policies.some((policy) => policy.id === submission.value.policyId)) notFound()
      const { policyId, amount, reason, formToken } = submission.value
      // A second post of the same form (a double click, a retried request) is the first one's credit: answered alike.
      await addCredit({ actorId: admin.id, policyId, amountCents: amount, reason, formToken })
      return redirectWithToast(`${here}#credits`, { type: 'success', ...CREDIT_MESSAGES.added })
    }
    if (intent === 'waive-credit') {
      const submission = parseWithZod(form, { schema: WaiveCreditSchema })
      const target = String(form.get('creditId') ?? '')
      if (submission.status !== 'success') return refuse(target, submission.error ?? {})
      const customer = customerForOperator(params.profileId)
      const ours = creditsForPolicies(customer?.policies.map((policy) => policy.id) ?? [])
      if (!ours.some((credit) => credit.id === submission.value.creditId)) notFound()
      waiveCredit({ actorId: admin.id, creditId: submission.value.creditId, reason: submission.value.reason })
      return redirectWithToast(`${here}#credits`, { type: 'success', ...CREDIT_MESSAGES.waived })
    }
    if (intent === 'penalty-paid') {
      const submission = parseWithZod(form, { schema: PenaltyPaidSchema })
      const target = String(form.get('refundId') ?? '')
      if (submission.status !== 'success') return refuse(target, submission.error ?? {})
      const { refundId, reference } = submission.value
      const paid = markPenaltyPaidByHand({ actorId: admin.id, profileId: params.profileId, refundId, reference })
      return redirectWithToast(here, { type: 'success', ...CUSTOMER_ADMIN_MESSAGES.penaltyPaid(formatPrice(paid.penaltyByHandCents)) })
    }
    return refuse('form', { form: [CUSTOMER_ADMIN_MESSAGES.unknownAction] })
  } catch (error) {
    if (error instanceof RuleError) {
      const target = form.get('policyId') ?? form.get('vehicleId') ?? form.get('refundId') ?? ''
      return answerRefusal(error, { values: null }, { intent, target: String(target) })
    }
    throw error
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  isNotFound(error) ? NOT_FOUND_META : operatorMeta(loaderData?.profile.fullName || loaderData?.profile.email || 'Customer')

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, policies, vehicles, claims, emails, payments, trail, states, refunds, letters, credits } = loaderData
  const failed = (intent: string, target: string) =>
    actionData?.intent === intent && actionData.target === target ? resultErrors(actionData.result) : {}
  return (
    <AdminPage title={profile.fullName || profile.email} sub={`Customer since ${formatLongDate(profile.createdAt, '—')}.`}>
      <Toast toast={actionData?.toast} className="mb-6" />
      <div className="grid gap-6">
        <ProfileCard profile={profile} errors={failed('mailing-address', 'mailing-address')} />

        <KeptRecordsSection kept={loaderData.kept} />

        <PoliciesSection policies={policies} failed={failed} />

        <RefundsSection refunds={refunds} failed={failed} />

        <CreditsSection credits={credits} policies={policies} formToken={loaderData.creditFormToken} failed={failed} />

        <LettersSection letters={letters} />

        <VehiclesSection vehicles={vehicles} states={states} failed={failed} />

        <CustomerRecords claims={claims} emails={emails} payments={payments} trail={trail} />
      </div>
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
