/**
 * What the test setup (tests/support/vitest-setup.ts) collects of console.error, and the opt-in for a test that
 * provokes an error log on purpose (a failing outside service, a broken file, a disk that is full).
 */
export const consoleErrors: string[] = []
/** Patterns allowed in the running test. */
export const allowedConsoleErrors: RegExp[] = []
/** Patterns allowed for the whole file: expectConsoleError called outside a test (top of the file, beforeAll). */
export const fileAllowedConsoleErrors: RegExp[] = []
export const consoleGuard = { inTest: false }

/**
 * This test expects console.error lines matching `pattern` (the logged message, errors by their message). Called
 * inside a test it holds for that test; at the top of a file or in beforeAll, for every test and hook of the file.
 */
export function expectConsoleError(pattern: RegExp) {
  ;(consoleGuard.inTest ? allowedConsoleErrors : fileAllowedConsoleErrors).push(pattern)
}
