/**
 * The honeypot on the forms a stranger can post without signing in (sign-in, signup, the shop's code lookup): a field
 * people never see and leave empty, which form-filling bots fill in, and a signed timestamp of when the page was made,
 * which such bots overwrite. The server's side is in honeypot.server.ts; the inputs in components/honeypot.tsx.
 *
 * This file is imported by components, so it must stay safe for the browser bundle: names only.
 */

/** An innocuous name a bot is glad to fill, that browsers' autofill does not recognise. */
export const HONEYPOT_FIELD = 'homepage_url'
/** When the page with the form was made, signed: `<ms>.<signature>`. */
export const HONEYPOT_STAMP_FIELD = 'form_stamp'

/** What a page hands its form: the stamp made when the page was rendered. */
export type HoneypotProps = { stamp: string }
