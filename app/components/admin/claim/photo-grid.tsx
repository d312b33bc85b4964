/** Photos as thumbnails, each a link to the full file (with an optional caption), or the words for none. */
export function PhotoGrid({
  photos,
  empty,
  labelledBy,
}: {
  photos: { id: string; type: string; fileName: string; full: string; thumb: string; caption?: string }[]
  empty: string
  /** The id of the heading that names the list (a screen reader hears which photos these are). */
  labelledBy?: string
}) {
  if (!photos.length) return empty ? <p className="mt-2 text-sm text-slate-700">{empty}</p> : null
  return (
    <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby={labelledBy}>
      {photos.map((photo) => (
        <li key={photo.id}>
          <a href={photo.full} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-slate-200">
            <img
              src={photo.thumb}
              alt={`${photo.type.replace('_', ' ')}: ${photo.fileName}`}
              loading="lazy"
              className="h-32 w-full object-cover"
            />
          </a>
          {photo.caption ? <p className="mt-1 text-xs text-slate-700">{photo.caption}</p> : null}
        </li>
      ))}
    </ul>
  )
}
