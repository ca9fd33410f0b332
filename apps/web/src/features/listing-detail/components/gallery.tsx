import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { TPhoto } from '@makazi/contracts/properties';
import { ResponsiveImage } from '../../../components/responsive-image';

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
    <Box component="section" aria-label={t('gallery.label')}>
      <Box
        id={mainId}
        sx={{ aspectRatio: '4 / 3', borderRadius: 1, overflow: 'hidden', bgcolor: '#EEE8D5' }}
      >
        <ResponsiveImage
          key={main?.id ?? 'none'}
          photo={main}
          alt={altFor(main)}
          sizes={MAIN_SIZES}
          priority
        />
      </Box>
      {photos.length > 1 ? (
        <Box
          component="ul"
          aria-label={t('gallery.thumbnails')}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 2,
            p: 0,
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            pb: 1,
          }}
        >
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <ButtonBase
                onClick={() => setSelected(index)}
                aria-controls={mainId}
                aria-pressed={index === selected}
                aria-label={t('gallery.show', {
                  index: index + 1,
                  label: t(`pictureLabels.${photo.label}`),
                })}
                sx={{
                  display: 'block',
                  width: 88,
                  aspectRatio: '4 / 3',
                  borderRadius: 1,
                  overflow: 'hidden',
                  border: 3,
                  borderColor: index === selected ? 'primary.main' : 'transparent',
                }}
              >
                <ResponsiveImage photo={photo} alt="" sizes={THUMB_SIZES} />
              </ButtonBase>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
