import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { GroupForm } from '~/components/admin/partners/group-form'
import { LocationForm } from '~/components/admin/partners/location-form'
import { PartnerGroups } from '~/components/admin/partners/partner-groups'
import { Toast } from '~/components/toast'
import { PARTNER_MESSAGES, SHOP_STAFF_MESSAGES } from '~/domain/messages'
import { ZIP_PATTERN } from '~/domain/shops'
import { env } from '~/env.server'
import {
  createPartnerGroup,
  createPartnerLocation,
  listPartnerGroups,
  partnerGroupExists,
  setPartnerGroupActive,
  setPartnerLocationActive,
  slugTaken,
  updatePartnerGroup,
  updatePartnerLocation,
} from '~/models/shops/partners.server'
import { addShopStaff, removeShopStaff, staffByGroup, staffMembership } from '~/models/shops/shop-staff.server'
import { routeRules } from '~/server/route-rules'
import { zipPlace } from '~/services/zip-centroids.server'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerSubmission, isNotFound, notFound } from '~/utils/refusal'
import { PartnerConsoleSchema } from '~/validation/partners'

import type { Route } from './+types/admin.partners'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader() {
  const staff = staffByGroup()
  return { groups: listPartnerGroups().map((group) => ({ ...group, staff: staff.get(group.id) ?? [] })), appUrl: env().APP_URL }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const formData = await request.formData()
  const submission = await parseWithZod(formData, {
    // A location's group is a choice from the list and its signup link must be free: both are the form's answers,
    // refused next to their field. The row a form edits or switches is not: a stale page's gone row is notFound().
    schema: PartnerConsoleSchema.superRefine((value, ctx) => {
      const location = value.intent === 'create-location' || value.intent === 'edit-location'
      if (location && !partnerGroupExists(value.partnerGroupId)) {
        ctx.addIssue({ code: 'custom', path: ['partnerGroupId'], message: PARTNER_MESSAGES.unknownGroup })
      }
      if (location && slugTaken(value.slug, value.intent === 'edit-location' ? value.id : undefined)) {
        ctx.addIssue({ code: 'custom', path: ['slug'], message: PARTNER_MESSAGES.slugTaken })
      }
      // An address works for one group only: its staff see that group's jobs.
      if (value.intent === 'add-staff') {
        const membership = staffMembership(value.email)
        if (membership) ctx.addIssue({ code: 'custom', path: ['email'], message: SHOP_STAFF_MESSAGES.alreadyStaff(membership.groupName) })
      }
      // A ZIP that is well formed but not a real one would put the shop nowhere: refused next to the field.
      if (location && value.zip && ZIP_PATTERN.test(value.zip)) {
        const place = zipPlace(value.zip)
        if (!place) ctx.addIssue({ code: 'custom', path: ['zip'], message: PARTNER_MESSAGES.unknownZip })
        else if (value.state && /^[A-Z]{2}$/.test(value.state) && value.state !== place.state) {
          ctx.addIssue({ code: 'custom', path: ['state'], message: PARTNER_MESSAGES.zipInOtherState(place.state) })
        }
      }
    }),
    async: true,
  })
  if (submission.status !== 'success') {
    return answerSubmission(submission, {
      intent: String(formData.get('intent')),
      id: String(formData.get('id') ?? ''),
      toast: { type: 'error' as const, ...PARTNER_MESSAGES.correct },
    })
  }
  const value = submission.value
  switch (value.intent) {
    case 'create-group': {
      const group = createPartnerGroup(operator.id, value)
      return redirectWithToast('/admin/partners', { type: 'success', ...PARTNER_MESSAGES.groupAdded(group.name) })
    }
    case 'create-location': {
      const location = createPartnerLocation(operator.id, value)
      return redirectWithToast('/admin/partners', { type: 'success', ...PARTNER_MESSAGES.locationAdded(location.slug) })
    }
    case 'edit-group': {
      const group = updatePartnerGroup(operator.id, value.id, value)
      if (!group) notFound()
      return redirectWithToast('/admin/partners', { type: 'success', ...PARTNER_MESSAGES.groupSaved(group.name) })
    }
    case 'edit-location': {
      const location = updatePartnerLocation(operator.id, value.id, value)
      if (!location) notFound()
      return redirectWithToast('/admin/partners', { type: 'success', ...PARTNER_MESSAGES.locationSaved(location.slug) })
    }
    case 'set-group-active': {
      if (!setPartnerGroupActive(operator.id, value.id, value.active === 'true')) notFound()
      return redirectWithToast('/admin/partners', { type: 'success', ...PARTNER_MESSAGES.group(value.active === 'true') })
    }
    case 'set-location-active': {
      if (!setPartnerLocationActive(operator.id, value.id, value.active === 'true')) notFound()
      return redirectWithToast('/admin/partners', { type: 'success', ...PARTNER_MESSAGES.location(value.active === 'true') })
    }
    case 'add-staff': {
      const member = addShopStaff(operator.id, value.id, value.email)
      if (!member) notFound()
      return redirectWithToast('/admin/partners', { type: 'success', ...SHOP_STAFF_MESSAGES.added(member.email) })
    }
    case 'remove-staff': {
      const member = removeShopStaff(operator.id, value.id)
      if (!member) notFound()
      return redirectWithToast('/admin/partners', { type: 'success', ...SHOP_STAFF_MESSAGES.removed(member.email) })
    }
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Partners'))

export default function AdminPartners({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, appUrl } = loaderData
  const busy = useIsPending({ state: 'submitting' })
  const lastResult = (intent: string, id?: string) =>
    actionData?.intent === intent && (id === undefined || actionData.id === id)
      ? (actionData.result as SubmissionResult<string[]>)
      : undefined
  return (
    <AdminPage title="Partners" sub="Shops that complete claims, and the locations that have their own signup link.">
      <Toast toast={actionData?.toast} className="mb-6" />

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <PartnerGroups groups={groups} appUrl={appUrl} busy={busy} lastResult={lastResult} />

        <div className="space-y-6">
          <GroupForm lastResult={lastResult('create-group')} busy={busy} />
          <LocationForm lastResult={lastResult('create-location')} busy={busy} groups={groups} />
        </div>
      </div>
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
