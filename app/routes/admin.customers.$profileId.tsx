import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { isAdmin, operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { PoliciesSection } from '~/components/admin/customer/policies'
import { ProfileCard } from '~/components/admin/customer/profile-card'
import { CustomerRecords } from '~/components/admin/customer/records'
import { VehiclesSection } from '~/components/admin/customer/vehicles'
import { GeneralErrorBoundary, isNotFound } from '~/components/error-boundary'
import { Toast, type ToastMessage } from '~/components/toast'
import { US_STATES } from '~/content/vehicles'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { planName } from '~/domain/plans'
import { isInInitialTerm, needsSetup } from '~/domain/policies'
import { cancelOnBehalf, correctVehicle, customerForOperator, planOfVehicle, resendCustomerEmail } from '~/models/customer-admin.server'
import { routeRules } from '~/route-rules'
import { redirectWithToast } from '~/toast.server'
import { fileUrl } from '~/utils/file-url'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { notFound, refusalOf } from '~/utils/refusal'
import { CancelOnBehalfSchema, CorrectVehicleSchema, ResendSchema } from '~/validation/operator'

import type { Route } from './+types/admin.customers.$profileId'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ params }: Route.LoaderArgs) {
  const customer = customerForOperator(params.profileId)
  if (!customer) notFound()
  const now = new Date()
  return {
    profile: customer.profile,
    policies: customer.policies.map((policy) => ({
      id: policy.id,
      plan: planName(policy),
      status: policy.status,
      monthly: formatPrice(policy.monthlyPriceCents),
      createdAt: policy.createdAt,
      initialTermEndsAt: policy.initialTermEndsAt,
      coverageStartDate: policy.coverageStartDate,
      cancelAt: policy.cancelAt,
      canceledAt: policy.canceledAt,
      tosVersion: policy.tosVersion,
      tosAcceptedAt: policy.tosAcceptedAt,
      arbitrationOptedOutAt: policy.arbitrationOptedOutAt,
      transferUsedAt: policy.transferUsedAt,
      stripeSubscriptionId: policy.stripeSubscriptionId,
      inCommitment: isInInitialTerm(policy, now),
      needsSetup: needsSetup(policy),
      vehicleId: policy.vehicleId,
      photos: policy.photos.map((photo) => ({
        id: photo.id,
        type: photo.photoType,
        at: photo.createdAt,
        full: fileUrl(photo.filePath),
        thumb: fileUrl(photo.thumbPath ?? photo.filePath),
      })),
    })),
    vehicles: customer.vehicles,
    claims: customer.claims.map((claim) => ({
      id: claim.id,
      code: claim.confirmationCode,
      status: claim.approvalStatus,
      damageType: claim.damageType,
      submittedAt: claim.submittedAt,
      partnerGroup: claim.partnerGroup,
      documents: claim.documents.map((doc) => ({ id: doc.id, type: doc.documentType, name: doc.fileName, url: fileUrl(doc.filePath) })),
    })),
    emails: customer.emails,
    payments: customer.payments,
    trail: customer.trail.map((row) => ({
      ...row,
      operator: row.actorEmail ? isAdmin({ email: row.actorEmail, role: row.actorRole ?? 'customer' }) : false,
    })),
    states: US_STATES.map((state) => state.code),
  }
}

type ActionResult = { intent: string; target: string; errors: Record<string, string[]>; toast: ToastMessage }

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(operatorContext)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const here = `/admin/customers/${params.profileId}`
  const refuse = (target: string, errors: Record<string, string[]>, title: string, status = 400) =>
    data<ActionResult>(
      { intent, target, errors, toast: { type: 'error', title, description: Object.values(errors).flat()[0] ?? 'Please check the form.' } },
      { status },
    )
  try {
    if (intent === 'resend') {
      const submission = parseWithZod(form, { schema: ResendSchema })
      if (submission.status !== 'success') return refuse('resend', { form: ['Please choose what to resend.'] }, 'Please Check the Form')
      const sent = await resendCustomerEmail({ profileId: params.profileId, policyId: submission.value.policyId, actorId: admin.id })
      return redirectWithToast(here, {
        type: 'success',
        title: 'E-mail Sent',
        description: `The ${sent.kind === 'finish-setup' ? 'finish-setup' : 'sign-in'} e-mail is on its way to ${sent.to}.`,
      })
    }
    if (intent === 'cancel-policy') {
      const submission = parseWithZod(form, { schema: CancelOnBehalfSchema })
      const target = String(form.get('policyId') ?? '')
      if (submission.status !== 'success')
        return refuse(target, (submission.reply().error ?? {}) as Record<string, string[]>, 'Please Check the Form')
      const input = submission.value
      await cancelOnBehalf({
        profileId: params.profileId,
        policyId: input.policyId,
        when: input.when,
        reason: input.reason,
        actorId: admin.id,
      })
      return redirectWithToast(here, {
        type: 'success',
        title: input.when === 'now' ? 'Policy Cancelled' : 'Renewal Turned Off',
        description:
          input.when === 'now'
            ? 'The policy and its subscription are cancelled; the customer has been e-mailed.'
            : 'The policy ends with its commitment; the customer has been e-mailed.',
      })
    }
    if (intent === 'correct-vehicle') {
      const vehicleId = String(form.get('vehicleId') ?? '')
      const schema = CorrectVehicleSchema(planOfVehicle(vehicleId))
      const submission = parseWithZod(form, { schema })
      if (submission.status !== 'success')
        return refuse(vehicleId, (submission.reply().error ?? {}) as Record<string, string[]>, 'Please Check the Form')
      const { reason, ...values } = submission.value
      correctVehicle({ profileId: params.profileId, vehicleId, values, reason, actorId: admin.id })
      return redirectWithToast(here, {
        type: 'success',
        title: 'Vehicle Corrected',
        description: 'The vehicle details are saved and audited.',
      })
    }
    return refuse('form', { form: ['Unknown action.'] }, 'Please Check the Form')
  } catch (error) {
    if (error instanceof RuleError) {
      const refusal = refusalOf(error)
      return data<ActionResult>(
        { intent, target: String(form.get('policyId') ?? form.get('vehicleId') ?? ''), errors: refusal.errors, toast: refusal.toast },
        { status: refusal.status },
      )
    }
    throw error
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  isNotFound(error) ? NOT_FOUND_META : operatorMeta(loaderData?.profile.fullName || loaderData?.profile.email || 'Customer')

export type CustomerPageData = Route.ComponentProps['loaderData']

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, policies, vehicles, claims, emails, payments, trail, states } = loaderData
  const failed = (intent: string, target: string) =>
    actionData?.intent === intent && actionData.target === target ? actionData.errors : {}
  return (
    <AdminPage title={profile.fullName || profile.email} sub={`Customer since ${formatLongDate(profile.createdAt, '—')}.`}>
      <Toast toast={actionData?.toast} className="mb-6" />
      <div className="grid gap-6">
        <ProfileCard profile={profile} />

        <PoliciesSection policies={policies} failed={failed} />

        <VehiclesSection vehicles={vehicles} states={states} failed={failed} />

        <CustomerRecords claims={claims} emails={emails} payments={payments} trail={trail} />
      </div>
    </AdminPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
