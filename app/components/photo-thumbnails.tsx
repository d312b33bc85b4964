import { cx } from './ui'

/**
 * Photos as a grid of thumbnails, each a plain link to the full photo in a new tab: no script, so they work on the
 * shop's pages (which send no React) as on the customer's.
 */
export function PhotoThumbnails({
  photos,
  name,
  className,
}: {
  photos: Array<{ id: string; full: string; thumb: string }>
  /** What each photo is, numbered after it in its text alternative ('Damage photo 1'). */
  name: string
  className?: string
}) {
  return (
    <ul className={cx('grid grid-cols-3 gap-2', className)}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.full} target="_blank" rel="noreferrer" className="block overflow-hidden rounded border border-slate-200">
            <img
              src={photo.thumb}
              alt={`${name} ${index + 1}`}
              width={160}
              height={120}
              loading="lazy"
              className="h-24 w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
