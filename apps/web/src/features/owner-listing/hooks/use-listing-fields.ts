import { useTranslation } from 'react-i18next';
import type { TProperty } from '@makazi/contracts/properties';

export interface ListingField {
  key: string;
  label: string;
  value: string;
}

/**
 * The listing's type and every field of its type (spec 3), labelled with the public detail page's words (the
 * eagerly loaded 'detail' namespace), so the owner reads their listing as visitors will.
 */
export function useListingFields(property: TProperty): ListingField[] {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  const yesNo = (available: boolean) =>
    available ? t('fields.available') : t('fields.notAvailable');
  const text = (value: string) => value.trim() || t('fields.none');
  const rooms = (p: { numberOfBedrooms: number; numberOfBathrooms: number }): ListingField[] => [
    { key: 'bedrooms', label: t('fields.bedrooms'), value: count(p.numberOfBedrooms) },
    { key: 'bathrooms', label: t('fields.bathrooms'), value: count(p.numberOfBathrooms) },
  ];
  const services = (p: {
    distanceFromMainRoad: string;
    isWaterServiceAvailable: boolean;
    isElectricityServiceAvailable: boolean;
  }): ListingField[] => [
    { key: 'distance', label: t('fields.distance'), value: text(p.distanceFromMainRoad) },
    { key: 'water', label: t('fields.water'), value: yesNo(p.isWaterServiceAvailable) },
    {
      key: 'electricity',
      label: t('fields.electricity'),
      value: yesNo(p.isElectricityServiceAvailable),
    },
  ];

  let typeFields: ListingField[];
  switch (property.type) {
    case 'Rent':
      typeFields = [
        ...rooms(property),
        {
          key: 'leaseTerm',
          label: t('fields.leaseTerm'),
          value: t('fields.months', { count: property.leaseTerm }),
        },
      ];
      break;
    case 'Land':
      typeFields = [
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
        { key: 'lotStatus', label: t('fields.lotStatus'), value: text(property.lotStatus) },
        ...services(property),
      ];
      break;
    case 'Apartment': {
      const term = property.appartmentPriceTerm.trim();
      // The term is free text; a bare number is a count of months (spec 3).
      const value = /^\d+$/.test(term)
        ? t('fields.months', { count: Number(term) })
        : term || t('fields.none');
      typeFields = [...rooms(property), { key: 'priceTerm', label: t('fields.priceTerm'), value }];
      break;
    }
    case 'HouseForSale':
      typeFields = [
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
      break;
  }

  return [
    { key: 'type', label: t('fields.type'), value: tCommon(`types.${property.type}`) },
    ...typeFields,
    { key: 'owner', label: t('fields.owner'), value: text(property.ownerName) },
  ];
}
