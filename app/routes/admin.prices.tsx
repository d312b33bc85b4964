import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { GeneralErrorBoundary, isNotFound, NOT_FOUND_META } from '~/components/error-boundary'
import { Toast } from '~/components/toast'
import { Button, Card, Field, inputClass } from '~/components/ui'
import { LOOKUP_KEYS } from '~/domain/plans'
import { env } from '~/env.server'
import { listPrices, setPrices } from '~/models/operator.server'
import { getPricing, invalidatePricingCache } from '~/models/pricing.server'
import { redirectWithToast } from '~/toast.server'
import { invariantResponse } from '~/utils/invariant'
import { PricesSchema } from '~/validation/prices'

import type { Route } from './+types/admin.prices'

const LABELS: Record<(typeof LOOKUP_KEYS)[number], string> = {
  chip_only: 'Chip Repair Only',
  comprehensive_car_adas_false: 'Comprehensive — Car, no ADAS',
  comprehensive_car_adas_true: 'Comprehensive — Car, with ADAS',
  comprehensive_trucksuv_adas_false: 'Comprehensive — Truck/SUV, no ADAS',
  comprehensive_trucksuv_adas_true: 'Comprehensive — Truck/SUV, with ADAS',
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const local = env().payments === 'local'
  const current = local
    ? Object.fromEntries(listPrices().map((row) => [row.lookupKey, row.amountCents]))
    : await getPricing().catch(() => ({}))
  return {
    local,
    keys: LOOKUP_KEYS.map((key) => ({
      key,
      label: LABELS[key],
      dollars: key in current ? ((current as Record<string, number>)[key]! / 100).toFixed(2) : '',
    })),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireAdmin(request)
  invariantResponse(env().payments === 'local', 'Prices are managed in Stripe while Stripe is connected.', { status: 409 })
  const submission = parseWithZod(await request.formData(), { schema: PricesSchema })
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply(), toast: { type: 'error' as const, title: 'Please correct the highlighted prices.' } },
      { status: 400 },
    )
  }
  setPrices(operator.id, submission.value)
  invalidatePricingCache()
  return redirectWithToast('/admin/prices', {
    type: 'success',
    title: 'Prices saved',
    description: 'New signups pay these prices; existing policies keep theirs.',
  })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : [{ title: 'Prices — Operator — Glass Plan' }])

export default function AdminPrices({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: 'prices',
    lastResult: actionData?.result,
    constraint: getZodConstraint(PricesSchema),
    defaultValue: Object.fromEntries(loaderData.keys.map(({ key, dollars }) => [key, dollars])),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PricesSchema }),
  })
  return (
    <AdminPage
      narrow
      title="Prices"
      sub={
        loaderData.local
          ? 'Monthly prices for new signups (local test checkout).'
          : 'Prices come from Stripe (lookup keys); change them in the Stripe dashboard.'
      }
    >
      <Toast toast={actionData?.toast} className="mb-6" />
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          {loaderData.keys.map(({ key, label }) => {
            const field = fields[key]
            return (
              <Field
                key={key}
                label={`${label} ($ / month)`}
                hint={<code>{key}</code>}
                htmlFor={field.id}
                errors={field.errors}
                errorId={field.errorId}
              >
                <input
                  {...getInputProps(field, { type: 'text' })}
                  inputMode="decimal"
                  readOnly={!loaderData.local}
                  className={inputClass}
                />
              </Field>
            )
          })}
          {loaderData.local ? <Button type="submit">Save prices</Button> : null}
        </Form>
      </Card>
    </AdminPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
