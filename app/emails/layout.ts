/**
 * The one shared shell of every e-mail: a plain, table-free HTML page with inline styles (mail clients ignore
 * stylesheets) and a matching text version. Templates build their body from the helpers below; user values must go
 * through `escapeHtml` (or `paragraph`, which escapes) before they reach HTML, and through `oneLine` or `quoted` before
 * they reach the text part, where a line break is structure: a name must not add a line that reads like ours.
 */

import { foldLines, stripControlCharacters } from '~/validation/text'

export type RenderedEmail = { subject: string; html: string; text: string }

const BRAND = '#0f5ea8'

export function escapeHtml(value: string | number | null | undefined) {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A paragraph of plain text (escaped). */
export function paragraph(text: string) {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(text)}</p>`
}

/** A call-to-action button; the URL is escaped for the attribute. */
export function button(label: string, url: string) {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:6px;font-size:16px">${escapeHtml(label)}</a></p>`
}

/** A large, spaced-out code (sign-in codes, confirmation codes). */
export function codeBlock(code: string) {
  return `<p style="margin:8px 0 24px;font-size:28px;letter-spacing:6px;font-weight:700;font-family:Menlo,Consolas,monospace;color:#111827">${escapeHtml(code)}</p>`
}

/** Small grey print at the end of the body. */
export function finePrint(text: string) {
  return `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(text)}</p>`
}

/** Wraps a body (already-safe HTML) in the shared shell. */
export function layout({ title, preheader, body }: { title: string; preheader?: string; body: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>` : ''}
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-size:20px;font-weight:700;color:${BRAND};margin-bottom:24px">Glass Plan</div>
<div style="background:#ffffff;border-radius:8px;padding:32px 24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827">${escapeHtml(title)}</h1>
${body}
</div>
<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:#9ca3af;text-align:center">Glass Plan · Windshield protection plans</p>
</div>
</body>
</html>`
}

/** The text version: paragraphs separated by blank lines, nulls dropped. */
export function textBody(...parts: Array<string | null | undefined | false>) {
  return parts.filter((part): part is string => Boolean(part)).join('\n\n') + '\n'
}

/** A one-line value someone typed (a name, a vehicle, an address), for a text part: its line breaks folded to spaces. */
export function oneLine(value: string | number | null | undefined) {
  return foldLines(String(value ?? '')).trim()
}

/**
 * Text someone wrote over several lines (a reason, a note), for a text part: every line behind "> ", as mail clients
 * quote, so no line of it can pose as one of the e-mail's own ("Plan: …").
 */
export function quoted(text: string) {
  return stripControlCharacters(text)
    .trim()
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n')
}
