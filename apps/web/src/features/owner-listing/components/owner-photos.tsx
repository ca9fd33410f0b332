import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TPhoto } from '@makazi/contracts/properties';
import { cardPhoto } from '../../../lib/listing-photos';
import { PhotoGallery, usePhotoText } from '../../../components/photo-gallery';
import { ResponsiveImage } from '../../../components/responsive-image';

export interface OwnerPhotosProps {
  photos: TPhoto[];
  type: TPropertyType;
  title: string;
  /** The region's name; 'Photos' unless the page shows two sets (the live ones and an edit's). */
  label?: string;
}

const ALL_SIZES = '(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw';
/**
 * Side pictures beside the main one on a house for sale, whose eight required photos would crowd
 * the column; 'View More Pictures' shows them all. The other types show every photo at the side.
 */
const HOUSE_SIDE_PICTURES = 4;

/** The cover first (the photo the cards show), then the rest in order. */
function coverFirst(photos: TPhoto[], type: TPropertyType): TPhoto[] {
  const cover = cardPhoto({ type, photos });
  return cover ? [cover, ...photos.filter((photo) => photo !== cover)] : photos;
}

/**
 * The owner pages: a main picture and side pictures (choosing one shows it as the main), and
 * on a house for sale the 'View More Pictures' / 'View Previous Picture' toggle between that view
 * and every photo at once.
 */
export function OwnerPhotos({ photos, type, title, label: regionLabel }: OwnerPhotosProps) {
  const { t } = useTranslation('posts');
  const { t: tDetail } = useTranslation('detail');
  const { label, alt } = usePhotoText(title);
  const [selected, setSelected] = useState(0);
  const [showAll, setShowAll] = useState(false);
  const ordered = coverFirst(photos, type);
  const sideCount = type === 'HouseForSale' ? 1 + HOUSE_SIDE_PICTURES : ordered.length;
  // The gallery shows no side pictures for a lone photo.
  const sideShown = ordered.length > 1 ? Math.min(sideCount, ordered.length) : 0;
  const hasMore = type === 'HouseForSale' && ordered.length > sideShown;

  return (
    <section aria-label={regionLabel ?? tDetail('gallery.label')} className="owner-photos">
      {showAll ? (
        <ul aria-label={t('owner.photos.all')} className="owner-photos__all">
          {ordered.map((photo) => (
            <li key={photo.id}>
              <figure>
                <div className="owner-photos__frame">
                  <ResponsiveImage photo={photo} alt={alt(photo)} sizes={ALL_SIZES} />
                </div>
                <figcaption className="text-secondary">{label(photo)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <PhotoGallery
          photos={ordered}
          title={title}
          selected={selected}
          onSelect={setSelected}
          thumbnailsLabel={t('owner.photos.side')}
          maxThumbnails={sideCount}
          layout="beside"
        />
      )}
      {hasMore ? (
        <button
          type="button"
          className="btn owner-photos__toggle"
          aria-expanded={showAll}
          onClick={() => setShowAll((current) => !current)}
        >
          {showAll ? t('owner.photos.previous') : t('owner.photos.more')}
        </button>
      ) : null}
    </section>
  );
}
