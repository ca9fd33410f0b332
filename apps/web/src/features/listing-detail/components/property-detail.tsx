import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TProperty } from '@makazi/contracts/properties';
import { FavouriteButton } from '../../../components/favourite-button';
import { ListingArticle, useListingTitle } from '../../../components/listing-article';
import { ConfirmedAgo, VerifiedPhoneBadge } from '../../../components/listing-freshness';
import { PhotoGallery } from '../../../components/photo-gallery';
import { favouriteListing } from '../../../lib/favourites';
import { ContactRevealSlot } from './contact-reveal';
import { PriceInsight } from './price-insight';
import { ReportListing } from './report-listing';
import { ShareListing } from './share-listing';

export interface PropertyDetailProps {
  property: TProperty;
  /** The contact control the app composes for this listing: View Contacts behind the subscription guard. */
  renderContacts?: (property: TProperty) => ReactNode;
}

export function PropertyDetail({ property, renderContacts }: PropertyDetailProps) {
  const { t } = useTranslation('detail');
  // The page's clock for the Promoted badge, read once (the route remounts the page per listing).
  const [now] = useState(Date.now);
  // A running promotion ends in the future; null, a past end or an unreadable date shows no badge.
  const promoted =
    property.promotionEndDate !== null && Date.parse(property.promotionEndDate) > now;
  const title = useListingTitle(property);

  return (
    <ListingArticle
      property={property}
      testId="property-detail"
      address="details"
      photos={
        <section aria-label={t('gallery.label')}>
          <PhotoGallery
            photos={property.photos}
            title={title}
            thumbnailsLabel={t('gallery.thumbnails')}
          />
        </section>
      }
      badge={
        promoted ? (
          <span
            className="listing-article__chip listing-article__chip--dark"
            data-testid="promoted-badge"
          >
            {t('promoted')}
          </span>
        ) : null
      }
    >
      <p className="detail-trust text-secondary" data-testid="listing-freshness">
        <ConfirmedAgo confirmedAt={property.confirmedAt} />
        <VerifiedPhoneBadge verified={property.contactVerified} />
      </p>
      {/*
       * Reaching the owner is what the page is for: its control comes first, right under the price
       * and how fresh the listing is, before saving and sharing and before the price guide, so on
       * a phone it is in the first screen (issue 41).
       */}
      <ContactRevealSlot>{renderContacts?.(property)}</ContactRevealSlot>
      <div className="detail-actions">
        <FavouriteButton listing={favouriteListing(property)} variant="labelled" />
        <ShareListing property={property} />
      </div>
      <PriceInsight property={property} />
      <ReportListing property={property} />
    </ListingArticle>
  );
}
