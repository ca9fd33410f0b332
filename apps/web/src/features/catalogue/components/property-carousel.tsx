import { useCallback, useId, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { ErrorNotice } from '../../../components/error-notice';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useCarouselProperties } from '../api/properties';
import { scrollEnds, slideStep } from '../utils/carousel';
import { PropertyCard } from './property-card';
import './property-carousel.css';

/*
 * A CSS scroll-snap carousel: a list that scrolls sideways, laid out by the stylesheet (slides
 * per view by screen width, utils/carousel.ts), so the server-rendered page has its final layout
 * and scrolls by touch, trackpad and keyboard with JavaScript off. Script only adds the arrows'
 * behaviour. A card link that takes keyboard focus is scrolled into view by the browser.
 */

export interface PropertyCarouselProps {
  type: TPropertyType;
  /** The page's first carousel: its first slide's photo loads at once (PropertyCard priority). */
  first?: boolean;
  /** Only the listings of the type this search finds; "See all" opens the same search. */
  search?: string;
  /** The heading, when it is not the type's own (for a search, what it is for). */
  heading?: string;
}

/** Which ends of the list are in view, as bits: AT_START | AT_END. */
const AT_START = 1;
const AT_END = 2;
/**
 * Before the list is measured: on the server, at hydration (which must render what the server
 * did) and with JavaScript off, where the arrows do nothing, both arrows are disabled.
 */
const UNMEASURED = AT_START | AT_END;

function endsOf(track: HTMLElement | null): number {
  if (!track) return UNMEASURED;
  const { atStart, atEnd } = scrollEnds(track);
  return (atStart ? AT_START : 0) | (atEnd ? AT_END : 0);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function PropertyCarousel({ type, first = false, search, heading }: PropertyCarouselProps) {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  const trackId = useId();
  const query = useCarouselProperties(type, search);
  const [track, setTrack] = useState<HTMLUListElement | null>(null);
  const listPath =
    search === undefined
      ? `/${PROPERTY_TYPE_SLUGS[type]}`
      : `/${PROPERTY_TYPE_SLUGS[type]}?${new URLSearchParams({ search }).toString()}`;
  const properties = query.data ?? [];
  // Read again on every render too, so new listings (a wider list, same scroll position) count.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!track) return () => {};
      track.addEventListener('scroll', onChange, { passive: true });
      window.addEventListener('resize', onChange, { passive: true });
      return () => {
        track.removeEventListener('scroll', onChange);
        window.removeEventListener('resize', onChange);
      };
    },
    [track],
  );
  const ends = useSyncExternalStore(
    subscribe,
    () => endsOf(track),
    () => UNMEASURED,
  );
  const atStart = (ends & AT_START) !== 0;
  const atEnd = (ends & AT_END) !== 0;

  const scrollBySlide = (direction: -1 | 1) => {
    const [firstSlide, secondSlide] = track?.children ?? [];
    if (!track || !firstSlide || !secondSlide) return;
    if (direction < 0 ? atStart : atEnd) return;
    track.scrollBy({
      left: slideStep(
        firstSlide.getBoundingClientRect(),
        secondSlide.getBoundingClientRect(),
        direction,
      ),
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  return (
    <section aria-labelledby={headingId} data-testid={`carousel-${type}`} className="carousel">
      <div className="carousel__head">
        <h2 id={headingId} className="carousel__title">
          <Link to={listPath}>{heading ?? t(`carousels.${type}`)}</Link>
        </h2>
        {properties.length > 1 ? (
          <>
            {/* aria-disabled, not disabled: a button pressed to the end keeps the keyboard focus. */}
            <button
              type="button"
              className="icon-btn carousel__arrow"
              aria-label={t('carousel.previous')}
              aria-controls={trackId}
              aria-disabled={atStart}
              onClick={() => scrollBySlide(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-btn carousel__arrow"
              aria-label={t('carousel.next')}
              aria-controls={trackId}
              aria-disabled={atEnd}
              onClick={() => scrollBySlide(1)}
            >
              <ChevronRightIcon />
            </button>
          </>
        ) : null}
        <Link to={listPath} className="btn btn--small">
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
        <ul ref={setTrack} id={trackId} aria-labelledby={headingId} className="carousel__track">
          {properties.map((property, index) => (
            <li key={property.id} className="carousel__slide">
              <PropertyCard property={property} priority={first && index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
