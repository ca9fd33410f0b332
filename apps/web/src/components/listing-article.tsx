import { useId, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { TChangeableField } from '@makazi/contracts/listings';
import type { TProperty } from '@makazi/contracts/properties';
import { useAddressText } from '../lib/use-address-text';
import { ListingPrice } from './listing-price';
import './listing-article.css';

interface ListingField {
  key: string;
  label: string;
  value: string;
  /** The field of the listing the row shows, as an edit's `changedFields` names it. */
  source?: TChangeableField;
}

export interface ListingArticleProps {
  property: TProperty;
  /** Each page keeps its own test id on the article. */
  testId: string;
  /** The first column: the page's photos. */
  photos: ReactNode;
  /**
   * Where the address stands: a row of the details (the public page), or under the price (the
   * owner's page, who checks where their listing shows before reading the rest).
   */
  address: 'details' | 'heading';
  /** Next to the type chip: the public page's Promoted badge (a `listing-article__chip`). */
  badge?: ReactNode;
  /** Between the price and the details: the contacts, the owner's status line. */
  children?: ReactNode;
  /**
   * The level of the title's heading; the article's sections take the next one. 1 on a page of
   * one listing; 3 where the owner's page shows two versions of it, each under its own heading.
   */
  headingLevel?: 1 | 3;
  /**
   * The fields an edit changed (the owner's page shows the edit awaiting review): each gets a
   * 'Changed' tag in words, not only a colour.
   */
  changedFields?: readonly TChangeableField[];
}

/** Marks a changed row or heading of an edit awaiting review (the owner's page marks its photos). */
export function ChangedTag() {
  const { t } = useTranslation('detail');
  return <span className="listing-article__changed">{t('changed')}</span>;
}

/** The title as shown: a listing saved without one still gets a heading. */
export function useListingTitle(property: TProperty): string {
  const { t } = useTranslation('detail');
  return property.title.trim() || t('fields.noTitle');
}

/** Every field of the listing's type, labelled and formatted for reading. */
function useTypeFields(property: TProperty): ListingField[] {
  const { t } = useTranslation('detail');
  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  const yesNo = (available: boolean) =>
    available ? t('fields.available') : t('fields.notAvailable');
  const text = (value: string) => value.trim() || t('fields.none');
  const rooms = (p: { numberOfBedrooms: number; numberOfBathrooms: number }): ListingField[] => [
    {
      key: 'bedrooms',
      label: t('fields.bedrooms'),
      value: count(p.numberOfBedrooms),
      source: 'numberOfBedrooms',
    },
    {
      key: 'bathrooms',
      label: t('fields.bathrooms'),
      value: count(p.numberOfBathrooms),
      source: 'numberOfBathrooms',
    },
  ];
  const services = (p: {
    distanceFromMainRoad: string;
    isWaterServiceAvailable: boolean;
    isElectricityServiceAvailable: boolean;
  }): ListingField[] => [
    {
      key: 'distance',
      label: t('fields.distance'),
      value: text(p.distanceFromMainRoad),
      source: 'distanceFromMainRoad',
    },
    {
      key: 'water',
      label: t('fields.water'),
      value: yesNo(p.isWaterServiceAvailable),
      source: 'isWaterServiceAvailable',
    },
    {
      key: 'electricity',
      label: t('fields.electricity'),
      value: yesNo(p.isElectricityServiceAvailable),
      source: 'isElectricityServiceAvailable',
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
          source: 'leaseTerm',
        },
      ];
    case 'Land':
      return [
        {
          key: 'lotWidth',
          label: t('fields.lotWidth'),
          value: t('fields.metres', { value: count(property.lotWidth) }),
          source: 'lotWidth',
        },
        {
          key: 'lotLength',
          label: t('fields.lotLength'),
          value: t('fields.metres', { value: count(property.lotLength) }),
          source: 'lotLength',
        },
        {
          key: 'lotStatus',
          label: t('fields.lotStatus'),
          value: text(property.lotStatus),
          source: 'lotStatus',
        },
        ...services(property),
      ];
    case 'Apartment': {
      const term = property.appartmentPriceTerm.trim();
      // The term is free text; a bare number is read as a count of months.
      const value = /^\d+$/.test(term)
        ? t('fields.months', { count: Number(term) })
        : term || t('fields.none');
      return [
        ...rooms(property),
        { key: 'priceTerm', label: t('fields.priceTerm'), value, source: 'appartmentPriceTerm' },
      ];
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
          source: 'squareFootage',
        },
        ...services(property),
      ];
  }
}

