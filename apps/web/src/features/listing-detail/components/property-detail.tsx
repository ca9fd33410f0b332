import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPropertyAddress } from '@makazi/contracts/property-values';
import type { TProperty } from '@makazi/contracts/properties';
import { formatTzs } from '../../../lib/format';
import { ContactRevealSlot } from './contact-reveal';
import { Gallery } from './gallery';
import './listing-detail.css';

export interface PropertyDetailProps {
  property: TProperty;
  /** The contact control the app composes for this listing: View Contacts behind the subscription guard. */
  renderContacts?: (property: TProperty) => ReactNode;
}

interface Field {
  key: string;
  label: string;
  value: string;
}

function useTypeFields(property: TProperty): Field[] {
  const { t } = useTranslation('detail');
  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  const yesNo = (available: boolean) =>
    available ? t('fields.available') : t('fields.notAvailable');
  const rooms = (p: { numberOfBedrooms: number; numberOfBathrooms: number }): Field[] => [
    { key: 'bedrooms', label: t('fields.bedrooms'), value: count(p.numberOfBedrooms) },
    { key: 'bathrooms', label: t('fields.bathrooms'), value: count(p.numberOfBathrooms) },
  ];
  const services = (p: {
    distanceFromMainRoad: string;
    isWaterServiceAvailable: boolean;
    isElectricityServiceAvailable: boolean;
  }): Field[] => [
    {
      key: 'distance',
      label: t('fields.distance'),
      value: p.distanceFromMainRoad || t('fields.none'),
    },
    { key: 'water', label: t('fields.water'), value: yesNo(p.isWaterServiceAvailable) },
    {
      key: 'electricity',
      label: t('fields.electricity'),
      value: yesNo(p.isElectricityServiceAvailable),
    },
  ];

  switch (property.type) {
    case 'Rent':
      return [
        ...rooms(property),
        {
          key: 'leaseTerm',
          label: t('fields.leaseTerm'),
          value: t('fields.months', { count: property.leaseTerm }),
        },
      ];
    case 'Land':
      return [
        {
          key: 'lotWidth',
          label: t('fields.lotWidth'),
          value: t('fields.metres', { value: count(property.lotWidth) }),
        },
        {
          key: 'lotLength',
          label: t('fields.lotLength'),
          value: t('fields.metres', { value: count(property.lotLength) }),
        },
        {
          key: 'lotStatus',
          label: t('fields.lotStatus'),
          value: property.lotStatus || t('fields.none'),
        },
        ...services(property),
      ];
    case 'Apartment': {
      const term = property.appartmentPriceTerm.trim();
      // The term is free text; a bare number is a count of months (spec 3).
      const value = /^\d+$/.test(term)
        ? t('fields.months', { count: Number(term) })
        : term || t('fields.none');
      return [...rooms(property), { key: 'priceTerm', label: t('fields.priceTerm'), value }];
    }
    case 'HouseForSale':
      return [
        ...rooms(property),
        {
          key: 'squareFootage',
          label: t('fields.squareFootage'),
          value:
            property.squareFootage === null
              ? t('fields.none')
              : t('fields.squareMetres', { value: count(property.squareFootage) }),
        },
        ...services(property),
      ];
  }
}

export function PropertyDetail({ property, renderContacts }: PropertyDetailProps) {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  // The page's clock for the Promoted badge, read once (the route remounts the page per listing).
  const [now] = useState(Date.now);
  // A running promotion ends in the future; null, a past end or an unreadable date shows no badge.
  const promoted =
    property.promotionEndDate !== null && Date.parse(property.promotionEndDate) > now;
  const typeFields = useTypeFields(property);
  const title = property.title.trim() || t('fields.noTitle');
  const address = formatPropertyAddress(property.propertyAddress);

  const fields: Field[] = [
    { key: 'type', label: t('fields.type'), value: tCommon(`types.${property.type}`) },
    { key: 'address', label: t('fields.address'), value: address || t('fields.none') },
    ...typeFields,
    { key: 'owner', label: t('fields.owner'), value: property.ownerName || t('fields.none') },
  ];

  return (
    <article data-testid="property-detail" data-type={property.type} className="property-detail">
      <Gallery photos={property.photos} title={title} />
      <div className="property-detail__side">
        <div>
          <div className="property-detail__chips">
            <span className="property-detail__chip">{tCommon(`types.${property.type}`)}</span>
            {promoted ? (
              <span className="property-detail__promoted" data-testid="promoted-badge">
                {t('promoted')}
              </span>
            ) : null}
          </div>
          <h1 className="property-detail__title">{title}</h1>
          <p
            className="property-detail__price"
            data-testid="property-price"
            data-price={property.price}
          >
            {formatTzs(property.price)}
            {property.type === 'Rent' ? (
              <span className="property-detail__per text-secondary">
                {' '}
                {tCommon('price.perMonth')}
              </span>
            ) : null}
          </p>
        </div>

        <ContactRevealSlot>{renderContacts?.(property)}</ContactRevealSlot>

        <section aria-labelledby="detail-fields-heading">
          <h2 id="detail-fields-heading" className="property-detail__heading">
            {t('fields.heading')}
          </h2>
          <dl className="property-detail__fields">
            {fields.map((field) => (
              <div key={field.key} style={{ display: 'contents' }} data-field={field.key}>
                <dt>{field.label}</dt>
                <dd className="property-detail__value">{field.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="detail-description-heading">
          <h2 id="detail-description-heading" className="property-detail__heading">
            {t('fields.description')}
          </h2>
          <p className="property-detail__description">
            {property.description.trim() || t('fields.none')}
          </p>
        </section>
      </div>
    </article>
  );
}
