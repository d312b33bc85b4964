import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { onTestFinished } from 'vitest'

/** A fresh folder under the system's temp folder, removed when the test that made it finishes. */
export function tempDirForTest(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}