/**
 * A listing as its page shows it, the public detail page and the owner's alike (one set of words,
 * the eagerly loaded 'detail' namespace, so the owner reads their listing as visitors will): the
 * photos, then a column with the type, title, price, what the page adds, every field of the type
 * and the description. From 900px the column stands beside the photos.
 */
export function ListingArticle({
  property,
  testId,
  address,
  headingLevel = 1,
  changedFields = [],
  ...slots
}: ListingArticleProps) {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  const typeFields = useTypeFields(property);
  const title = useListingTitle(property);
  const fieldsId = useId();
  const descriptionId = useId();
  const typeName = tCommon(`types.${property.type}`);
  const formatAddress = useAddressText();
  const addressText = formatAddress(property.propertyAddress) || t('fields.none');
  const Title = headingLevel === 1 ? 'h1' : 'h3';
  const Heading = headingLevel === 1 ? 'h2' : 'h4';
  const changed = (field: TChangeableField | undefined) =>
    field !== undefined && changedFields.includes(field);

  const fields: ListingField[] = [
    { key: 'type', label: t('fields.type'), value: typeName },
    ...(address === 'details'
      ? [
          {
            key: 'address',
            label: t('fields.address'),
            value: addressText,
            source: 'propertyAddress' as const,
          },
        ]
      : []),
    ...typeFields,
    {
      key: 'owner',
      label: t('fields.owner'),
      value: property.ownerName.trim() || t('fields.none'),
      source: 'ownerName',
    },
  ];

  return (
    <article data-testid={testId} data-type={property.type} className="listing-article">
      {slots.photos}
      <div className="listing-article__side">
        <div>
          <div className="listing-article__chips">
            <span className="listing-article__chip">{typeName}</span>
            {slots.badge}
          </div>
          <Title className="listing-article__title">{title}</Title>
          {changed('title') ? <ChangedTag /> : null}
          <ListingPrice
            price={property.price}
            type={property.type}
            className="listing-article__price"
          />
          {changed('price') ? <ChangedTag /> : null}
          {address === 'heading' ? (
            <p className="listing-article__address text-secondary" data-testid="property-address">
              <span className="listing-article__sr">{t('fields.address')}: </span>
              {addressText}
              {changed('propertyAddress') ? (
                <>
                  {' '}
                  <ChangedTag />
                </>
              ) : null}
            </p>
          ) : null}
        </div>

        {slots.children}

        <section aria-labelledby={fieldsId}>
          <Heading id={fieldsId} className="listing-article__heading">
            {t('fields.heading')}
          </Heading>
          <dl className="listing-article__fields">
            {fields.map((field) => (
              <div key={field.key} style={{ display: 'contents' }} data-field={field.key}>
                <dt>{field.label}</dt>
                <dd className="listing-article__value">
                  {field.value}
                  {changed(field.source) ? (
                    <>
                      {' '}
                      <ChangedTag />
                    </>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby={descriptionId}>
          <Heading id={descriptionId} className="listing-article__heading">
            {t('fields.description')}
          </Heading>
          {changed('description') ? <ChangedTag /> : null}
          <p className="listing-article__description">
            {property.description.trim() || t('fields.none')}
          </p>
        </section>
      </div>
    </article>
  );
}
