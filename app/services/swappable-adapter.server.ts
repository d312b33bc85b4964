/**
 * An outside system's adapter, chosen from the configuration on first use and kept: `choose` loads the real client's
 * module only when the configuration names it. Tests put their own adapter in with `set`, and `set(undefined)` makes
 * the next use choose again.
 */
export function swappableAdapter<Adapter>(choose: () => Promise<Adapter>) {
  let current: Adapter | undefined
  return {
    async get(): Promise<Adapter> {
      current ??= await choose()
      return current
    },
    set(next: Adapter | undefined) {
      current = next
    },
  }
}
