/**
 * The one way a model refuses (issue 14): a rule of the product said no. It carries what the person needs — the field
 * the message belongs next to ('form' for the whole form), the toast's title and message, and the HTTP status the
 * route answers with. Routes turn it into a response with one helper (`app/utils/refusal.server.ts`).
 */
export class RuleError extends Error {
  constructor(
    public field: string,
    message: string,
    public title = 'Error',
    public status = 400,
    /** When one refusal concerns several fields (a photo step with three photos): each field's own message. */
    public fieldErrors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'RuleError'
  }
}
