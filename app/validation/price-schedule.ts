import { z } from 'zod'

import { formatPrice } from '~/domain/format'
import { PRICE_SCHEDULE_MESSAGES } from '~/domain/messages'
import { SCHEDULE_BOUNDS, SCHEDULE_SERVICE_LABELS, SCHEDULE_SERVICES, type ScheduleService } from '~/domain/price-schedule'

import { dayField } from './days'
import { dollarsField } from './dollars'
import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

/** One service's amount typed in dollars ('65', '$65.50', '1,250'), kept as whole cents within the schedule's bounds. */
function amountOf(service: ScheduleService) {
  const { min, max } = SCHEDULE_BOUNDS[service]
  return dollarsField({
    min,
    max,
    message: PRICE_SCHEDULE_MESSAGES.amount(SCHEDULE_SERVICE_LABELS[service], formatPrice(min), formatPrice(max)),
  })
}

const amounts = Object.fromEntries(SCHEDULE_SERVICES.map((service) => [service, amountOf(service)])) as Record<
  ScheduleService,
  ReturnType<typeof amountOf>
>

/** A new version of the schedule: every amount, and the day it takes effect (the model checks the 30 days' notice). */
export const PriceScheduleSchema = z.object({
  ...amounts,
  effectiveOn: z.preprocess((value) => (value === '' ? undefined : value), dayField('Choose a real date.').optional()),
})

/** The shop's answer to a version on /shop. */
export const ScheduleAnswerSchema = z.object({
  intent: z.enum(['accept-schedule', 'refuse-schedule']),
  scheduleId: singleLineText().min(1).max(MAX_LENGTH.recordId),
})
