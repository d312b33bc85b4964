import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Toast } from '~/components/toast'
import { Badge, Button, Card, Field, FieldError, inputClass } from '~/components/ui'
import type { PartnerLocation } from '~/db/schema'
import { formatLongDate } from '~/domain/format'
import { PARTNER_MESSAGES, SHOP_STAFF_MESSAGES } from '~/domain/messages'
import { locationAddress, servicesOffered, SHOP_SERVICE_NAMES, ZIP_PATTERN } from '~/domain/shops'
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
} from '~/models/partners.server'
import { addShopStaff, removeShopStaff, staffByGroup, staffMembership } from '~/models/shop-staff.server'
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
        <section aria-labelledby="groups-heading" className="space-y-4">
          <h2 id="groups-heading" className="text-xl font-semibold">
            Partner groups
          </h2>
          {groups.length === 0 ? <p className="text-slate-700">No partner groups yet.</p> : null}
          {groups.map((group) => (
            <Card key={group.id} className="space-y-4">
              <div className="flex flex-wrap items-center gap-3">
                <h3 className="text-lg font-semibold">{group.name}</h3>
                <Badge tone={group.isActive ? 'success' : 'neutral'}>{group.isActive ? 'Active' : 'Inactive'}</Badge>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="set-group-active" />
                  <input type="hidden" name="id" value={group.id} />
                  <input type="hidden" name="active" value={String(!group.isActive)} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {group.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                </Form>
              </div>
              <p className="text-sm text-slate-700">{[group.email, group.phone].filter(Boolean).join(' · ') || 'No contact details'}</p>
              <GroupForm group={group} lastResult={lastResult('edit-group', group.id)} busy={busy} />
              <StaffList group={group} lastResult={lastResult('add-staff', group.id)} busy={busy} />
              {group.locations.length ? (
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                  {group.locations.map((location) => (
                    <li key={location.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                      <span className="font-medium">{location.name}</span>
                      <Badge tone={location.isActive ? 'success' : 'neutral'}>{location.isActive ? 'Active' : 'Inactive'}</Badge>
                      <code className="break-all text-slate-700">{`${appUrl}/signup/${location.slug}`}</code>
                      <span className="w-full text-slate-700">{placeLine(location)}</span>
                      <Form method="post" className="ml-auto">
                        <input type="hidden" name="intent" value="set-location-active" />
                        <input type="hidden" name="id" value={location.id} />
                        <input type="hidden" name="active" value={String(!location.isActive)} />
                        <Button type="submit" variant="ghost" disabled={busy}>
                          {location.isActive ? 'Deactivate' : 'Activate'}
                        </Button>
                      </Form>
                      <LocationForm location={location} groups={groups} lastResult={lastResult('edit-location', location.id)} busy={busy} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-700">No locations yet.</p>
              )}
            </Card>
          ))}
        </section>

        <div className="space-y-6">
          <GroupForm lastResult={lastResult('create-group')} busy={busy} />
          <LocationForm lastResult={lastResult('create-location')} busy={busy} groups={groups} />
        </div>
      </div>
    </AdminPage>
  )
}

/**
 * A partner group's form: adding one (no `group`) or editing one (inside a disclosure that opens on an error). Editing
 * uses the same fields and rules as adding.
 */
function GroupForm({
  group,
  lastResult,
  busy,
}: {
  group?: { id: string; name: string; email: string | null; phone: string | null }
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const schema = group ? PartnerConsoleSchema.options[2] : PartnerConsoleSchema.options[0]
  const [form, fields] = useForm({
    id: group ? `edit-group-${group.id}` : 'create-group',
    lastResult,
    defaultValue: group ? { name: group.name, email: group.email ?? '', phone: group.phone ?? '' } : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const body = (
    <Form method="post" {...getFormProps(form)} className={group ? 'mt-2 grid gap-3 sm:grid-cols-3' : 'space-y-4'}>
      <input type="hidden" name="intent" value={group ? 'edit-group' : 'create-group'} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      {/* The shop's details, not the operator's: the browser must not offer the operator's own name, e-mail or phone. */}
      <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="E-mail (optional)" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Phone (optional)" htmlFor={fields.phone.id} errors={fields.phone.errors} errorId={fields.phone.errorId}>
        <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="off" className={inputClass} />
      </Field>
      <div className={group ? 'sm:col-span-3' : undefined}>
        <Button type="submit" disabled={busy}>
          {group ? 'Save group' : 'Add group'}
        </Button>
      </div>
    </Form>
  )
  return group ? (
    <details open={Boolean(lastResult)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">Edit group…</summary>
      {body}
    </details>
  ) : (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Add a partner group</h2>
      {body}
    </Card>
  )
}

/** A group's staff: the addresses that sign in to the shop's pages, each removable, and a form to add one. */
function StaffList({
  group,
  lastResult,
  busy,
}: {
  group: { id: string; name: string; staff: { id: string; email: string; createdAt: string }[] }
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const errors = lastResult?.error?.email ?? undefined
  const errorId = `staff-email-${group.id}-error`
  return (
    <div className="space-y-2" data-testid="shop-staff">
      <h4 className="text-sm font-semibold">Shop staff (sign in at /shop)</h4>
      {group.staff.length ? (
        <ul className="space-y-1 text-sm">
          {group.staff.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3">
              <span>{member.email}</span>
              <span className="text-slate-700">added {formatLongDate(member.createdAt)}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-staff" />
                <input type="hidden" name="id" value={member.id} />
                <Button type="submit" variant="ghost" disabled={busy} aria-label={`Remove ${member.email}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No staff yet.</p>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add-staff" />
        <input type="hidden" name="id" value={group.id} />
        <Field label="Staff e-mail" htmlFor={`staff-email-${group.id}`} errors={errors} errorId={errorId} className="grow">
          <input
            id={`staff-email-${group.id}`}
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={(lastResult?.initialValue?.email as string | undefined) ?? ''}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? errorId : undefined}
            className={inputClass}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          Add staff
        </Button>
      </Form>
    </div>
  )
}

/** A location's form: adding one, or editing one (a new signup link keeps the old one working as a redirect). */
function LocationForm({
  location,
  groups,
  lastResult,
  busy,
}: {
  location?: PartnerLocation
  groups: { id: string; name: string }[]
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const schema = location ? PartnerConsoleSchema.options[3] : PartnerConsoleSchema.options[1]
  const [form, fields] = useForm({
    id: location ? `edit-location-${location.id}` : 'create-location',
    lastResult,
    defaultValue: location
      ? {
          name: location.name,
          slug: location.slug,
          partnerGroupId: location.partnerGroupId ?? '',
          address: location.address ?? '',
          city: location.city ?? '',
          state: location.state ?? '',
          zip: location.zip ?? '',
          phone: location.phone ?? '',
          hours: location.hours ?? '',
          mobileService: location.mobileService ? 'on' : undefined,
          mobileRadiusMiles: location.mobileRadiusMiles === null ? '' : String(location.mobileRadiusMiles),
          offersChipRepair: location.offersChipRepair ? 'on' : undefined,
          offersReplacement: location.offersReplacement ? 'on' : undefined,
          offersCalibration: location.offersCalibration ? 'on' : undefined,
        }
      : // A new location does chip repair and replacement unless the operator says otherwise.
        { offersChipRepair: 'on', offersReplacement: 'on' },
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const body = (
    <Form method="post" {...getFormProps(form)} className={location ? 'mt-2 grid gap-3 sm:grid-cols-3' : 'space-y-4'}>
      <input type="hidden" name="intent" value={location ? 'edit-location' : 'create-location'} />
      {location ? <input type="hidden" name="id" value={location.id} /> : null}
      <Field
        label="Partner group"
        htmlFor={fields.partnerGroupId.id}
        errors={fields.partnerGroupId.errors}
        errorId={fields.partnerGroupId.errorId}
      >
        {/* A required select starts on an empty choice (HTML's rule), also when editing: none chosen is refused next to it. */}
        <select {...getSelectProps(fields.partnerGroupId)} className={inputClass}>
          <option value="">Choose…</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Location name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="Signup link"
        hint={location ? 'The old link keeps working: it redirects here.' : 'The end of /signup/…, e.g. main-street-glass'}
        htmlFor={fields.slug.id}
        errors={fields.slug.errors}
        errorId={fields.slug.errorId}
      >
        <input {...getInputProps(fields.slug, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Street address (optional)" htmlFor={fields.address.id} errors={fields.address.errors} errorId={fields.address.errorId}>
        <input {...getInputProps(fields.address, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="City (optional)" htmlFor={fields.city.id} errors={fields.city.errors} errorId={fields.city.errorId}>
        <input {...getInputProps(fields.city, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="State (optional)"
        hint="Two letters, like UT."
        htmlFor={fields.state.id}
        errors={fields.state.errors}
        errorId={fields.state.errorId}
      >
        <input {...getInputProps(fields.state, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="ZIP code (optional)"
        hint="Customers are shown the shops nearest their ZIP; a location without one is not shown."
        htmlFor={fields.zip.id}
        errors={fields.zip.errors}
        errorId={fields.zip.errorId}
      >
        <input {...getInputProps(fields.zip, { type: 'text' })} inputMode="numeric" autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Phone (optional)" htmlFor={fields.phone.id} errors={fields.phone.errors} errorId={fields.phone.errorId}>
        <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="Opening hours (optional)"
        hint="As the shop says them, like Mon–Fri 8–6, Sat 9–1."
        htmlFor={fields.hours.id}
        errors={fields.hours.errors}
        errorId={fields.hours.errorId}
      >
        <input {...getInputProps(fields.hours, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <fieldset className="space-y-1" aria-describedby={fields.offersChipRepair.errors ? fields.offersChipRepair.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-900">Services</legend>
        {(
          [
            [fields.offersChipRepair, SHOP_SERVICE_NAMES.chip_repair],
            [fields.offersReplacement, SHOP_SERVICE_NAMES.replacement],
            [fields.offersCalibration, SHOP_SERVICE_NAMES.calibration],
          ] as const
        ).map(([field, label]) => (
          <label key={field.name} className="flex min-h-11 items-center gap-2 text-sm">
            <input {...getInputProps(field, { type: 'checkbox' })} aria-describedby={undefined} />
            {label}
          </label>
        ))}
        <FieldError id={fields.offersChipRepair.errorId} errors={fields.offersChipRepair.errors} />
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input {...getInputProps(fields.mobileService, { type: 'checkbox' })} />
        Mobile service (comes to the customer)
      </label>
      <Field
        label="Mobile service radius in miles"
        htmlFor={fields.mobileRadiusMiles.id}
        errors={fields.mobileRadiusMiles.errors}
        errorId={fields.mobileRadiusMiles.errorId}
      >
        <input {...getInputProps(fields.mobileRadiusMiles, { type: 'number' })} min={1} max={250} className={inputClass} />
      </Field>
      <div className={location ? 'sm:col-span-3' : undefined}>
        <Button type="submit" disabled={busy}>
          {location ? 'Save location' : 'Add location'}
        </Button>
      </div>
    </Form>
  )
  return location ? (
    <details open={Boolean(lastResult)} className="w-full">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">Edit location…</summary>
      {body}
    </details>
  ) : (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Add a location</h2>
      {body}
    </Card>
  )
}

/** A location's address, services and mobile radius in one line, for the list. */
function placeLine(location: PartnerLocation) {
  const address = locationAddress(location)
  const services = servicesOffered(location).map((service) => SHOP_SERVICE_NAMES[service])
  return [
    address || 'No address: not shown to customers choosing a shop',
    location.phone,
    services.join(', '),
    location.mobileService ? `Mobile service within ${location.mobileRadiusMiles} miles` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
