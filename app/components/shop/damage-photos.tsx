import { PhotoThumbnails } from '~/components/photo-thumbnails'

/**
 * The damage photos the customer sent, as thumbnails that open the full photo: on the shop's job page and on the
 * code-only partner page. Plain links and images, so a shop PC gets no script for them.
 */
export function DamagePhotos({ photos }: { photos: Array<{ id: string; full: string; thumb: string }> }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Damage photos</h3>
      <PhotoThumbnails photos={photos} name="Damage photo" className="mt-2" />
    </div>
  )
}
