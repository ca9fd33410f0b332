import { useTranslation } from 'react-i18next';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { formatPropertyAddress } from '@makazi/contracts/property-values';
import { ListingStatus } from '../../../components/listing-status';
import { formatTzs } from '../../../lib/format';
import { useListingFields } from '../hooks/use-listing-fields';
import { OwnerContacts } from './owner-contacts';
import { OwnerPhotos } from './owner-photos';

export interface OwnerListingViewProps {
  property: TViewerProperty;
  /** The signed-in user published it: their status line shows. */
  isOwner: boolean;
}

export function OwnerListingView({ property, isOwner }: OwnerListingViewProps) {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  const fields = useListingFields(property);
  const title = property.title.trim() || t('fields.noTitle');
  // Only the owner view carries the phone; anyone else pays to see it on the public page.
  const phone = property.ownerPhoneNumber?.trim();
  const address = formatPropertyAddress(property.propertyAddress);

  return (
    <article data-testid="owner-listing" data-type={property.type} className="owner-listing">
      <title>{title}</title>
      <OwnerPhotos photos={property.photos} type={property.type} title={title} />
      <div className="owner-listing__side">
        <div>
          <span className="owner-listing__chip">{tCommon(`types.${property.type}`)}</span>
          <h1 className="owner-listing__title">{title}</h1>
          <p className="owner-listing__price" data-testid="property-price">
            {formatTzs(property.price)}
            {property.type === 'Rent' ? (
              <span className="owner-listing__per text-secondary">
                {' '}
                {tCommon('price.perMonth')}
              </span>
            ) : null}
          </p>
          <p className="owner-listing__address text-secondary" data-testid="property-address">
            <span className="owner-listing__sr">{t('fields.address')}: </span>
            {address || t('fields.none')}
          </p>
        </div>

        {isOwner ? (
          <ListingStatus
            status={property.status}
            rejectionReason={property.rejectionReason}
            missingPictureLabels={property.missingPictureLabels}
          />
        ) : null}

        {phone ? <OwnerContacts phone={phone} title={title} /> : null}

        <section aria-labelledby="owner-fields-heading">
          <h2 id="owner-fields-heading" className="owner-listing__heading">
            {t('fields.heading')}
          </h2>
          <dl className="owner-listing__fields">
            {fields.map((field) => (
              <div key={field.key} style={{ display: 'contents' }} data-field={field.key}>
                <dt>{field.label}</dt>
                <dd className="owner-listing__value">{field.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="owner-description-heading">
          <h2 id="owner-description-heading" className="owner-listing__heading">
            {t('fields.description')}
          </h2>
          <p className="owner-listing__description">
            {property.description.trim() || t('fields.none')}
          </p>
        </section>
      </div>
    </article>
  );
}
