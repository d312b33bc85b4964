/**
 * A redirect target taken from user input must be a path on this site: '/customer' yes, '//evil.example' or
 * 'https://evil.example' no. Anything else falls back to the default.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/customer') {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback
  }
  if (/[\u0000-\u001f]/.test(target)) return fallback
  return target
}
