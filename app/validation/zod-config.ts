import { z } from 'zod'

/**
 * zod builds a fast object parser with `new Function`, after probing whether eval is allowed. The site's CSP refuses
 * eval (app/server/security.server.ts), so in the browser the probe only logs a policy violation on every page with a form,
 * and the parser falls back anyway: switch it off there. app/root.tsx imports this module first, and the hydration
 * script imports the root route before the page's own, so it runs before any schema is built. The server has no CSP and
 * keeps the compiled parsers.
 */
if (!import.meta.env.SSR) z.config({ jitless: true })
