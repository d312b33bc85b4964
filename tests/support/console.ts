/**
 * What the test setup (tests/support/vitest-setup.ts) collects of console.error, and the opt-in for a test that
 * provokes an error log on purpose (a failing outside service, a broken file, a disk that is full).
 */
export const consoleErrors: string[] = []
export const allowedConsoleErrors: RegExp[] = []

/** This test expects console.error lines matching `pattern` (the logged message, errors by their message). */
export function expectConsoleError(pattern: RegExp) {
  allowedConsoleErrors.push(pattern)
}
