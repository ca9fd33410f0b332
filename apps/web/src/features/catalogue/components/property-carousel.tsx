import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
// A11y moves the carousel to a card that receives keyboard focus and lets Tab leave a looped carousel.
import { A11y, Keyboard } from 'swiper/modules';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { ErrorNotice } from '../../../components/error-notice';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useCarouselProperties } from '../api/properties';
import { PropertyCard } from './property-card';
import './property-carousel.css';

/*
 * The carousel widths are "up to" (max-width) limits: 1 centred slide up to 480,
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
  /** The page's first carousel: its first slide's photo loads at once (PropertyCard priority). */
  first?: boolean;
}

export function PropertyCarousel({ type, first = false }: PropertyCarouselProps) {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  const query = useCarouselProperties(type);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const slug = PROPERTY_TYPE_SLUGS[type];
  const properties = query.data ?? [];
  // Swiper's loop clones slides and needs more of them than fit on screen.
  const loop = properties.length > MAX_SLIDES_PER_VIEW;

  return (
    <section aria-labelledby={headingId} data-testid={`carousel-${type}`} className="carousel">
      <div className="carousel__head">
        <h2 id={headingId} className="carousel__title">
          <Link to={`/${slug}`}>{t(`carousels.${type}`)}</Link>
        </h2>
        {properties.length > 1 ? (
          <>
            <button
              type="button"
              className="icon-btn carousel__arrow"
              aria-label={t('carousel.previous')}
              onClick={() => swiper?.slidePrev()}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-btn carousel__arrow"
              aria-label={t('carousel.next')}
              onClick={() => swiper?.slideNext()}
            >
              <ChevronRightIcon />
            </button>
          </>
        ) : null}
        <Link to={`/${slug}`} className="btn btn--small">
          {t('home.seeAll')}
        </Link>
      </div>

      {query.isPending ? (
        <div aria-busy="true" className="carousel__placeholders">
          {[0, 1, 2].map((index) => (
            <span key={index} className="skeleton carousel__placeholder" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : properties.length === 0 ? (
        <p className="text-secondary">{t('carousel.empty')}</p>
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
          {properties.map((property, index) => (
            <SwiperSlide key={property.id}>
              <PropertyCard property={property} priority={first && index === 0} />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </section>
  );
}
