import type { Message } from './messages'

/**
 * The one way a model refuses: a rule of the product said no. It carries what the person needs — the field the
 * message belongs next to ('form' for the whole form), the toast's title and message, and the HTTP status the route
 * answers with. Build it from an entry of `app/domain/messages.ts` with `RuleError.from`; routes turn it into their
 * answer with `refusalOf` or `answerRefusal` (`app/utils/refusal.ts`). Something that is not there (or not this
 * person's) is not a refusal: it is `notFound()` from the same file, the 404 page.
 */
export class RuleError extends Error {
  constructor(
    public field: string,
    message: string,
    public title = 'Error',
    public status = 400,
    /** When one refusal concerns several fields (a photo step with three photos): each field's own message. */
    public fieldErrors?: Record<string, string[]>,
    /** A rate limit's refusal (429): the seconds until its window frees, answered as the Retry-After header. */
    public retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'RuleError'
  }

  /** A refusal that says `message` (its title in the toast, its description next to `field`), answered with `status`. */
  static from(
    message: Message,
    options: { field?: string; status?: number; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    return new RuleError(
      options.field ?? 'form',
      message.description,
      message.title,
      options.status ?? 400,
      options.fieldErrors,
      options.retryAfterSeconds,
    )
  }
}
