import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TTakenListing } from '@makazi/contracts/properties';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/listing-not-found.css';

export interface ListingTakenProps {
  listing: TTakenListing;
  /** Listings like it (its type, in its district), as the app composes them. */
  renderSimilar?: (listing: TTakenListing) => ReactNode;
}

/**
 * A listing its owner marked rented or sold, opened from a favourite, a share or an alert: says
 * what happened instead of "not found", which reads as if it never existed or was a scam, and
 * offers what the visitor came for next.
 */
export function ListingTaken({ listing, renderSimilar }: ListingTakenProps) {
  const { t } = useTranslation('detail');
  const title = t(`taken.title.${listing.type}`);
  return (
    <>
      <div role="status" data-testid="listing-taken" className="listing-not-found">
        <title>{title}</title>
        <h1>{title}</h1>
        <p className="listing-not-found__text">
          {t('taken.text', { title: listing.title.trim() || t('fields.noTitle') })}
        </p>
        <Link to={`/${PROPERTY_TYPE_SLUGS[listing.type]}`} className="btn listing-not-found__link">
          {t(`taken.browse.${listing.type}`)}
        </Link>
      </div>
      {renderSimilar?.(listing)}
    </>
  );
}
