import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Keyboard } from 'swiper/modules';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/properties';
import { ErrorNotice } from '../../../components/error-notice';
import { useCarouselProperties } from '../api/get-properties';
import { PropertyCard } from './property-card';

/*
 * Spec 9 gives the carousel widths as "up to" (max-width) limits: 1 centred slide up to 480,
 * 2 up to 768, 3 up to 1024 and 1280, 5 up to 1480, 4 above. Swiper's breakpoint keys are
 * min-widths, so each limit becomes the key one pixel above the previous one.
 */
export const CAROUSEL_BREAKPOINTS: Record<number, SwiperOptions> = {
  481: { slidesPerView: 2, centeredSlides: false },
  769: { slidesPerView: 3, centeredSlides: false },
  1025: { slidesPerView: 3, centeredSlides: false },
  1281: { slidesPerView: 5, centeredSlides: false },
  1481: { slidesPerView: 4, centeredSlides: false },
};
const MAX_SLIDES_PER_VIEW = 5;

export interface PropertyCarouselProps {
  type: TPropertyType;
}

export function PropertyCarousel({ type }: PropertyCarouselProps) {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  const query = useCarouselProperties(type);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const slug = PROPERTY_TYPE_SLUGS[type];
  const properties = query.data ?? [];
  // Swiper's loop clones slides and needs more of them than fit on screen.
  const loop = properties.length > MAX_SLIDES_PER_VIEW;

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`carousel-${type}`}
      sx={{ py: 4 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography id={headingId} component="h2" variant="h2" sx={{ flex: 1 }}>
          <Box
            component={Link}
            to={`/${slug}`}
            sx={{ color: 'inherit', textDecorationColor: 'rgba(0,0,0,0.3)' }}
          >
            {t(`carousels.${type}`)}
          </Box>
        </Typography>
        {properties.length > 1 ? (
          <>
            <IconButton
              aria-label={t('carousel.previous')}
              onClick={() => swiper?.slidePrev()}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label={t('carousel.next')}
              onClick={() => swiper?.slideNext()}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ChevronRight />
            </IconButton>
          </>
        ) : null}
        <Button component={Link} to={`/${slug}`} size="small">
          {t('home.seeAll')}
        </Button>
      </Box>

      {query.isPending ? (
        <Box
          aria-busy="true"
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {[0, 1, 2].map((index) => (
            <Skeleton
              key={index}
              variant="rounded"
              sx={{
                height: 'auto',
                aspectRatio: '3 / 4',
                display: {
                  xs: index === 0 ? 'block' : 'none',
                  sm: index < 2 ? 'block' : 'none',
                  md: 'block',
                },
              }}
            />
          ))}
        </Box>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : properties.length === 0 ? (
        <Typography color="text.secondary">{t('carousel.empty')}</Typography>
      ) : (
        <Swiper
          modules={[A11y, Keyboard]}
          onSwiper={setSwiper}
          slidesPerView={1}
          centeredSlides
          spaceBetween={16}
          breakpoints={CAROUSEL_BREAKPOINTS}
          loop={loop}
          speed={500}
          keyboard={{ enabled: true, onlyInViewport: true }}
          watchSlidesProgress
        >
          {properties.map((property) => (
            <SwiperSlide key={property.id} style={{ height: 'auto' }}>
              <PropertyCard property={property} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </Box>
  );
}
