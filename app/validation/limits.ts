import { z } from 'zod'

export { MAX_LENGTH, MAX_VALUE } from './lengths'

/**
 * The HTML limits of a form's fields, read from its zod schema so the page never copies a number the server checks
 * (Conform's getZodConstraint does not see zod 4.6's string and number limits). A text field gets its `maxLength`; a
 * whole number typed into a text box (inputmode numeric) gets as many characters as its largest value has digits.
 */
export function fieldLimits<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const limits = {} as Record<keyof Shape, { maxLength?: number }>
  for (const [name, field] of Object.entries(schema.shape) as [keyof Shape, z.ZodType][]) {
    const inner = innermost(field)
    if (inner instanceof z.ZodString && inner.maxLength !== null) limits[name] = { maxLength: inner.maxLength }
    else if (inner instanceof z.ZodNumber && inner.maxValue !== null && Number.isFinite(inner.maxValue))
      limits[name] = { maxLength: String(inner.maxValue).length }
    else limits[name] = {}
  }
  return limits
}

/** The checked value under a field's default, optional or transform. */
function innermost(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodOptional || field instanceof z.ZodNullable)
    return innermost(field.unwrap() as z.ZodType)
  if (field instanceof z.ZodPipe) return innermost(field.in as z.ZodType)
  return field
}
