import type { TPropertyType } from '@makazi/contracts/property-values';

/** The order of the home carousels: Rent, Apartment, Land, HouseForSale. */
export const HOME_CAROUSEL_TYPES: readonly TPropertyType[] = [
  'Rent',
  'Apartment',
  'Land',
  'HouseForSale',
];

/** The home type filter's choices after All Types, in the product's order (not PROPERTY_TYPES'). */
export const TYPE_FILTER_TYPES: readonly TPropertyType[] = [
  'Land',
  'Rent',
  'HouseForSale',
  'Apartment',
];
