import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhoto, TPropertyType } from '@makazi/contracts/properties';
import { ResponsiveImage } from '../../../components/responsive-image';

export interface OwnerPhotosProps {
  photos: TPhoto[];
  type: TPropertyType;
  title: string;
}

const MAIN_SIZES = '(min-width: 1280px) 620px, (min-width: 900px) 50vw, 100vw';
const SIDE_SIZES = '(min-width: 900px) 140px, 25vw';
const ALL_SIZES = '(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw';
/**
 * Side pictures beside the main one on a house for sale, whose eight required photos would crowd
 * the column; 'View More Pictures' shows them all. The other types show every photo at the side.
 */
const HOUSE_SIDE_PICTURES = 4;

/** The cover first (the front photo of land and houses, as the cards show), then the rest in order. */
function coverFirst(photos: TPhoto[], type: TPropertyType): TPhoto[] {
  if (type !== 'Land' && type !== 'HouseForSale') return photos;
  const front = photos.find((photo) => photo.label === 'picha_mbele');
  return front ? [front, ...photos.filter((photo) => photo !== front)] : photos;
}

/**
 * Spec 2's owner pages: a main picture and side pictures (choosing one shows it as the main), and
 * on a house for sale the 'View More Pictures' / 'View Previous Picture' toggle between that view
 * and every photo at once.
 */
export function OwnerPhotos({ photos, type, title }: OwnerPhotosProps) {
  const { t } = useTranslation('posts');
  const { t: tDetail } = useTranslation('detail');
  const [selected, setSelected] = useState(0);
  const [showAll, setShowAll] = useState(false);
  const mainId = useId();
  const ordered = coverFirst(photos, type);
  const sideCount = type === 'HouseForSale' ? 1 + HOUSE_SIDE_PICTURES : ordered.length;
  const side = ordered.length > 1 ? ordered.slice(0, sideCount) : [];
  const hasMore = type === 'HouseForSale' && ordered.length > side.length;
  const main = ordered[selected] ?? ordered[0];
  const label = (photo: TPhoto) => tDetail(`pictureLabels.${photo.label}`);
  const altFor = (photo: TPhoto | undefined) =>
    photo ? t('owner.photos.photoAlt', { label: label(photo), title }) : title;

  return (
    <section aria-label={t('owner.photos.label')} className="owner-photos">
      {showAll ? (
        <ul aria-label={t('owner.photos.all')} className="owner-photos__all">
          {ordered.map((photo) => (
            <li key={photo.id}>
              <figure>
                <div className="owner-photos__frame">
                  <ResponsiveImage photo={photo} alt={altFor(photo)} sizes={ALL_SIZES} />
                </div>
                <figcaption className="text-secondary">{label(photo)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <div className="owner-photos__view">
          <div id={mainId} className="owner-photos__main">
            <ResponsiveImage
              key={main?.id ?? 'none'}
              photo={main}
              alt={altFor(main)}
              sizes={MAIN_SIZES}
              priority
            />
          </div>
          {side.length > 0 ? (
            <ul aria-label={t('owner.photos.side')} className="owner-photos__side">
              {side.map((photo, index) => (
                <li key={photo.id}>
                  <button
                    type="button"
                    className="owner-photos__thumb"
                    onClick={() => setSelected(index)}
                    aria-controls={mainId}
                    aria-pressed={index === selected}
                    aria-label={t('owner.photos.show', { index: index + 1, label: label(photo) })}
                  >
                    <ResponsiveImage photo={photo} alt="" sizes={SIDE_SIZES} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
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
