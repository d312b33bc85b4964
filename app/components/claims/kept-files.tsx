import { choiceClass } from '~/components/ui'

/** A file kept from a refused completion (a claim document draft), as the shop's forms list it. */
export type KeptFile = { id: string; fileName: string }

/**
 * The files of one field kept from the shop's last, refused, submit. Each is a ticked box that names it (`draft`) in
 * the next post: the completion uses only the files its post names, so what completes a job is always what the shop
 * saw on this form. Unticking removes the file; a new file chosen in the field replaces it.
 */
export function KeptFiles({ id, files, replaces }: { id: string; files: KeptFile[]; replaces: string }) {
  if (!files.length) return null
  return (
    <fieldset id={id} className="space-y-1 text-sm text-green-900" data-testid={id}>
      <legend>Already attached from your last try, sent with this form:</legend>
      {files.map((file) => (
        <label key={file.id} className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="draft" value={file.id} defaultChecked className={choiceClass} /> {file.fileName}
        </label>
      ))}
      <p>Untick a file to remove it. {replaces}</p>
    </fieldset>
  )
}
