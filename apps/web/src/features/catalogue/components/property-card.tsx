import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import type { TProperty } from '@makazi/contracts/properties';
import { FavouriteButton } from '../../../components/favourite-button';
import { PhotoCameraIcon } from '../../../components/icons';
import { ConfirmedAgo, VerifiedPhoneBadge } from '../../../components/listing-freshness';
import { ListingPrice } from '../../../components/listing-price';
import { ResponsiveImage } from '../../../components/responsive-image';
import { favouriteListing } from '../../../lib/favourites';
import { cardPhoto } from '../../../lib/listing-photos';
import { useAddressText } from '../../../lib/use-address-text';
import {
  PRICE_TERM_WORDS,
  cardAddress,
  cardOwner,
  cardTitle,
  firstWords,
  pictureCount,
} from '../utils/card-text';
import './property-card.css';

/** Grids show 1–4 columns inside a 1200px container; carousels 1–5 slides. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';

export interface PropertyCardProps {
  property: TProperty;
  /** Heading level of the title inside its section. */
  headingLevel?: 'h2' | 'h3';
  /**
   * The list's clock (ms) for the Promoted badge and 'Confirmed N days ago', so every card judges
   * the same moment.
   */
  now?: number;
  /**
   * The card whose photo is likely the page's largest paint (the first one a phone shows): loaded
   * at once with high priority instead of lazily, which Lighthouse measured at 0.5 s of LCP.
   */
  priority?: boolean;
}

export function PropertyCard({
  property,
  headingLevel = 'h3',
  now,
  priority = false,
}: PropertyCardProps) {
  const { t } = useTranslation('catalogue');
  // Without a list clock, the moment the card mounted.
  const [mountedAt] = useState(Date.now);
  const end = property.promotionEndDate;
  // Running promotions only: a past end, none or an unreadable date shows no badge.
  const promoted = end !== null && Date.parse(end) > (now ?? mountedAt);
  const title = cardTitle(property.title) ?? t('card.noTitle');
  const owner = cardOwner(property.ownerName);
  const addressText = useAddressText();
  const address = cardAddress(addressText(property.propertyAddress));
  const pictures = pictureCount(property);
  const Heading = headingLevel;
  // The card's name: its title, price and address, which tell apart cards of the same title.
  const nameId = useId();
  const titleId = `${nameId}-title`;
  const priceId = `${nameId}-price`;
  const addressId = `${nameId}-address`;

  return (
    // Named, and each differently: a screen reader's list of articles tells the cards apart.
    <article
      data-testid="property-card"
      className="property-card"
      aria-labelledby={`${titleId} ${priceId} ${addressId}`}
    >
      <Link
        to={`/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`}
        // Lets the detail page paint at once; it still fetches by id, so deep links work alone.
        state={{ property }}
        className="property-card__link"
      >
        <div className="property-card__media">
          <ResponsiveImage
            photo={cardPhoto(property)}
            alt={t('card.photoAlt', { title })}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
          />
          {promoted ? (
            <span className="property-card__promoted" data-testid="promoted-badge">
              {t('card.promoted')}
            </span>
          ) : null}
          <span className="property-card__pictures">
            <PhotoCameraIcon />
            <span data-testid="picture-count">{t('card.pictures', { count: pictures })}</span>
          </span>
        </div>
        <div className="property-card__body">
          <Heading
            id={titleId}
            className="property-card__title"
            title={property.title.trim() || undefined}
          >
            {title}
          </Heading>
          <ListingPrice
            id={priceId}
            price={property.price}
            type={property.type}
            className="property-card__price"
          />
          {property.type === 'Apartment' && property.appartmentPriceTerm ? (
            <p className="property-card__line text-secondary">
              {/^\d+$/.test(property.appartmentPriceTerm.trim())
                ? t('card.months', { count: Number(property.appartmentPriceTerm.trim()) })
                : firstWords(property.appartmentPriceTerm, PRICE_TERM_WORDS)}
            </p>
          ) : null}
          <p
            id={addressId}
            className="property-card__line text-secondary"
            data-testid="property-address"
          >
            {address}
          </p>
          <p className="property-card__owner text-secondary" data-testid="property-owner">
            {t('card.owner', { name: owner })}
          </p>
          <p className="property-card__trust text-secondary">
            <ConfirmedAgo confirmedAt={property.confirmedAt} now={now} />
            <VerifiedPhoneBadge verified={property.contactVerified} />
          </p>
        </div>
      </Link>
      {/* Beside the link, not in it: a tap on the heart saves, it does not open the listing. */}
      <FavouriteButton
        listing={favouriteListing(property)}
        variant="icon"
        describedBy={titleId}
        className="property-card__favourite"
      />
    </article>
  );
}
