import { checkedRelPath, type StagedWrite } from '~/services/file-store.server'
import { photoFacts, type PreparedImage, prepareImage } from '~/services/images.server'
import type { UploadedFile } from '~/services/multipart.server'
import { fileStore } from '~/services/storage.server'

/**
 * Files written before the rows that point to them, and made visible only with those rows.
 *
 * Call `commit()` as the last step *inside* the transaction that records the rows — a failed commit then rolls the
 * rows back — and `discard()` when anything failed. On the volume the files are renamed into place on commit; in a
 * bucket they are at their names from the start and discard deletes the new ones (volume-store.server.ts and
 * bucket-store.server.ts say what a crash can leave; the upload sweep removes it).
 */
export class StagedFiles {
  private writes: StagedWrite[] = []
  private committed = false
  private readonly store = fileStore()

  /** Writes a file; nothing is visible at `relPath` until commit() (in a bucket: at once, see above). */
  async add(relPath: string, bytes: Buffer) {
    this.writes.push(await this.store.stage(relPath, bytes))
  }

  /** Writes a prepared image and its thumbnail as <relPathWithoutExt>.jpg and .thumb.jpg; returns the paths. */
  async addImage(image: PreparedImage, relPathWithoutExt: string) {
    const filePath = `${relPathWithoutExt}.jpg`
    const thumbPath = `${relPathWithoutExt}.thumb.jpg`
    await this.add(filePath, image.photo)
    await this.add(thumbPath, image.thumbnail)
    // What the photo's row keeps besides its paths: the hash and what the EXIF said (never in the files).
    return { filePath, thumbPath, ...photoFacts(image) }
  }

  /**
   * Makes every file visible; synchronous, for use inside a better-sqlite3 transaction. When one fails, the files
   * this commit added are taken back (for discard()) before it throws, so the rolled back rows leave no file behind; a
   * file that replaced an older one at the same path stays replaced.
   */
  commit() {
    const done: StagedWrite[] = []
    try {
      for (const write of this.writes) {
        write.commit()
        done.push(write)
      }
    } catch (error) {
      for (const write of done) write.uncommit()
      throw error
    }
    this.committed = true
  }

  /** Removes what was written and not committed. Never throws. */
  discard() {
    if (this.committed) return
    for (const write of this.writes) write.discard()
    this.writes = []
  }
}

/** prepareImage, then write and commit at once: for tools and tests that record no rows (the bench's data). */
export async function storeImage(file: UploadedFile, relPathWithoutExt: string): Promise<{ filePath: string; thumbPath: string }> {
  checkedRelPath(`${relPathWithoutExt}.jpg`) // refuse a bad path before the work
  const staged = new StagedFiles()
  try {
    const { filePath, thumbPath } = await staged.addImage(await prepareImage(file), relPathWithoutExt)
    staged.commit()
    return { filePath, thumbPath }
  } finally {
    staged.discard()
  }
}
