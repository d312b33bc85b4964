/**
 * The damage photos the customer sent, as thumbnails that open the full photo: on the shop's job page and on the
 * code-only partner page. Plain links and images, so a shop PC gets no script for them.
 */
export function DamagePhotos({ photos }: { photos: Array<{ id: string; full: string; thumb: string }> }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Damage photos</h3>
      <ul className="mt-2 grid grid-cols-3 gap-2">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={photo.full} target="_blank" rel="noreferrer" className="block overflow-hidden rounded border border-slate-200">
              <img
                src={photo.thumb}
                alt={`Damage photo ${index + 1}`}
                width={160}
                height={120}
                loading="lazy"
                className="h-24 w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
