import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Scratch files: an upload spooled to disk as it arrives (multipart.server.ts) and a photo written out for libvips to
 * decode at a fraction of its size (images.server.ts). They live in one private folder made per process (0700, each
 * file 0600, named with the process's id), which goes when the process exits; each file is removed by whoever made it
 * as soon as it is done with. A process killed outright leaves its folder: the next start removes it (sweepScratch).
 * Nothing here is kept: a restart loses only uploads no answer had been given for.
 */

const PREFIX = 'glass-scratch-'
let folder: string | undefined

/** A new, unused path in the process's scratch folder (made on first use); throws when the folder cannot be made. */
export function scratchPath(extension = ''): string {
  if (!folder || !fs.existsSync(folder)) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`))
    process.once('exit', removeFolder)
  }
  return path.join(folder, `${randomUUID()}${extension}`)
}

/** Removes a scratch file; one already gone is fine. */
export function removeScratch(file: string) {
  fs.rm(file, { force: true }, () => {})
}

/** The files in this process's scratch folder now (a test's way to see none was left behind). */
export function scratchFiles(): string[] {
  if (!folder || !fs.existsSync(folder)) return []
  return fs.readdirSync(folder)
}

/**
 * Removes the scratch folders of processes that are gone (killed before they could remove their own); returns how many.
 * A folder named with this process's id that is not its own is an earlier life's: in a container the restarted server
 * often has the same id.
 */
export function sweepScratch(): number {
  let removed = 0
  let names: string[]
  try {
    names = fs.readdirSync(os.tmpdir())
  } catch {
    return 0 // no temporary folder to read: nothing was spooled there either
  }
  for (const name of names) {
    const owner = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1])
    const found = path.join(os.tmpdir(), name)
    if (!owner || found === folder || (owner !== process.pid && isRunning(owner))) continue
    fs.rmSync(found, { recursive: true, force: true })
    removed++
  }
  return removed
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function removeFolder() {
  if (folder) fs.rmSync(folder, { recursive: true, force: true })
}
