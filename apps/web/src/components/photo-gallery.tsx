import { useId, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { TPhoto } from '@makazi/contracts/properties';
import { useDataSaver } from '../lib/use-data-saver';
import { ResponsiveImage, smallestVariant } from './responsive-image';
import './photo-gallery.css';

type TGalleryLayout = 'below' | 'beside';

export interface PhotoGalleryProps {
  /** In the order shown. */
  photos: TPhoto[];
  /** The listing's title as shown, named in each photo's alt text. */
  title: string;
  /**
   * The index of the photo shown large, for a caller that keeps the choice itself so it outlives
   * the gallery (the owner's page swaps the gallery for every photo at once and back). Without
   * them, the gallery keeps it.
   */
  selected?: number;
  onSelect?: (index: number) => void;
  /** The accessible name of the thumbnails' list. */
  thumbnailsLabel: string;
  /** Only the first this-many photos get a thumbnail. */
  maxThumbnails?: number;
  /**
   * 'below': the thumbnails in a row under the main photo. 'beside': from 900px in a column at
   * its right, as tall as the main photo (the owner's page).
   */
  layout?: TGalleryLayout;
}

/** How wide each image is drawn: the main photo fills its page column. */
const SIZES: Record<TGalleryLayout, { main: string; thumbnail: string }> = {
  below: {
    main: '(min-width: 1280px) 760px, (min-width: 900px) 60vw, 100vw',
    thumbnail: '96px',
  },
  beside: {
    main: '(min-width: 1280px) 620px, (min-width: 900px) 50vw, 100vw',
    thumbnail: '(min-width: 900px) 140px, 25vw',
  },
};

/** A photo's label ('Front') and its alt text ('Front of Nyumba Sinza'), in the reader's language. */
export function usePhotoText(title: string) {
  const { t } = useTranslation('detail');
  const label = (photo: TPhoto) => t(`pictureLabels.${photo.label}`);
  const alt = (photo: TPhoto | undefined) =>
    photo ? t('gallery.photoAlt', { label: label(photo), title }) : title;
  return { label, alt };
}

/**
 * What loading `variant` costs, as a bundle counts it: kilobytes of 1,000 bytes, rounded up so the
 * label never promises less than the download. A photo stored before sizes were recorded has no
 * byte count: it says its pixels instead, which are known, rather than a guess that could be
 * wrong either way.
 */
function useTapCost(variant: { width: number; height: number; bytes?: number }): string {
  const { t } = useTranslation();
  if (variant.bytes === undefined) {
    return t('dataSaver.photoSize', { width: variant.width, height: variant.height });
  }
  return t('dataSaver.kilobytes', { value: Math.max(1, Math.ceil(variant.bytes / 1000)) });
}

/**
 * With data saver (decision 044), a photo's place until it is tapped: a box of the photo's own
 * shape saying what a tap costs (the size of the variant it loads, the smallest).
 */
function TapToLoad({ photo, name, onLoad }: { photo: TPhoto; name: string; onLoad: () => void }) {
  const { t } = useTranslation();
  const size = useTapCost(smallestVariant(photo) ?? photo);
  return (
    <button
      type="button"
      className="photo-gallery__tap"
      aria-label={t('dataSaver.loadPhotoNamed', { size, name })}
      onClick={onLoad}
    >
      {t('dataSaver.loadPhoto', { size })}
    </button>
  );
}

/**
 * A listing's photos: the chosen one large, thumbnails to choose another. The main photo is the
 * page's largest paint, so it loads first. With data saver no photo loads until it is tapped, and
 * a thumbnail is its number until its photo has been loaded: then it shows that very file, from
 * the browser's cache. (The smallest variant as a thumbnail would be a 320px photo per listing
 * photo, tens of KiB each, for a choice the number and label make as well.)
 */
export function PhotoGallery({
  photos,
  title,
  selected,
  onSelect,
  thumbnailsLabel,
  maxThumbnails = photos.length,
  layout = 'below',
}: PhotoGalleryProps) {
  const { t } = useTranslation('detail');
  const { label, alt } = usePhotoText(title);
  const dataSaver = useDataSaver().on;
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const isShown = (photo: TPhoto) => !dataSaver || loaded.has(photo.id);
  const [ownChoice, setOwnChoice] = useState(0);
  const chosen = selected ?? ownChoice;
  const choose = onSelect ?? setOwnChoice;
  const mainId = useId();
  const main = photos[chosen] ?? photos[0];
  const thumbnails = photos.length > 1 ? photos.slice(0, maxThumbnails) : [];
  const sizes = SIZES[layout];

  return (
    <div className={`photo-gallery photo-gallery--${layout}`}>
      <div id={mainId} className="photo-gallery__main">
        {main && !isShown(main) ? (
          <TapToLoad
            key={main.id}
            photo={main}
            name={alt(main)}
            onLoad={() => setLoaded((before) => new Set(before).add(main.id))}
          />
        ) : (
          <ResponsiveImage
            key={main?.id ?? 'none'}
            photo={main}
            alt={alt(main)}
            sizes={sizes.main}
            priority
          />
        )}
      </div>
      {thumbnails.length > 0 ? (
        <ul aria-label={thumbnailsLabel} className="photo-gallery__thumbs">
          {thumbnails.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="photo-gallery__thumb"
                onClick={() => choose(index)}
                aria-controls={mainId}
                aria-pressed={index === chosen}
                aria-label={t('gallery.show', { index: index + 1, label: label(photo) })}
              >
                {isShown(photo) ? (
                  <ResponsiveImage photo={photo} alt="" sizes={sizes.thumbnail} />
                ) : (
                  <span className="photo-gallery__thumb-number" aria-hidden="true">
                    {index + 1}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
