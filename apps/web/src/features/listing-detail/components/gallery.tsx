import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhoto } from '@makazi/contracts/properties';
import { ResponsiveImage } from '../../../components/responsive-image';
import './listing-detail.css';

export interface GalleryProps {
  photos: TPhoto[];
  title: string;
}

const MAIN_SIZES = '(min-width: 1280px) 760px, (min-width: 900px) 60vw, 100vw';
const THUMB_SIZES = '96px';

/** Main photo above, thumbnails below; the main photo is the page's largest paint, so it loads first. */
export function Gallery({ photos, title }: GalleryProps) {
  const { t } = useTranslation('detail');
  const [selected, setSelected] = useState(0);
  const mainId = useId();
  const main = photos[selected] ?? photos[0];
  const altFor = (photo: TPhoto | undefined) =>
    photo ? t('gallery.photoAlt', { label: t(`pictureLabels.${photo.label}`), title }) : title;

  return (
    <section aria-label={t('gallery.label')}>
      <div id={mainId} className="gallery__main">
        <ResponsiveImage
          key={main?.id ?? 'none'}
          photo={main}
          alt={altFor(main)}
          sizes={MAIN_SIZES}
          priority
        />
      </div>
      {photos.length > 1 ? (
        <ul aria-label={t('gallery.thumbnails')} className="gallery__thumbs">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="gallery__thumb"
                onClick={() => setSelected(index)}
                aria-controls={mainId}
                aria-pressed={index === selected}
                aria-label={t('gallery.show', {
                  index: index + 1,
                  label: t(`pictureLabels.${photo.label}`),
                })}
              >
                <ResponsiveImage photo={photo} alt="" sizes={THUMB_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
