/**
 * The honeypot on the forms a stranger can post without signing in (sign-in, signup, the shop's code lookup): a field
 * people never see and leave empty, which form-filling bots fill in, and a signed timestamp of when the page was made,
 * which such bots overwrite. The server's side is in honeypot.server.ts beside this file; the form's hidden inputs are
 * drawn by the Honeypot component.
 *
 * The browser bundle includes this file (the component reads these names), so it holds names only.
 */

/** An innocuous name a bot is glad to fill, that browsers' autofill does not recognise. */
export const HONEYPOT_FIELD = 'homepage_url'
/** When the page with the form was made, signed: `<ms>.<signature>`. */
export const HONEYPOT_STAMP_FIELD = 'form_stamp'

/** What a page hands its form: the stamp made when the page was rendered. */
export type HoneypotProps = { stamp: string }
